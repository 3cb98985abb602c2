-- wrk script: distinct all-of searches as the web page's search screen sends them (2-3
-- ingredients drawn by popularity, diet and time filters, sort orders, next-page cursors),
-- read from the file REQUESTS names (one path a line), written by recipes-mixed.py, which says
-- how they were drawn:
--   Benchmarks/http/recipes-mixed.py INDEX.sqlite /tmp/mixed.txt
--   REQUESTS=/tmp/mixed.txt wrk -t1 -c8 -d10s --latency -s Benchmarks/http/recipes-mixed.lua URL
-- Each wrk thread replays the list in order from its own offset, so with more paths than the
-- server's page cache holds a request is (almost) always a cache miss.
local paths = {}
for line in io.lines(os.getenv("REQUESTS") or "/tmp/recipes-mixed.txt") do
  if line ~= "" then paths[#paths + 1] = line end
end
local i = 0
local threads = 0
setup = function(thread)
  thread:set("start", threads * 997)
  threads = threads + 1
end
init = function()
  i = (tonumber(start) or 0) % #paths
end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
