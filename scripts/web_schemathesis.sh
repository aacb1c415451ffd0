#!/usr/bin/env bash
# Runs schemathesis (PyPI, in .venv-web) against docs/openapi.yaml and a running `slotsheet serve`:
# generated requests to every operation, with every check schemathesis has: no 5xx, answers
# (statuses, content types, bodies, headers) that keep to the schema, invalid data refused and
# valid data taken, 405 with Allow for methods an address does not take, no access without the
# token. What a check cannot know is said in scripts/web_schemathesis.toml; scripts/web_schemathesis_hooks.py
# puts real templates among the uploads so the stateful phase follows one through to apply and undo.
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
# Real templates among the generated uploads, read before their state is linked to apply.
export SLOTSHEET_FUZZ_URL=$base SLOTSHEET_FUZZ_TOKEN=$token
export SCHEMATHESIS_HOOKS=web_schemathesis_hooks PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}"
exec "$root/.venv-web/bin/schemathesis" --config-file "$root/scripts/web_schemathesis.toml" run "$root/docs/openapi.yaml" \
    --url "$base" \
    --header "Authorization: Bearer $token" \
    --checks all \
    --max-examples 25 \
    --seed "$seed" \
    --workers 1 \
    --request-timeout 60 \
    --generation-database none \
    --report junit --report-dir "$out" \
    --no-color
