-- wrk script: profiles' apps saving and removing favorites in turn, back to back (every request
-- is a write that reaches the disk: saving an already saved recipe would change nothing). Run
-- one connection a thread (-t N -c N): each thread takes its own recipes, so no two connections
-- touch the same favorite. The first DELETE of a run may find nothing (404): wrk asks for one
-- request before it starts sending. At the end it prints the statuses that were not 2xx, as
-- `statuses: 404=1 503=2` (`statuses: none` when every answer was 2xx).
-- Environment: LARDER_TOKENS (comma-separated tokens of user profiles: thread t writes as
-- profile t mod their number; or LARDER_TOKEN, one profile for all), LARDER_RECIPE_IDS
-- (comma-separated ids), LARDER_WRITERS (the number of threads, default 8).
local threads = {}
setup = function(thread)
  thread:set("first", #threads)
  threads[#threads + 1] = thread
end

local tokens = {}
for token in string.gmatch(os.getenv("LARDER_TOKENS") or os.getenv("LARDER_TOKEN") or "", "[^,]+") do
  tokens[#tokens + 1] = token
end
local writers = tonumber(os.getenv("LARDER_WRITERS") or "8")
local ids = {}
for id in string.gmatch(os.getenv("LARDER_RECIPE_IDS") or "", "[^,]+") do ids[#ids + 1] = id end
local i = 0
request = function()
  i = i + 1
  -- Thread t uses ids t+1, t+1+W, t+1+2W, ... (W threads), wrapping within the largest
  -- multiple of W ids, so that no two threads ever share one: wrapping over all of them let
  -- two threads meet on the same favorite, a DELETE then finding it gone.
  local usable = #ids - #ids % writers
  if usable == 0 then usable = #ids end
  local slot = (math.floor((i - 1) / 2) * writers + (first or 0)) % usable + 1
  local id = ids[slot]
  local token = tokens[(first or 0) % #tokens + 1]
  local headers = { ["Authorization"] = "Bearer " .. token }
  if i % 2 == 1 then
    headers["Content-Type"] = "application/json"
    return wrk.format("POST", "/v1/me/favorites", headers, '{"recipeId":"' .. id .. '"}')
  end
  return wrk.format("DELETE", "/v1/me/favorites/" .. id, headers)
end

-- Statuses that were not 2xx, counted per thread and summed at the end.
failed = {}
response = function(status, headers, body)
  if status < 200 or status > 299 then failed[status] = (failed[status] or 0) + 1 end
end

done = function(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("failed") or {}) do
      total[status] = (total[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(total) do parts[#parts + 1] = status .. "=" .. count end
  table.sort(parts)
  io.write("statuses: " .. (#parts > 0 and table.concat(parts, " ") or "none") .. "\n")
end
