#!/usr/bin/env bash
# System tools the tests drive, from Debian's packages (npm cannot provide them):
# - chromium: browser tests (playwright cannot download its own browser here);
# - strace: the killed-build tests inject a SIGKILL at a chosen system call.
# Installs whichever is missing; needs root, as on CI and the development machines.
set -euo pipefail
missing=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then missing+=(chromium); fi
if ! command -v strace >/dev/null 2>&1; then missing+=(strace); fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]} for the tests…" >&2
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
