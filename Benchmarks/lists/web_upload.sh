#!/usr/bin/env bash
# A list through the web front's Lists page, timed per step, with the server's memory: sign in,
# upload (POST /lists/KIND), its reading by the reading queue (GET /list-uploads/N until the page no
# longer refreshes itself), the preview (the stored one), apply.
#
#   bash Benchmarks/lists/web_upload.sh BASE_URL ADMIN PASSWORD KIND FILE SERVER_PID
#
# e.g. against `slotsheet serve --listen 127.0.0.1:18431` with a catalogue of 50,000 defects.
# Prints each step's status and seconds, the preview page's size, the server's resident memory
# before and after and its peak (VmHWM), and the load average.
set -euo pipefail
base=${1%/}; user=$2; password=$3; kind=$4; file=$5; pid=$6
jar=$(mktemp); trap 'rm -f "$jar" "$jar.html"' EXIT
token() { awk '/slotsheet_csrf/ {print $7}' "$jar"; }
curl -s -o /dev/null -c "$jar" -b "$jar" "$base/sign-in"
curl -s -o /dev/null -c "$jar" -b "$jar" -X POST --data-urlencode "csrf=$(token)" --data-urlencode "name=$user" \
    --data-urlencode "password=$password" "$base/sign-in"
echo "server memory before: $(ps -o rss= -p "$pid") KB"
read -r location status seconds < <(curl -s -o /dev/null -w '%{redirect_url} %{http_code} %{time_total}\n' -c "$jar" -b "$jar" \
    -F "csrf=$(token)" -F "file=@$file" "$base/lists/$kind")
echo "upload: $status in ${seconds}s"
[ "$status" = 303 ] || exit 1
started=$(date +%s.%N)
while curl -s -c "$jar" -b "$jar" "$location" | grep -q 'http-equiv="refresh"'; do sleep 0.2; done
echo "read by the queue in $(echo "$(date +%s.%N) - $started" | bc)s"
curl -s -o "$jar.html" -w 'preview: %{http_code} in %{time_total}s, %{size_download} bytes\n' -c "$jar" -b "$jar" "$location"
digest=$(grep -o 'name="plan" value="[0-9a-f]\{64\}"' "$jar.html" | grep -o '[0-9a-f]\{64\}')
curl -s -o /dev/null -w 'apply: %{http_code} in %{time_total}s\n' -c "$jar" -b "$jar" -X POST \
    --data-urlencode "csrf=$(token)" --data-urlencode "plan=$digest" "$location/apply"
echo "server memory after: $(ps -o rss= -p "$pid") KB; peak $(awk '/VmHWM/ {print $2, $3}' /proc/"$pid"/status)"
uptime
