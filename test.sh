#!/usr/bin/env bash
# All of polyboard's tests: the Rust workspace in release mode, then the Python suite
# (python-chess driving `polyboard xboard`) in a fresh virtual environment.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --release
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r tests/python/requirements.txt
# cargo test built the release binary for the CLI tests; the Python suite drives it.
POLYBOARD="$PWD/target/release/polyboard" "$venv/bin/python" -m pytest -q tests/python
