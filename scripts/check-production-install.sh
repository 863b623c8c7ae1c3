#!/usr/bin/env bash
# The server starts from a production install: the repository's tracked files plus the build output (the web app,
# the compiled server and the packages it imports) are copied into a fresh directory, `npm install --omit=dev`
# runs there (no tsx, no pino-pretty, no drizzle-kit), and `npm start -w apps/server` must run the compiled
# server in node itself, answer GET /health with 200, serve the web app's index.html at / and, signalled as a
# process group (Ctrl-C, systemd), stop with exit code 0. Needs `npm run build` first.
# Leaves nothing behind: the server is stopped and the directory removed however the script ends.
# docs/decisions/009-boundaries-and-production-install.md
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

log() { printf '==> %s\n' "$*"; }
fail() {
  printf 'check-production-install: FAILED: %s\n' "$*" >&2
  exit 1
}

built=(apps/web/dist apps/server/dist packages/domain/dist apps/simulator/dist)
for dir in "${built[@]}"; do
  [ -d "$dir" ] || fail "$dir is missing; build first (npm run build)"
done
[ -f apps/web/dist/index.html ] || fail 'apps/web/dist/index.html is missing; build first (npm run build)'
[ -f apps/server/dist/main.js ] || fail 'apps/server/dist/main.js is missing; build first (npm run build)'

tmp=$(mktemp -d "${TMPDIR:-/tmp}/teplo-production.XXXXXX")
server_pid=''
server_exit=''

stop_server() {
  [ -n "$server_pid" ] || return 0
  if kill -0 "$server_pid" 2>/dev/null; then
    # The server runs in a process group of its own (setsid): npm, tsx and node all get the signal.
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$server_pid" 2>/dev/null; then
      printf 'check-production-install: the server ignored SIGTERM for 15 s; killing it\n' >&2
      kill -KILL -- "-$server_pid" 2>/dev/null || true
    fi
  fi
  # Children that outlived their parent are in the same group.
  kill -KILL -- "-$server_pid" 2>/dev/null || true
  server_exit=0
  wait "$server_pid" 2>/dev/null || server_exit=$?
  server_pid=''
}

cleanup() {
  local status=$?
  stop_server
  if [ "$status" -ne 0 ] && [ -f "$tmp/server.log" ]; then
    printf '\n--- server output (last 40 lines) ---\n' >&2
    tail -n 40 "$tmp/server.log" >&2 || true
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "Copying the tracked files and the build output to $tmp/app"
mkdir -p "$tmp/app"
# Tracked files (as in the working tree; files deleted there are skipped), then the build output.
git -C "$repo" ls-files -z | while IFS= read -r -d '' file; do
  if [ -e "$file" ] || [ -L "$file" ]; then printf '%s\0' "$file"; fi
done | xargs -0 cp -d --parents -t "$tmp/app"
for dir in "${built[@]}"; do
  cp -R "$dir" "$tmp/app/$dir"
done

log 'npm install --omit=dev'
(cd "$tmp/app" && npm install --omit=dev --no-audit --no-fund) || fail 'npm install --omit=dev failed'
for dev in drizzle-kit tsx pino-pretty esbuild; do
  [ ! -e "$tmp/app/node_modules/$dev" ] || fail "a development dependency ($dev) was installed"
done

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}
port=$(free_port)

log "npm start -w apps/server on port $port"
(
  cd "$tmp/app"
  export PORT="$port" HOST=127.0.0.1 MQTT_HOST=127.0.0.1 MQTT_PORT=0 DATA_DIR="$tmp/data" DEMO_DEVICES=false
  # No demo history: a first start on a busy machine stays well within the start-up timeout.
  export LOG_LEVEL=warn SHUTDOWN_DELAY_SECONDS=0 DEMO_HISTORY_DAYS=0
  unset DATABASE_URL MQTT_URL WEB_DIST SERVE_WEB
  exec setsid npm start -w apps/server
) >"$tmp/server.log" 2>&1 &
server_pid=$!

# GET url [accept]: prints the status line and writes the body to $tmp/body.
http_get() {
  node -e "
    const [url, accept, out] = process.argv.slice(1)
    fetch(url, { headers: { accept }, signal: AbortSignal.timeout(5000) })
      .then(async (res) => { require('node:fs').writeFileSync(out, await res.text()); console.log(res.status) })
      .catch(() => console.log(0))
  " "$1" "${2:-*/*}" "$tmp/body"
}

base="http://127.0.0.1:$port"
status=0
for _ in $(seq 1 240); do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server exited before it answered /health'
  status=$(http_get "$base/health")
  [ "$status" = 200 ] && break
  sleep 0.5
done
[ "$status" = 200 ] || fail "GET /health did not answer 200 within 120 s (last status: $status)"
log "GET /health: 200 $(cat "$tmp/body")"

status=$(http_get "$base/" 'text/html')
[ "$status" = 200 ] || fail "GET / answered $status, not 200"
cmp -s "$tmp/body" "$tmp/app/apps/web/dist/index.html" || fail 'GET / did not serve apps/web/dist/index.html'
script=$(grep -o 'src="/assets/[^"]*\.js"' "$tmp/body" | head -n 1 | sed 's/^src="//; s/"$//')
[ -n "$script" ] || fail 'index.html names no script under /assets/'
status=$(http_get "$base$script")
[ "$status" = 200 ] || fail "GET $script answered $status, not 200"
log "GET /: the built index.html; GET $script: 200"

# npm's script ends in node itself (exec): the process group is npm and node, no shell, no tsx.
group=$(ps -o pid=,args= -g "$server_pid")
printf '%s\n' "$group" | grep -q 'node --conditions=teplo-compiled .*dist/main.js' ||
  fail "no node process running dist/main.js in the server's process group: $group"
if printf '%s\n' "$group" | grep -Eq 'tsx|sh -c'; then fail "a wrapper runs in the server's process group: $group"; fi
log "process group: $(printf '%s\n' "$group" | awk '{print $2}' | xargs)"

stop_server
[ "$server_exit" = 0 ] || fail "npm start exited $server_exit after SIGTERM to its process group, not 0"
log 'The server started from a production install, served the API and the web app, and stopped (exit 0)'
