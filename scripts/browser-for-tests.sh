#!/usr/bin/env bash
# Install Debian's Chromium for the report's browser tests (tests/e2e/test_report_browser.py)
# and print its path on stdout. Playwright drives this binary: no browser is downloaded.
# Idempotent and quiet: installs only when missing.
set -euo pipefail

find_chromium() { command -v chromium || command -v chromium-browser || true; }

if [ -z "$(find_chromium)" ]; then
    echo "installing Chromium (Debian package)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
fi
path=$(find_chromium)
if [ -z "$path" ]; then
    echo "Chromium could not be installed" >&2
    exit 1
fi
echo "$path"
