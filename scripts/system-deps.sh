#!/usr/bin/env bash
# Debian packages the bigtop tests need: Chromium (browser tests), a Traditional Chinese font (so the
# browser draws the zh-Hant interface), PostgreSQL (database tests) and valgrind (bench/instructions.py).
# Idempotent: installs with apt-get only what is missing. Needs root (or sudo).
set -euo pipefail

PACKAGES=(chromium fonts-wqy-zenhei postgresql valgrind)

missing=()
for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
