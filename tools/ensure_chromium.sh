#!/usr/bin/env bash
# Install Debian's Chromium for the browser checks (tests/browser_check.py) when it is missing.
# Never fails the build: where it cannot be installed it says why, and the browser tests skip.
if [ -x /usr/bin/chromium ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "browser checks will be skipped: /usr/bin/chromium is missing and this machine has no apt-get"; exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "browser checks will be skipped: /usr/bin/chromium is missing (install it: sudo apt-get install chromium)"; exit 0
  fi
fi
echo "installing Debian's chromium for the browser checks…"
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null; then exit 0; fi
echo "browser checks will be skipped: apt-get could not install chromium"
