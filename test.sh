#!/usr/bin/env bash
# All of polyboard's tests: the Rust workspace in release mode, then the Python suites
# in a fresh virtual environment: the package (python/tests, installed with the
# README's command `pip install ./python`) and python-chess driving `polyboard xboard`
# (tests/python).
set -euo pipefail
cd "$(dirname "$0")"

# The tests need optimized code, not the last few percent that whole-program LTO over
# one codegen unit buys the benchmarks, nor line tables (a failing assertion still
# names its file and line). For this script only, the release profile links without
# LTO, compiles each crate in 16 parallel units and writes no debug info: a fresh test
# build takes 320 s of CPU instead of 539 s, and the release binary it builds for the
# CLI tests links in seconds instead of minutes. `cargo run --release` and
# `pip install ./python` outside this script keep Cargo.toml's settings; speed is only
# ever measured there.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_PROFILE_RELEASE_DEBUG=false

venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
pip=("$venv/bin/pip" --quiet --disable-pip-version-check)

# The Python test dependencies (Ray and pyarrow are large downloads) install in the
# background while cargo compiles; the script waits for them before the Python suites.
# Fairy-Stockfish's own pyffish suite (its test.py, GPL-3.0, not copied into polyboard)
# comes from pyffish 0.0.90's source distribution; python/tests/test_fsf_suite.py checks
# the file and runs it against polyboard.pyffish.
(
  python3 -m venv "$venv"
  "${pip[@]}" install -r tests/python/requirements.txt -r python/tests/requirements.txt
  "${pip[@]}" download --no-deps --no-binary :all: -d "$venv/sdist" pyffish==0.0.90
  tar -xzf "$venv/sdist/pyffish-0.0.90.tar.gz" -C "$venv/sdist" pyffish-0.0.90/test.py
) >"$venv/deps.log" 2>&1 &
deps=$!

cargo test --workspace --release

if ! wait "$deps"; then
  cat "$venv/deps.log" >&2
  echo "test.sh: installing the Python test dependencies failed (log above)" >&2
  exit 1
fi
# The README's set-up command: builds the extension (it reuses the crates compiled by
# cargo test above) and installs the package.
"${pip[@]}" install ./python
# cargo test built the release binary for the CLI tests; the xboard suite drives it.
# `polyboard` imports as the installed package (python/ is not on the path).
FSF_TEST_PY="$venv/sdist/pyffish-0.0.90/test.py" POLYBOARD="$PWD/target/release/polyboard" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
  -n 2 --dist loadgroup tests/python python/tests
