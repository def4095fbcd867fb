"""Fairy-Stockfish's own pyffish test suite, run against polyboard.pyffish with only its
import line changed.

The suite is Fairy-Stockfish's `test.py` (GPL-3.0; not copied into polyboard). It is taken
from pyffish 0.0.90's source distribution on PyPI, whose `test.py` is Fairy-Stockfish's at
commit c19b5f6c (July 2026) with one test more (`test_typing_metadata`: the package ships
its type stubs, as polyboard.pyffish does). The file is checked by its SHA-256 before it
runs, so that what runs is that file and nothing else; `import pyffish as sf` becomes
`import polyboard.pyffish as sf`, and every other line runs as written.

`FSF_TEST_PY` names a copy of the file to use instead of downloading the source
distribution (test.sh downloads it while cargo compiles). The suite runs in a subprocess:
it loads its own variants into the process-wide polyboard.pyffish at import.

The one test that fails, as README.md says: `test_info` wants `sf.info()` to start with
"Fairy-Stockfish", and polyboard does not claim to be Fairy-Stockfish.
"""

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile

import pytest

# pyffish 0.0.90's sdist: pyffish-0.0.90/test.py.
TEST_PY_SHA256 = "2aee4bbbad002d3f0b6a1b1e209b0038216c26176d68dc76f8a16056e52cd69b"
IMPORT_LINE = "import pyffish as sf\n"
OUR_IMPORT = "import polyboard.pyffish as sf\n"
# The tests that may fail, each with the reason (README.md, "Fairy-Stockfish's own tests").
EXPECTED_FAILURES = {"test_info": "wants sf.info() to start with 'Fairy-Stockfish'"}

RUNNER = r"""
import json, sys, unittest
sys.path.insert(0, sys.argv[1])
import fsf_test
suite = unittest.defaultTestLoader.loadTestsFromModule(fsf_test)
result = unittest.TestResult()
suite.run(result)
failed = sorted({t.id().split(".")[2].split(" ")[0] for t, _ in result.failures + result.errors})
details = [t.id() + "\n" + text[-1500:] for t, text in result.failures + result.errors]
print(json.dumps({"run": result.testsRun, "failed": failed, "details": details}))
"""


def fetch_test_py(into):
    given = os.environ.get("FSF_TEST_PY")
    if given:
        return open(given, "rb").read()
    out = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-binary", ":all:", "-d", into, "pyffish==0.0.90"],
        capture_output=True, text=True)
    sdist = os.path.join(into, "pyffish-0.0.90.tar.gz")
    if out.returncode != 0 or not os.path.exists(sdist):
        pytest.fail(f"cannot download pyffish 0.0.90's source distribution from PyPI: {out.stderr[-2000:]}")
    with tarfile.open(sdist) as tar:
        return tar.extractfile("pyffish-0.0.90/test.py").read()


def test_fairy_stockfish_suite_passes_against_polyboard_pyffish():
    with tempfile.TemporaryDirectory() as tmp:
        text = fetch_test_py(tmp)
        assert hashlib.sha256(text).hexdigest() == TEST_PY_SHA256, "not pyffish 0.0.90's test.py"
        source = text.decode("utf-8")
        assert source.count(IMPORT_LINE) == 1
        with open(os.path.join(tmp, "fsf_test.py"), "w", encoding="utf-8") as f:
            f.write(source.replace(IMPORT_LINE, OUR_IMPORT))
        run = subprocess.run([sys.executable, "-c", RUNNER, tmp], capture_output=True, text=True, cwd=tmp)
        assert run.returncode == 0, run.stderr[-3000:]
        result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["run"] == 23
    unexpected = [f for f in result["failed"] if f not in EXPECTED_FAILURES]
    assert not unexpected, "\n\n".join(result["details"])
