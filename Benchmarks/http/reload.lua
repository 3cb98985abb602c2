-- wrk script: POST /v1/admin/reload back to back (each reload opens the index file again and
-- loads its snapshot). Environment: LARDER_ADMIN_TOKEN (an admin profile's token).
-- LARDER_RELOAD_SWAP="INDEX|OTHER" (optional): before each reload, the files at INDEX and OTHER
-- (two builds of one corpus, so two generations) trade places by rename, as a rebuild renames a
-- new file over the index: every reload then finds a new file and loads it whole, instead of
-- finding the file it serves unchanged.
local token = os.getenv("LARDER_ADMIN_TOKEN")
local swap = os.getenv("LARDER_RELOAD_SWAP")
local index, other
if swap and swap ~= "" then
  index, other = swap:match("^(.-)|(.*)$")
end
request = function()
  if index then
    assert(os.rename(index, index .. ".swap"))
    assert(os.rename(other, index))
    assert(os.rename(index .. ".swap", other))
  end
  return wrk.format("POST", "/v1/admin/reload", { ["Authorization"] = "Bearer " .. token })
end
