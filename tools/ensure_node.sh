#!/usr/bin/env bash
# Install Debian's nodejs + npm for `make lite` (the Pyodide core comes from the npm `pyodide` package) when npm is
# missing. Never fails the build: where it cannot be installed it says why, and the JupyterLite browser test skips.
if command -v npm >/dev/null 2>&1; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "JupyterLite site (make lite) unavailable: npm is missing and this machine has no apt-get"; exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "JupyterLite site (make lite) unavailable: npm is missing (install it: sudo apt-get install nodejs npm)"; exit 0
  fi
fi
echo "installing Debian's nodejs and npm for the JupyterLite site…"
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq nodejs npm >/dev/null; then exit 0; fi
echo "JupyterLite site (make lite) unavailable: apt-get could not install nodejs and npm"
