#!/usr/bin/env bash
# Installs from Debian's packages what the tests need and npm cannot ship: Chromium for the browser
# journeys, DejaVu fonts (Cyrillic in screenshots and PDFs) and poppler-utils (pdftotext for PDF
# checks). With --postgres it also installs the PostgreSQL server used by .ci/run, with --nginx
# nginx, openssl and envsubst (gettext-base) for scripts/test-production.sh, with --failover
# Patroni, etcd and HAProxy for scripts/test-failover.sh.
# Does nothing when everything is already there.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || packages+=(fonts-dejavu-core)
command -v pdftotext >/dev/null 2>&1 || packages+=(poppler-utils)
for option in "$@"; do
  case "$option" in
    --postgres) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql) ;;
    # nginx in front of two instances in scripts/test-production.sh; openssl makes its certificate.
    --nginx)
      [ -x /usr/sbin/nginx ] || packages+=(nginx-light)
      command -v openssl >/dev/null 2>&1 || packages+=(openssl)
      command -v envsubst >/dev/null 2>&1 || packages+=(gettext-base)
      ;;
    # A PostgreSQL cluster with automatic failover in scripts/test-failover.sh (deploy/patroni).
    --failover)
      ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
      command -v patroni >/dev/null 2>&1 || packages+=(patroni)
      command -v etcd >/dev/null 2>&1 || packages+=(etcd-server)
      [ -x /usr/sbin/haproxy ] || packages+=(haproxy)
      ;;
  esac
done

[ ${#packages[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "Нужны пакеты Debian: ${packages[*]}. Установите их от root: apt-get install ${packages[*]}" >&2
    exit 1
  fi
fi
echo "Устанавливаю пакеты Debian: ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
echo "Готово: ${packages[*]}"
