#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server from Debian's packages:
# makes a cluster in a temporary folder, starts it on a local port, creates a role and a database,
# exports DATABASE_URL, runs "$@", then stops the server and deletes the cluster.
# Usage: bash scripts/with-postgres.sh npx vitest run --project server-api
set -euo pipefail

bash "$(dirname "$0")/ensure-system-deps.sh" --postgres
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
port=${PGTEST_PORT:-55432}
cluster=$(mktemp -d /tmp/zaymo-pg.XXXXXX)

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres "$cluster"; fi

cleanup() {
  as_owner "$bin/pg_ctl" -D "$cluster/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap cleanup EXIT

as_owner "$bin/initdb" -D "$cluster/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
# A throwaway test cluster, deleted on exit: nothing in it has to survive a crash, so it skips
# every wait for the disk (fsync, synchronous_commit, full_page_writes off) and writes only the
# minimal WAL. Never settings for a server whose data matters.
as_owner "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w \
  -o "-p $port -k $cluster -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off \
    -c synchronous_commit=off -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0" \
  start >/dev/null
# pg_signal_backend: the tests drop their database copies WITH (FORCE), which must also end an
# autovacuum worker that happens to be in the copy (it runs under no role, so owning the database
# is not enough: "must be a member of the role whose process is being terminated").
"$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -q \
  -c "CREATE ROLE zaymo LOGIN PASSWORD 'zaymo' CREATEDB" \
  -c "GRANT pg_signal_backend TO zaymo" \
  -c "CREATE DATABASE zaymo OWNER zaymo"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') на 127.0.0.1:$port"

export DATABASE_URL="postgres://zaymo:zaymo@127.0.0.1:$port/zaymo"
# For tests that stop and start the server under the app (apps/server/test/prod/outages.test.ts).
export PGTEST_DATA="$cluster/data"
"$@"
