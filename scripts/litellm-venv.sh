#!/usr/bin/env bash
# Makes a separate virtual environment holding LiteLLM's proxy, for the gateway test
# (tests/providers/test_litellm_gateway.py). It never touches the project's own venv:
# LiteLLM pulls in a large tree of packages the app does not need.
# Usage: scripts/litellm-venv.sh [VENV_DIR]   (default ~/.cache/aipa-tests/litellm-venv)
set -euo pipefail
venv="${1:-${AIPA_LITELLM_VENV:-$HOME/.cache/aipa-tests/litellm-venv}}"
python="${PYTHON:-python3}"
if [ -x "$venv/bin/litellm" ]; then
    echo "litellm venv already at $venv"
    exit 0
fi
start=$(date +%s)
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet 'litellm[proxy]'
echo "litellm venv made at $venv in $(( $(date +%s) - start )) s"
