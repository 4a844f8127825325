-- One request, repeated: method, body and headers come from the environment so that the same
-- script drives every endpoint (bench/lib/wrk.ts sets them).
--   BENCH_METHOD   GET (default) or POST
--   BENCH_BODY     request body (sent with Content-Type: application/json)
--   BENCH_HEADERS  extra headers, one "Name: value" per line
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
