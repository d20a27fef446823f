#!/usr/bin/env bash
# The production tests, on one throwaway PostgreSQL (scripts/with-postgres.sh), set up by the steps
# of docs/production.md (its «What CI proves» says which ones CI cannot run as written, and why):
#  - vitest project prod (apps/server/test/prod): two instances behind nginx (deploy/) with the
#    API journey and one instance stopped, PostgreSQL stopped under them, an instance killed in the
#    middle of a payment, a staging server's first admin, background jobs of two instances on 30
#    due loans, migrations started together, pg_dump/pg_restore, the PGlite data folder copy;
#  - the browser journey through nginx and two instances (e2e/prod, e2e/playwright.prod.config.ts).
# Needs the build (apps/*/dist): npm run build. Installs PostgreSQL, nginx and Chromium from
# Debian's packages when missing.
# Usage: bash scripts/test-production.sh [vitest filters]
#   PGTEST_PORT picks the PostgreSQL port (55433 default), PROD_E2E_PORT nginx's in the browser
#   journey (4651 default). Arguments go to vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

# Step 1: Node.js 20.19+ at /usr/bin/node (where the unit runs it) and npm 11, Debian's packages,
# the service's user. NodeSource's repository cannot be added without the internet: its result is
# checked instead.
node_version=$(/usr/bin/node --version 2>/dev/null || echo none)
npm_major=$(npm --version | cut -d. -f1)
if ! /usr/bin/node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' 2>/dev/null \
  || [ "$npm_major" -lt 11 ]; then
  echo "Нужны Node.js 20.19+ в /usr/bin/node и npm 11 (docs/production.md, шаг 1): сейчас $node_version, npm $(npm --version)" >&2
  exit 1
fi
bash scripts/ensure-system-deps.sh --postgres --nginx
if [ "$(id -u)" -eq 0 ] && ! id zaymo >/dev/null 2>&1; then
  useradd --system --home-dir /opt/zaymo --shell /usr/sbin/nologin zaymo
fi

if [ ! -f apps/server/dist/main.js ] || [ ! -f apps/web/dist/index.html ]; then npm run -s build; fi
PGTEST_PORT=${PGTEST_PORT:-55433} bash scripts/with-postgres.sh bash -c 'set -e
  npx vitest run --project prod "$@"
  cd e2e && npx playwright test -c playwright.prod.config.ts' production-tests "$@"
