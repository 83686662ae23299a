#!/usr/bin/env bash
# Debian packages the bigtop tests need: Chromium (browser tests) and PostgreSQL (database tests).
# Idempotent: installs with apt-get only what is missing. Run as root (or with sudo available).
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)

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
