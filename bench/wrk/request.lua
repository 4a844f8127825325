-- One request, repeated: method, body and headers come from the environment so that the same
-- script drives every endpoint (bench/lib/wrk.ts sets them).
--   BENCH_METHOD   GET (default) or POST
--   BENCH_BODY     request body (sent with Content-Type: application/json)
--   BENCH_HEADERS  extra headers, one "Name: value" per line
--   BENCH_PATHS    optional: paths (with their query strings), one per line; each request takes
--                  the next one in turn instead of the URL's path (each thread starts at a
--                  different place in the list)
wrk.method = os.getenv("BENCH_METHOD") or "GET"

local body = os.getenv("BENCH_BODY")
if body ~= nil and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end

local headers = os.getenv("BENCH_HEADERS") or ""
for line in headers:gmatch("[^\n]+") do
  local name, value = line:match("^%s*([^:]+):%s*(.-)%s*$")
  if name ~= nil then
    wrk.headers[name] = value
  end
end

local paths = {}
for line in (os.getenv("BENCH_PATHS") or ""):gmatch("[^\n]+") do
  paths[#paths + 1] = line
end

if #paths > 0 then
  local threads = 0
  function setup(thread)
    thread:set("thread_index", threads)
    threads = threads + 1
  end

  local next_path = 0
  function init(args)
    next_path = (thread_index or 0) * 7
  end

  function request()
    next_path = next_path + 1
    return wrk.format(nil, paths[(next_path % #paths) + 1])
  end
end
