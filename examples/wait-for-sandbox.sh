#!/bin/sh
# Run analytics-sandbox from a shell script or CI step: start it on a free port, wait for its
# ready line, use it. --exit-with-parent stops it when this script ends, however it ends.
set -eu
out=$(mktemp)
npx --no-install analytics-sandbox --port 0 --log none --exit-with-parent >"$out" &
tries=0
until grep -q 'listening on' "$out"; do
  tries=$((tries + 1))
  [ "$tries" -le 300 ] || { echo "analytics-sandbox did not start" >&2; exit 1; }
  sleep 0.1
done
BASE=$(sed -n 's/.* listening on //p' "$out")
rm -f "$out"
curl -sf -H 'X-API-Key: sbx_user_alpha' "${BASE}projects"
echo
