"""Italia's and Revolution's verdict logs resume from the sources of the commit that wrote them,
which `make balance-italia` and `make balance-revolution` take with `git archive`: that archive
must still give the logs' own fingerprint, or the run would silently start their games again."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False)


@pytest.mark.parametrize(
    ("game", "name", "log"),
    [
        ("italia-i", "ITALIA_AT", "italia-i"),
        ("italia-ii", "ITALIA_AT", "italia-ii"),
        ("revolution", "REVOLUTION_AT", "revolution-5-step13"),
    ],
)
def test_the_archive_make_balance_runs_from_has_the_logs_fingerprint(
    game: str, name: str, log: str, tmp_path: Path
) -> None:
    commit = re.search(rf"^{name} := (\w+)$", (ROOT / "Makefile").read_text(), re.M)
    assert commit is not None
    if _git("cat-file", "-e", f"{commit[1]}^{{commit}}").returncode != 0:
        # Only a clone cut short may lack it (make balance cannot run there either); in a whole
        # clone a missing commit is a wrong one in the Makefile.
        shallow = _git("rev-parse", "--is-shallow-repository").stdout.strip() == b"true"
        assert shallow, f"{name} names {commit[1]}, which this repository does not hold"
        pytest.skip(f"a shallow clone does not hold {commit[1]}: git fetch --unshallow")
    archive = _git("archive", commit[1], "src")
    subprocess.run(["tar", "-x", "-C", str(tmp_path)], input=archive.stdout, check=True)
    code = f"from tavola.tools.arena import code_fingerprint; print(code_fingerprint({game!r}))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(tmp_path / "src")},
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    logged = json.loads((ROOT / "docs" / "balance" / f"{log}.jsonl").read_text().splitlines()[0])
    assert json.loads(logged["key"])[0] == out.stdout.strip()
