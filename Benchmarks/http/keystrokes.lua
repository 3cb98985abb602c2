-- wrk script: each request is one keystroke prefix (1-8 characters) of a typed ingredient name,
-- cycling through every prefix of the names in the list, as a front end's autocomplete sends them.
local names = {
  "garlic", "onion", "olive oil", "butter", "black pepper", "tomato", "lemon", "chicken breast",
  "parmesan", "basil", "ginger", "cumin", "red onion", "coriander", "soy sauce", "brown sugar",
  "cinnamon", "green bell pepper", "coconut milk", "mushroom", "spinach", "paprika", "rice", "egg",
}
local prefixes = {}
for _, name in ipairs(names) do
  for i = 1, math.min(#name, 8) do
    prefixes[#prefixes + 1] = name:sub(1, i):gsub(" ", "%%20")
  end
end
local i = 0
request = function()
  i = i % #prefixes + 1
  return wrk.format("GET", "/v1/suggest?q=" .. prefixes[i] .. "&limit=10")
end
-- LARDER_PAUSE_MS: each connection waits this long between keystrokes (typing pace, not a flood).
local pause = tonumber(os.getenv("LARDER_PAUSE_MS") or "")
if pause then
  delay = function() return pause end
end
