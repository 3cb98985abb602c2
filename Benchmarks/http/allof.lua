-- wrk script: all-of searches of 2-3 common ingredients, as the front ends send them.
local queries = {
  "with=garlic&with=onion", "with=salt&with=butter", "with=olive%20oil&with=garlic&with=onion",
  "with=sugar&with=butter", "with=egg&with=flour", "with=salt&with=onion&with=garlic",
}
local i = 0
request = function()
  i = i % #queries + 1
  return wrk.format("GET", "/v1/recipes?" .. queries[i] .. "&limit=20")
end
