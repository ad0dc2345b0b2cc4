#!/usr/bin/env bash
# Real WFS-T server for gportal's integration tests: QGIS Server 3.22 (qgis_mapserver) in front of
# PostgreSQL 15 + PostGIS 3, Debian 12 packages, listening on 127.0.0.1 only.
# Tables, layers and ids: scripts/wfs-server/README.md.
#
# Usage: scripts/wfs-server.sh start|stop|status|reset|seed-large [--force]|url|psql [psql args]
#   start   install the packages if missing (root), start PostgreSQL and QGIS Server, wait until
#           WFS GetCapabilities answers 200, print the WFS URL on stdout. Idempotent: if everything
#           already runs and answers, it only prints the URL. On failure it prints the log tails,
#           stops what it started and exits 1.
#   stop    stop QGIS Server (SIGTERM, SIGKILL after 5 s) and PostgreSQL (pg_ctl stop -m fast),
#           only the processes whose pids this script recorded.
#   status  print what runs; exit 0 if the WFS answers, 3 otherwise.
#   reset   TRUNCATE ... RESTART IDENTITY and re-insert the seed rows (no restart, ids 1..n).
#   seed-large  fill the layer towns_large with 100 000 generated polygons (seed-large.sql, about
#           20 s) unless it already holds them; --force regenerates them (edits are lost).
#   url     print the WFS endpoint, http://127.0.0.1:$GPORTAL_WFS_HTTP_PORT/ows
#   psql    open psql on the test database (extra args are passed on).
# Environment:
#   GPORTAL_WFS_DIR        work dir: pgdata, sockets, logs, pid files, project (default ${TMPDIR:-/tmp}/gportal-wfs)
#   GPORTAL_WFS_PG_PORT    PostgreSQL port (default 25432)
#   GPORTAL_WFS_HTTP_PORT  QGIS Server HTTP port (default 8910)
#   GPORTAL_WFS_LOG_LEVEL  QGIS_SERVER_LOG_LEVEL, 0 = every request .. 2 = critical only (default 1)
# Messages go to stderr; only "start" and "url" write to stdout (the URL).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RES=$HERE/wfs-server                      # schema.sql, seed.sql, seed-large.sql, gen-project.sh
DIR=${GPORTAL_WFS_DIR:-${TMPDIR:-/tmp}/gportal-wfs}
case $DIR in /*) ;; *) DIR=$PWD/$DIR ;; esac
# Below Linux's ephemeral ports (32768-60999): a port there may be taken at any moment as the
# local end of some outgoing connection, and PostgreSQL then cannot bind it.
PG_PORT=${GPORTAL_WFS_PG_PORT:-25432}
HTTP_PORT=${GPORTAL_WFS_HTTP_PORT:-8910}
LOG_LEVEL=${GPORTAL_WFS_LOG_LEVEL:-1}
PACKAGES=(qgis-server postgresql-15-postgis-3)
PGBIN=/usr/lib/postgresql/15/bin
DB=gis
SERVICE=gportal_wfs                       # libpq service name used in the project's datasources
URL=http://127.0.0.1:$HTTP_PORT/ows
CAPS_URL="$URL?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetCapabilities"
PGDATA_DIR=$DIR/pgdata
QGIS_PIDFILE=$DIR/qgis_mapserver.pid
QGIS_LOG=$DIR/log/qgis_mapserver.log
PG_LOG=$DIR/log/postgres.log
START_TIMEOUT=60                          # seconds to wait for GetCapabilities = 200

log() { echo "wfs-server: $*" >&2; }
die() { log "$*"; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
is_root() { [ "$(id -u)" = 0 ]; }
# PostgreSQL refuses to run as root: run its tools as the "postgres" system user then.
# 9>&- : the daemons must not inherit the lock fd (see take_lock).
as_pg() { if is_root; then (cd "$DIR" && runuser -u postgres -- "$@" 9>&-); else "$@" 9>&-; fi; }
psql_() { PGCONNECT_TIMEOUT=5 PGOPTIONS='-c client_min_messages=warning' "$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres "$@"; }
http_code() { curl -s -o "${2:-/dev/null}" --connect-timeout 2 -m "${3:-5}" -w '%{http_code}' "$1" 2>/dev/null || true; }

# One start/stop/reset at a time per work dir (parallel test workers may all call "start").
take_lock() {
  mkdir -p "$DIR"
  exec 9>"$DIR/.lock"
  flock -w 900 9 || die "timed out waiting for the lock $DIR/.lock"
}

# "running PID COMM": the process exists, is not a zombie, and is the program we started.
running() {
  local pid=$1 comm=$2 st
  [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] || return 1
  st=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$st" != Z ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$comm" ]
}
qgis_pid() { [ -f "$QGIS_PIDFILE" ] && cat "$QGIS_PIDFILE" || true; }
qgis_running() { running "$(qgis_pid)" qgis_mapserver; }
pg_running() { [ -f "$PGDATA_DIR/PG_VERSION" ] && as_pg "$PGBIN/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; }
# Healthy = GetCapabilities answers 200 and lists the last layer (i.e. the PostGIS layers are valid).
healthy() {
  local body=$DIR/tmp/health.xml
  mkdir -p "$DIR/tmp"
  [ "$(http_code "$CAPS_URL" "$body")" = 200 ] && grep -q '<Name>towns_cgcs2000</Name>' "$body"
}

# ---------------------------------------------------------------------------------- packages
apt_busy() { pgrep -x 'apt|apt-get|aptitude|dpkg|unattended-upgr' >/dev/null 2>&1; }
ensure_packages() {
  local missing=() install=("${PACKAGES[@]}") apt_log=$DIR/log/apt.log
  command -v qgis_mapserver >/dev/null || missing+=(qgis-server)
  [ -x "$PGBIN/initdb" ] && [ -f /usr/share/postgresql/15/extension/postgis.control ] || missing+=(postgresql-15-postgis-3)
  command -v curl >/dev/null || { missing+=(curl); install+=(curl); }
  [ ${#missing[@]} -eq 0 ] && return 0
  is_root || die "missing ${missing[*]}; as root run: apt-get install --no-install-recommends ${install[*]}"
  local t
  t=$(now)
  # Another apt/dpkg (e.g. a provisioning step) may be running: wait for it instead of failing
  # on the dpkg lock; the Lock::Timeout options below cover the remaining race.
  if apt_busy; then
    log "waiting for another apt/dpkg run to finish"
    for _ in $(seq 600); do apt_busy || break; sleep 1; done
  fi
  log "installing ${install[*]} (takes about a minute, log: $apt_log)"
  mkdir -p "$DIR/log"
  local apt=(apt-get -o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
  { "${apt[@]}" update &&
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y --no-install-recommends "${install[@]}"
  } </dev/null >>"$apt_log" 2>&1 || { tail -n 20 "$apt_log" >&2; die "apt-get failed"; }
  command -v qgis_mapserver >/dev/null && [ -x "$PGBIN/initdb" ] || die "packages still missing after apt-get"
  log "packages installed: $(since "$t")"
}

# ---------------------------------------------------------------------------------- postgres
start_pg() {
  local t
  t=$(now)
  case $DIR in *[[:space:]]*) die "GPORTAL_WFS_DIR must not contain whitespace: $DIR" ;; esac
  mkdir -p "$DIR/log" "$DIR/pgsock"
  if is_root; then
    chmod 755 "$DIR"
    chown postgres:postgres "$DIR/log" "$DIR/pgsock"
    as_pg test -w "$DIR/pgsock" ||
      die "user postgres cannot write to $DIR (check the permissions of its parent dirs or set GPORTAL_WFS_DIR)"
  fi
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    rm -rf "$PGDATA_DIR"; mkdir -p "$PGDATA_DIR"
    is_root && chown postgres:postgres "$PGDATA_DIR"
    as_pg "$PGBIN/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C.UTF-8 -N \
      >"$DIR/log/initdb.log" 2>&1 || { tail -n 20 "$DIR/log/initdb.log" >&2; die "initdb failed"; }
    log "initdb: $(since "$t")"; t=$(now)
  fi
  # Throw-away test database: durability off (faster TRUNCATE/reset).
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -l "$PG_LOG" -w -t 30 -s \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $DIR/pgsock -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start || { tail -n 20 "$PG_LOG" >&2; die "PostgreSQL did not start (port $PG_PORT in use?)"; }
  log "postgres on 127.0.0.1:$PG_PORT: $(since "$t")"
}

# (Re)creates the database when it is missing or schema.sql changed since it was created.
# Sets RESTART_QGIS=1 if it did (QGIS' connections to the old database are gone).
ensure_db() {
  local sum t
  sum=$(sha256sum "$RES/schema.sql" "$RES/seed.sql" | sha256sum | cut -c1-16)
  if [ -n "$(psql_ -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" ] &&
     [ "$(cat "$DIR/schema.sum" 2>/dev/null)" = "$sum" ]; then return 0; fi
  t=$(now)
  psql_ -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
  psql_ -d "$DB" -f "$RES/schema.sql" >/dev/null
  psql_ -d "$DB" -1 -f "$RES/seed.sql" >/dev/null
  echo "$sum" >"$DIR/schema.sum"
  RESTART_QGIS=1
  log "database $DB created and seeded: $(since "$t")"
}

# ---------------------------------------------------------------------------------- qgis
# Writes pg_service.conf and project.qgs; sets RESTART_QGIS=1 if either changed.
write_config() {
  local svc=$DIR/pg_service.conf qgs=$DIR/project.qgs
  printf '[%s]\nhost=127.0.0.1\nport=%s\ndbname=%s\nuser=postgres\nsslmode=disable\nconnect_timeout=5\n' \
    "$SERVICE" "$PG_PORT" "$DB" >"$svc.new"
  "$RES/gen-project.sh" "$SERVICE" >"$qgs.new"
  local f
  for f in "$svc" "$qgs"; do
    if cmp -s "$f.new" "$f"; then rm "$f.new"; else mv "$f.new" "$f"; RESTART_QGIS=1; fi
  done
}

start_qgis() {
  local t pid
  t=$(now)
  rm -rf "$DIR/tmp"   # QGIS3-*, qgis_mapserver-* left by the previous run
  mkdir -p "$DIR/log" "$DIR/tmp" "$DIR/home" "$DIR/xdg" "$DIR/qgis-profile" "$DIR/qgis-cache"
  chmod 700 "$DIR/xdg"
  : >"$QGIS_LOG"
  if [ "$(http_code "$URL" /dev/null 2)" != 000 ]; then
    log "something else already answers on 127.0.0.1:$HTTP_PORT (set GPORTAL_WFS_HTTP_PORT)"
    return 1
  fi
  # Everything QGIS/Qt would write to $HOME or /tmp (profile, auth db, QGIS3-*, qt_temp-*) goes
  # into the work dir. setsid: detach from the caller's process group and terminal; the caller's
  # stdout/stderr are not inherited (a test runner waiting for EOF would hang).
  (
    export QGIS_PROJECT_FILE=$DIR/project.qgs PGSERVICEFILE=$DIR/pg_service.conf
    export QGIS_SERVER_LOG_LEVEL=$LOG_LEVEL QGIS_SERVER_LOG_STDERR=1
    export QGIS_OPTIONS_PATH=$DIR/qgis-profile QGIS_SERVER_CACHE_DIRECTORY=$DIR/qgis-cache
    export HOME=$DIR/home XDG_RUNTIME_DIR=$DIR/xdg TMPDIR=$DIR/tmp QT_QPA_PLATFORM=offscreen
    exec setsid qgis_mapserver "127.0.0.1:$HTTP_PORT"
  ) </dev/null >"$QGIS_LOG" 2>&1 9>&- &
  pid=$!
  echo "$pid" >"$QGIS_PIDFILE"
  local deadline=$((SECONDS + START_TIMEOUT))
  while [ $SECONDS -lt $deadline ]; do
    healthy && { log "qgis_mapserver (pid $pid) ready at $URL: $(since "$t")"; return 0; }
    # Until the exec chain (subshell → setsid → qgis_mapserver) completes, the pid's name is
    # still bash or setsid: on a loaded machine the first checks see those, not an exit.
    running "$pid" qgis_mapserver || running "$pid" setsid || running "$pid" bash || { log "qgis_mapserver exited"; return 1; }
    sleep 0.2
  done
  log "no valid GetCapabilities from $URL within ${START_TIMEOUT} s"
  return 1
}

# SIGTERM, then SIGKILL after 5 s: a QGIS 3.22 stuck in its endless loop (an Insert with an
# unknown property) ignores SIGTERM.
stop_qgis() {
  local pid
  pid=$(qgis_pid)
  if running "$pid" qgis_mapserver; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 50); do running "$pid" qgis_mapserver || break; sleep 0.1; done
    if running "$pid" qgis_mapserver; then
      log "qgis_mapserver ($pid) ignored SIGTERM, sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      for _ in $(seq 50); do running "$pid" qgis_mapserver || break; sleep 0.1; done
    fi
    log "stopped qgis_mapserver ($pid)"
  fi
  rm -f "$QGIS_PIDFILE"
}

stop_pg() {
  pg_running || return 0
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w -t 30 -s stop ||
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w -t 10 -s stop
  log "stopped postgres"
}

show_logs() {
  local f
  for f in "$QGIS_LOG" "$PG_LOG"; do
    [ -s "$f" ] && { echo "---- tail of $f" >&2; tail -n 15 "$f" >&2; }
  done
  true
}

# ---------------------------------------------------------------------------------- commands
cmd_start() {
  local t0 started_pg=0
  t0=$(now)
  take_lock
  RESTART_QGIS=0
  ensure_packages
  if ! pg_running; then start_pg; started_pg=1; fi
  ensure_db
  write_config
  if qgis_running && { [ "$RESTART_QGIS" = 1 ] || ! healthy; }; then
    log "restarting qgis_mapserver (configuration changed or not answering)"
    stop_qgis
  fi
  if qgis_running; then
    log "already running"
  # qgis_mapserver now and then exits at start without a word (seen after a long load run on
  # a loaded machine): one more try before giving up.
  elif ! start_qgis && ! { show_logs; log "starting qgis_mapserver once more"; stop_qgis; sleep 1; start_qgis; }; then
    show_logs
    stop_qgis
    [ $started_pg = 1 ] && stop_pg
    die "start failed"
  fi
  log "ready in $(since "$t0")"
  echo "$URL"
}

cmd_stop() {
  [ -d "$DIR" ] || return 0
  take_lock
  stop_qgis
  stop_pg
}

cmd_status() {
  local rc=0
  if pg_running; then log "postgres: running on 127.0.0.1:$PG_PORT (pid $(head -1 "$PGDATA_DIR/postmaster.pid"))"
  else log "postgres: stopped"; rc=3; fi
  if qgis_running; then log "qgis_mapserver: running (pid $(qgis_pid))"
  else log "qgis_mapserver: stopped"; rc=3; fi
  if [ $rc = 0 ] && healthy; then log "WFS: answering at $URL"
  else log "WFS: not answering at $URL"; rc=3; fi
  return $rc
}

cmd_reset() {
  take_lock
  pg_running || die "PostgreSQL is not running (run: $0 start)"
  psql_ -d "$DB" -1 -f "$RES/seed.sql" >/dev/null
  log "data reset to the seed rows"
}

LARGE_ROWS=100000                         # rows seed-large.sql writes

cmd_seed_large() {
  local t rows
  take_lock
  pg_running || die "PostgreSQL is not running (run: $0 start)"
  rows=$(psql_ -d "$DB" -tAc "SELECT count(*) FROM towns_large")
  if [ "${1:-}" != --force ] && [ "$rows" = "$LARGE_ROWS" ]; then
    log "towns_large already holds $rows features"
    return 0
  fi
  t=$(now)
  psql_ -d "$DB" -1 -f "$RES/seed-large.sql" >/dev/null
  log "towns_large seeded with $LARGE_ROWS features: $(since "$t")"
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
reset) cmd_reset ;;
seed-large) shift; cmd_seed_large "$@" ;;
url) echo "$URL" ;;
psql) shift; psql_ -d "$DB" "$@" ;;
*) echo "usage: $0 start|stop|status|reset|seed-large [--force]|url|psql [args]" >&2; exit 2 ;;
esac
