#!/usr/bin/env bash
# The failover tests (vitest project failover, apps/server/test/failover): a Patroni
# cluster made from deploy/ (etcd, three PostgreSQL nodes with a synchronous standby, HAProxy),
# the reads that may lag on a real streaming replica, and two instances behind nginx under load
# while the primary's postmaster is killed with SIGKILL. Prints the time without a primary and
# the requests that failed.
# Needs the build (apps/*/dist): npm run build. Installs Patroni, etcd, HAProxy, PostgreSQL and
# nginx from Debian's packages when missing.
# Usage: bash scripts/test-failover.sh [vitest filters]
#   FAILOVER_PG_PORT (55481: three ports from it), FAILOVER_REST_PORT (28008: three),
#   FAILOVER_ETCD_PORT (23790; peers ten above) pick the cluster's ports.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh --failover --nginx
if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then npm run -s build; fi
npx vitest run --project failover "$@"
