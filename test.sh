#!/usr/bin/env bash
# All of polyboard's tests: the Rust workspace in release mode, then the Python suites
# in a fresh virtual environment: the package (python/tests, installed with the
# README's command `pip install ./python`) and python-chess driving `polyboard xboard`
# (tests/python).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --release
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
pip=("$venv/bin/pip" --quiet --disable-pip-version-check)
"${pip[@]}" install -r tests/python/requirements.txt -r python/tests/requirements.txt
# The README's set-up command: builds the extension in release mode (it reuses the
# release build of the crates above) and installs the package.
"${pip[@]}" install ./python
# cargo test built the release binary for the CLI tests; the xboard suite drives it.
# `polyboard` imports as the installed package (python/ is not on the path).
POLYBOARD="$PWD/target/release/polyboard" "$venv/bin/python" -m pytest -q -p no:cacheprovider tests/python python/tests
