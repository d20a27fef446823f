#!/usr/bin/env bash
# Issue 15's production tests: two server instances behind nginx (deploy/) on one PostgreSQL,
# migrations started together, backup and restore. Needs the build (apps/*/dist): npm run build.
# Installs PostgreSQL and nginx from Debian's packages when missing.
# Usage: bash scripts/test-production.sh   (PGTEST_PORT picks the PostgreSQL port, 55433 default)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh --postgres --nginx
if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then npm run -s build; fi
PGTEST_PORT=${PGTEST_PORT:-55433} bash scripts/with-postgres.sh npx vitest run --project prod "$@"
