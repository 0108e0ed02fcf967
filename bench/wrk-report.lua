-- The wrk script bench/load.mjs runs: with BENCH_PATHS naming a file of request paths (one a line),
-- every request takes the next path, so no answer can be reused; without it wrk sends its one
-- static request. At the end it prints the run as one JSON line (latencies in ms).
local file = os.getenv("BENCH_PATHS")
local requests = {}
local index = 0

function init(args)
  if file == nil then return end
  for path in io.lines(file) do requests[#requests + 1] = wrk.format("GET", path) end
end

if file ~= nil then
  function request()
    index = index % #requests + 1
    return requests[index]
  end
end

function done(summary, latency, _)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.6f,"p50":%.3f,"p99":%.3f,"max":%.3f,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, errors.connect + errors.read + errors.write + errors.timeout, errors.status))
end
