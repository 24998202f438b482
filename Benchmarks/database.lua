-- wrk script for Benchmarks/database.sh. MODE=read: the LaunchList query as a logged-in user
-- (token lookup and the user's bookings read from the database on every request).
-- MODE=write: bookTrips and cancelTrip of one launch, alternately, per connection (each a
-- transaction that changes a trip and appends a tripsBooked event).
-- TOKENS: space-separated tokens; thread i uses token i (one user per wrk thread).
local mode = os.getenv("MODE") or "read"
local tokens = {}
for token in string.gmatch(os.getenv("TOKENS") or "", "%S+") do table.insert(tokens, token) end

local threads = {}
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("token", tokens[((counter - 1) % #tokens) + 1])
  thread:set("id", counter)
  table.insert(threads, thread)
end

local launchlist = '{"query":"query LaunchList { launches(pageSize: 20) { cursor hasMore launches { id site mission { name } rocket { name } isBooked } } }"}'
local step = 0
function request()
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = token }
  if mode == "read" then return wrk.format("POST", "/graphql", headers, launchlist) end
  step = step + 1
  -- Steps 1 and 2 book and cancel launch 1, steps 3 and 4 launch 2, ... (with one connection per
  -- thread, a cancellation always finds the trip its connection just booked).
  local launch = tostring((math.floor((step - 1) / 2) % 100) + 1)
  local body
  if step % 2 == 1 then
    body = '{"query":"mutation { bookTrips(launchIds: [\\"' .. launch .. '\\"]) { success } }"}'
  else
    body = '{"query":"mutation { cancelTrip(launchId: \\"' .. launch .. '\\") { success } }"}'
  end
  return wrk.format("POST", "/graphql", headers, body)
end

bad = 0
function response(status, headers, body)
  if status ~= 200 or string.find(body, '"errors"', 1, true) then bad = bad + 1 end
end

function done(summary, latency, requests)
  local total_bad = 0
  for _, t in ipairs(threads) do total_bad = total_bad + (t:get("bad") or 0) end
  io.write(string.format("requests %d, bad answers %d, p50 %.2f ms, p99 %.2f ms\n",
    summary.requests, total_bad, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
