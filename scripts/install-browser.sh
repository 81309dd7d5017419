#!/usr/bin/env bash
# The browser tests drive Debian's chromium through Playwright (no browser download): install it, and
# the CJK fonts the pages' Chinese needs, when it is missing. Needs root (CI runs as root).
set -euo pipefail
if [ -x /usr/bin/chromium ] && fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends chromium fonts-noto-cjk
