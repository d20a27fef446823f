#!/usr/bin/env bash
# Installs from Debian's packages what the tests need and npm cannot ship: Chromium for the browser
# journeys, DejaVu fonts (Cyrillic in screenshots and PDFs) and poppler-utils (pdftotext for PDF
# checks). With --postgres it also installs the PostgreSQL server used by .ci/run.
# Does nothing when everything is already there.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || packages+=(fonts-dejavu-core)
command -v pdftotext >/dev/null 2>&1 || packages+=(poppler-utils)
if [ "${1:-}" = "--postgres" ]; then
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || packages+=(postgresql)
fi

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
