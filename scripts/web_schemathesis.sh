#!/usr/bin/env bash
# Runs schemathesis (PyPI, in .venv-web) against docs/openapi.yaml and a running `slotsheet serve`:
# generated requests to every operation, checked for no 5xx and for answers (statuses, content
# types, bodies, headers) that keep to the schema.
#
#     scripts/web_schemathesis.sh BASE_URL TOKEN SEED OUT_DIR
#
# SEED makes a run repeatable (the test prints it); the report (JUnit) lands in OUT_DIR.
# Exits non-zero when schemathesis finds a failure, naming it.
set -euo pipefail
base=$1 token=$2 seed=$3 out=$4
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
cd "$out"    # schemathesis keeps its state in the working folder: not in the repository
exec "$root/.venv-web/bin/schemathesis" run "$root/docs/openapi.yaml" \
    --url "$base" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --max-examples 25 \
    --seed "$seed" \
    --workers 1 \
    --request-timeout 60 \
    --generation-database none \
    --report junit --report-dir "$out" \
    --no-color
