-- wrk script: POST /v1/admin/reload back to back (each reload opens the index file again and
-- loads its snapshot). Environment: LARDER_ADMIN_TOKEN (an admin profile's token).
local token = os.getenv("LARDER_ADMIN_TOKEN")
request = function()
  return wrk.format("POST", "/v1/admin/reload", { ["Authorization"] = "Bearer " .. token })
end
