-- wrk script for the Trident hot routes.
-- wrk -t2 -c16 -d10s -s routes.lua http://127.0.0.1:PORT -- route=R users=N students=N courses=N workspaces=N
--     enrolcourses=N phase=sm token=BEARER [start=K]
-- Every request carries the bearer token (the benchmark's reader: registrar, instructor, admin, and a member of
-- every seeded workspace).
-- Reads pick a random seeded entity per request; enrol walks (student, course) pairs in order, each pair once,
-- spread over the threads so no two threads send the same pair. done() prints "NEXT K", the first pair no thread
-- sent; a later run of the same phase given start=K goes on from there.
-- A 503 with Retry-After is a request the service shed (admission control): the client waits Retry-After seconds before
-- its next request, as a well-behaved client does, and it is counted apart (shed), not as an error. Any other answer
-- outside 2xx is an error.
local threads = {}
local counter = 0

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local opts = {}
local n = 0
local tid, nthreads

function init(args)
  for _, a in ipairs(args) do
    local k, v = a:match("^(%w+)=(.*)$")
    if k then opts[k] = v end
  end
  tid = tonumber(wrk.thread:get("tid"))
  nthreads = tonumber(opts.threads or "2")
  math.randomseed(os.time() * 1000 + tid)
end

local function user(i) return string.format("user-%06d", i) end
local function rnd(bound) return math.random(0, tonumber(bound) - 1) end

local builders = {
  ["student-courses"] = function() return "GET", "/students/" .. user(rnd(opts.students)) .. "/courses" end,
  ["course-roster"] = function() return "GET", string.format("/courses/crs-%05d/students", rnd(opts.courses)) end,
  ["course-catalogue"] = function() return "GET", "/courses?term=2026-fall" end,
  ["user-posts"] = function() return "GET", "/users/" .. user(rnd(opts.users)) .. "/posts" end,
  ["user-get"] = function() return "GET", "/users/" .. user(rnd(opts.users)) end,
  -- benchmarks/reference-app's one route: a GetItem of the profile whose partition key is in the path (the key
  -- spelling of common-keys' SocialKeys.userPartition, "#" escaped).
  ["reference-get"] = function() return "GET", "/items/USER%23" .. user(rnd(opts.users)) end,
  ["workspace-projects"] = function() return "GET", string.format("/workspaces/ws-%05d/projects", rnd(opts.workspaces)) end,
  ["workspace-projects-by-status"] = function()
    return "GET", string.format("/workspaces/ws-%05d/projects?status=ACTIVE", rnd(opts.workspaces))
  end,
  ["workspace-projects-sharded"] = function() return "GET", "/workspaces/ws-big/projects" end,
  ["enrol"] = function()
    local k = tonumber(opts.start or "0") + tid + nthreads * n
    n = n + 1
    enrol_next = k + 1 -- a global, so done() can read it from each thread
    local c = tonumber(opts.enrolcourses)
    local s = math.floor(k / c) % tonumber(opts.students)
    return "PUT", string.format("/students/%s/courses/enr-%s-%03d", user(s), opts.phase, k % c)
  end,
}

function request()
  local method, path = builders[opts.route]()
  local headers = { ["Authorization"] = "Bearer " .. opts.token }
  if method == "PUT" then
    headers["Content-Length"] = "0"
  end
  return wrk.format(method, path, headers)
end

shed = 0 -- globals, so done() can read them from each thread
bad = 0
local backoffs = {}
local first_backoff, last_backoff = 1, 0

function response(status, headers, body)
  local retry_after = headers["Retry-After"] or headers["retry-after"]
  if status == 503 and retry_after then
    shed = shed + 1
    last_backoff = last_backoff + 1
    backoffs[last_backoff] = tonumber(retry_after) * 1000
  elseif status < 200 or status > 299 then
    bad = bad + 1
  end
end

-- The next request of this thread waits out the oldest Retry-After not yet waited out. wrk asks for the delay of a
-- connection's next request right after its answer, so each shed answer delays one next request of its thread.
function delay()
  if first_backoff > last_backoff then return 0 end
  local ms = backoffs[first_backoff]
  backoffs[first_backoff] = nil
  first_backoff = first_backoff + 1
  return ms
end

-- RESULT <answers not shed> <errors among them> <seconds> <p50 ms> <p99 ms> <shed answers>. The percentiles are of the
-- answers not shed: wrk keeps one latency histogram of every answer, and a request shed at once is answered faster
-- than any that was served, so the served answers' quantile q is the histogram's quantile (shed + q * served) / all.
-- Shed answers that waited in the queue first are slower than that, and then the percentile read is an upper bound.
function done(summary, latency, requests)
  local shed_all, bad_all = 0, 0
  for _, t in ipairs(threads) do
    shed_all = shed_all + tonumber(t:get("shed") or 0)
    bad_all = bad_all + tonumber(t:get("bad") or 0)
  end
  local answers = summary.requests
  local served = answers - shed_all
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + bad_all
  local function served_percentile(q)
    if served <= 0 then return 0 end
    return latency:percentile(math.min(100, 100 * (shed_all + q * served) / answers)) / 1000.0
  end
  io.write(string.format("RESULT %d %d %.6f %.3f %.3f %d\n", served, errors, summary.duration / 1e6,
      served_percentile(0.50), served_percentile(0.99), shed_all))
  local next = tonumber(opts.start or "0")
  for _, t in ipairs(threads) do next = math.max(next, tonumber(t:get("enrol_next") or 0)) end
  io.write(string.format("NEXT %d\n", next))
end
