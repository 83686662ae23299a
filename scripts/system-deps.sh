#!/usr/bin/env bash
# Debian packages the bigtop tests need: Chromium (browser tests), a Traditional Chinese font (so the
# browser draws the zh-Hant interface), PostgreSQL (database tests) and valgrind (bench/instructions.py).
# Idempotent: installs with apt-get only what is missing. Needs root (or sudo).
# Node.js 20.19 or newer with npm (ESLint, the page's checks) is checked, not installed: Debian 12's
# own nodejs is 18; Debian 13's (apt-get install nodejs npm) or NodeSource's packages will do.
set -euo pipefail

node_major_minor=$(node -p 'process.versions.node.split(".").slice(0, 2).join(" ")' 2>/dev/null || echo "0 0")
read -r node_major node_minor <<<"$node_major_minor"
if ! command -v npm >/dev/null || [ "$node_major" -lt 20 ] || { [ "$node_major" -eq 20 ] && [ "$node_minor" -lt 19 ]; }; then
    echo "system-deps: the page's checks (ESLint) need Node.js 20.19 or newer with npm; found node $(node --version 2>/dev/null || echo none), npm $(npm --version 2>/dev/null || echo none)." >&2
    echo "system-deps: install it (Debian 13: apt-get install nodejs npm; Debian 12: NodeSource's nodejs 20 or 22), then run make again." >&2
    exit 1
fi

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
