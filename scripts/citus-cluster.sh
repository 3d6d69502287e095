#!/usr/bin/env bash
# A local Citus cluster for development and tests: one coordinator and two workers, each its own
# PostgreSQL server on its own port, all on this machine. Kith's tests and CI use it; production runs a
# real cluster (docs/scaling.md).
#
#   scripts/citus-cluster.sh start [DIR] [PORT] [WORKERS]
#                                                 create (first time) and start the cluster: coordinator on
#                                                 PORT (default 9700), WORKERS workers (default 2) on PORT+1,
#                                                 PORT+2, ..., data under DIR (default /tmp/kith-citus);
#                                                 prints the coordinator URL
#   scripts/citus-cluster.sh stop  [DIR]          stop the three servers (data kept)
#   scripts/citus-cluster.sh stop-worker N [DIR]  stop worker N (1, 2, ...) only: a node failure
#   scripts/citus-cluster.sh start-worker N [DIR] start it again
#   scripts/citus-cluster.sh destroy [DIR]        stop and delete everything
#
# Needs PostgreSQL's server binaries (PG_BIN, default /usr/lib/postgresql/15/bin) with the Citus
# extension installed for them (Citus' own packages, e.g. postgresql-15-citus-13.2, or a build). When
# CITUS_TARBALL names a build packed from / (usr/lib/postgresql/..., usr/share/postgresql/...), it is
# unpacked first if the extension is missing. Run as root (the servers run as the postgres user) or as
# the user owning DIR. Idempotent: start on a running cluster only prints the URL, which is
# postgres://postgres@127.0.0.1:PORT/kith (trust auth, local connections only).
set -euo pipefail
cmd=${1:-start}
dir_default=/tmp/kith-citus
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
libdir=$("$bin/pg_config" --pkglibdir 2>/dev/null || echo "$(dirname "$bin")/lib")
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

install_ext() {
  [ -f "$libdir/citus.so" ] && return 0
  [ -x "$bin/postgres" ] || { echo "citus-cluster.sh: no PostgreSQL server at $bin (set PG_BIN)" >&2; exit 1; }
  if [ -n "${CITUS_TARBALL:-}" ] && [ -f "$CITUS_TARBALL" ]; then
    tar -xzf "$CITUS_TARBALL" -C /
  else
    echo "citus-cluster.sh: the Citus extension is not installed for $bin (install Citus' package, or set CITUS_TARBALL)" >&2
    exit 1
  fi
}

node_start() { # DIR NAME PORT
  local d=$1/$2 port=$3
  if [ ! -f "$d/PG_VERSION" ]; then
    mkdir -p "$d"
    chown postgres:postgres "$1" "$d" 2>/dev/null || true
    as_pg "$bin/initdb" -D "$d" -U postgres --auth=trust -E UTF8 >/dev/null
    cat >>"$d/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$1'
shared_preload_libraries = 'citus'
max_connections = 200
shared_buffers = 128MB
citus.max_client_connections = 150
CONF
  fi
  if ! as_pg "$bin/pg_ctl" -D "$d" status >/dev/null 2>&1; then
    as_pg "$bin/pg_ctl" -D "$d" -l "$d/server.log" -w -t 60 start >/dev/null
  fi
}

psql_at() { as_pg "$bin/psql" -h 127.0.0.1 -p "$1" -U postgres -X -q -v ON_ERROR_STOP=1 "${@:2}"; }

case "$cmd" in
  start)
    dir=${2:-$dir_default}
    port=${3:-9700}
    workers=${4:-2}
    install_ext
    mkdir -p "$dir"
    chown postgres:postgres "$dir" 2>/dev/null || true
    for i in $(seq 0 "$workers"); do node_start "$dir" "node$i" $((port + i)); done
    for i in $(seq 0 "$workers"); do
      p=$((port + i))
      psql_at "$p" -d postgres -tAc "select 1 from pg_database where datname='kith'" | grep -q 1 || psql_at "$p" -d postgres -c "create database kith"
      psql_at "$p" -d kith -c "create extension if not exists citus"
    done
    for i in $(seq 1 "$workers"); do
      psql_at "$port" -d kith -tAc "select 1 from pg_dist_node where nodeport=$((port + i))" | grep -q 1 ||
        psql_at "$port" -d kith -c "select citus_add_node('127.0.0.1', $((port + i)))" >/dev/null
    done
    psql_at "$port" -d kith -tAc "select citus_set_coordinator_host('127.0.0.1', $port)" >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/kith"
    ;;
  stop)
    dir=${2:-$dir_default}
    for d in "$dir"/node*; do [ -d "$d" ] && as_pg "$bin/pg_ctl" -D "$d" -m fast stop >/dev/null 2>&1 || true; done
    ;;
  stop-worker | start-worker)
    n=${2:?worker number (1, 2, ...)}
    dir=${3:-$dir_default}
    if [ "$cmd" = stop-worker ]; then
      as_pg "$bin/pg_ctl" -D "$dir/node$n" -m immediate stop >/dev/null
    else
      as_pg "$bin/pg_ctl" -D "$dir/node$n" -l "$dir/node$n/server.log" -w start >/dev/null
    fi
    ;;
  destroy)
    dir=${2:-$dir_default}
    "$0" stop "$dir"
    rm -rf "$dir"
    ;;
  *)
    echo "usage: citus-cluster.sh start [DIR] [PORT] [WORKERS] | stop [DIR] | stop-worker N [DIR] | start-worker N [DIR] | destroy [DIR]" >&2
    exit 2
    ;;
esac
