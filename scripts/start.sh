#!/bin/sh
# The one way querydesk starts in production: `npm start`, the image's CMD and the benchmarks all
# run this file, so what is measured is what ships. The runtime settings live here and nowhere else.
#
# - MALLOC_TRIM_THRESHOLD_=65536 (glibc): freed memory above 64 KiB goes back to the system, where
#   glibc's dynamic threshold lets one malloc arena keep it. Set in the environment, an operator's
#   own value wins.
# - --max-semi-space-size=1: a 1 MiB young generation instead of V8's 16: less idle RSS, fresh
#   and after a burst, for more frequent minor collections.
# - --max-old-space-size=512: a heap limit under V8's 2 GiB mark, below which V8 lets the old
#   generation grow to a smaller multiple of what the last full collection left.
# docs/design/startup-and-memory.md has what each buys, with and without it, from the same run.
#
# `exec` replaces this shell with node, so node is the process an orchestrator signals (PID 1 in
# the image) and the one whose memory is measured.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
bundle="$root/dist/app/main.js"

# In a source checkout, bundle again when a source is newer than the bundle (scripts/bundle.mjs
# writes every file anew, so main.js is as old as the bundle; it takes about a second). The image
# holds no sources, only the bundle.
if [ -f "$root/scripts/bundle.mjs" ]; then
  if [ ! -f "$bundle" ] || [ -n "$(find "$root/src" "$root/tsconfig.json" "$root/package.json" \
    "$root/package-lock.json" "$root/scripts/bundle.mjs" -newer "$bundle" -print | head -n 1)" ]; then
    echo 'querydesk: sources changed since the last build; bundling...' >&2
    node "$root/scripts/bundle.mjs"
  fi
fi

MALLOC_TRIM_THRESHOLD_=${MALLOC_TRIM_THRESHOLD_:-65536}
export MALLOC_TRIM_THRESHOLD_
exec node --max-semi-space-size=1 --max-old-space-size=512 "$bundle"
