#!/usr/bin/env bash
# The production tests, on one throwaway PostgreSQL (scripts/with-postgres.sh):
#  - vitest project prod (apps/server/test/prod): two instances behind nginx (deploy/) with the
#    API journey and one instance stopped, background jobs of two instances on 30 due loans,
#    migrations started together, pg_dump/pg_restore, the PGlite data folder copy;
#  - the browser journey through nginx and two instances (e2e/prod, e2e/playwright.prod.config.ts).
# Needs the build (apps/*/dist): npm run build. Installs PostgreSQL, nginx and Chromium from
# Debian's packages when missing.
# Usage: bash scripts/test-production.sh [vitest filters]
#   PGTEST_PORT picks the PostgreSQL port (55433 default), PROD_E2E_PORT nginx's in the browser
#   journey (4651 default). Arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh --postgres --nginx
if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then npm run -s build; fi
PGTEST_PORT=${PGTEST_PORT:-55433} bash scripts/with-postgres.sh bash -c 'set -e
  npx vitest run --project prod "$@"
  cd e2e && npx playwright test -c playwright.prod.config.ts' production-tests "$@"
