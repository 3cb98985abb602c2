-- wrk script: profiles' apps saving and removing favorites in turn, back to back (every request
-- is a write that reaches the disk: saving an already saved recipe would change nothing). Run
-- one connection a thread (-t N -c N): each thread takes its own recipes, so no two connections
-- touch the same favorite. The first DELETE of a run may find nothing (404): wrk asks for one
-- request before it starts sending.
-- Environment: LARDER_TOKEN (a user profile's token), LARDER_RECIPE_IDS (comma-separated ids).
local threads = 0
setup = function(thread)
  thread:set("first", threads)
  threads = threads + 1
end

local token = os.getenv("LARDER_TOKEN")
local ids = {}
for id in string.gmatch(os.getenv("LARDER_RECIPE_IDS") or "", "[^,]+") do ids[#ids + 1] = id end
local i = 0
request = function()
  i = i + 1
  -- Thread t uses ids t+1, t+1+8, t+1+16, ... (at most 8 threads), wrapping within the
  -- largest multiple of 8 ids, so that no two threads ever share one: wrapping over all of
  -- them (50 ids from a search) let thread 0 and thread 2 meet on the same favorite, a
  -- DELETE then finding it gone (the non-2xx at 8 connections).
  local usable = #ids - #ids % 8
  if usable == 0 then usable = #ids end
  local slot = (math.floor((i - 1) / 2) * 8 + (first or 0)) % usable + 1
  local id = ids[slot]
  local headers = { ["Authorization"] = "Bearer " .. token }
  if i % 2 == 1 then
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "/v1/me/favorites", headers, '{"recipeId":"' .. id .. '"}')
  end
  return wrk.format("DELETE", "/v1/me/favorites/" .. id, headers)
end
