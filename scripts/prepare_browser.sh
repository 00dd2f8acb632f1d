#!/bin/sh
# Install a headless browser for the HTML report's browser test (tests/test_report_browser.py).
# Idempotent; called by `make setup`. Debian's chromium package, installed when missing and we are
# root; otherwise a note says how (the test then skips with that reason; nothing else needs it).
set -eu

for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then
        exit 0
    fi
done

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "prepare_browser: installing chromium (for the HTML report's browser test)"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
else
    echo "prepare_browser: no chromium; the browser test will skip. To run it, as root:" >&2
    echo "    apt-get update && apt-get install -y --no-install-recommends chromium" >&2
fi
