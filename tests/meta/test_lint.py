"""The code base stays ruff clean and in one format: lint findings and unformatted code fail
the suite like any other bug (`ruff format trainer tests` formats; settings in pyproject).  No
function grows past complexity 15 but the listed few, and that list only shrinks."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which("ruff") is None and not Path(sys.executable).with_name("ruff").exists():
        pytest.skip("ruff is not installed (it comes with the [test] extra)")
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    return subprocess.run(
        [ruff, *args, "--no-cache", "trainer", "tests"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_ruff_clean() -> None:
    result = _ruff("check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_one_format() -> None:
    result = _ruff("format", "--check")
    assert result.returncode == 0, "run `ruff format trainer tests`:\n" + result.stdout


def test_the_format_check_sees_unformatted_code(tmp_path: Path) -> None:
    # Guards the test above against passing vacuously: a badly laid-out file is reported.
    (tmp_path / "trainer").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "trainer" / "x.py").write_text("x = ( 1,2 )\n")
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists() and shutil.which("ruff") is None:
        pytest.skip("ruff is not installed")
    result = subprocess.run(
        [ruff, "format", "--check", "--no-cache", "trainer", "tests"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1 and "x.py" in result.stdout


#: The functions over ruff's complexity limit (pyproject: [tool.ruff.lint.mccabe]), each
#: marked on its def line with a noqa for C901 and, in brackets, why.  The list may only
#: shrink: lower this number when a function is simplified (RUF100 then asks for its mark to go).
COMPLEXITY_EXCEPTIONS = 6


def _ruff_path() -> str:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it comes with the [test] extra)")
    return ruff


def test_the_complexity_exceptions_only_shrink() -> None:
    # Every function over 15, whatever marks or settings would hide it: --isolated reads no
    # per-file-ignores, --ignore-noqa no marker.
    result = subprocess.run(
        [
            _ruff_path(),
            "check",
            "--isolated",
            "--no-cache",
            "--select",
            "C901",
            "--config",
            "lint.mccabe.max-complexity=15",
            "--ignore-noqa",
            "--output-format",
            "json",
            "trainer",
            "tests",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    found = json.loads(result.stdout)
    where = [f"{Path(f['filename']).relative_to(ROOT)}:{f['location']['row']}" for f in found]
    assert len(found) <= COMPLEXITY_EXCEPTIONS, (
        f"{len(found)} functions over complexity 15, at most {COMPLEXITY_EXCEPTIONS}: split the "
        "new one rather than listing it\n" + "\n".join(where)
    )
    for finding, at in zip(found, where, strict=True):
        line = Path(finding["filename"]).read_text().splitlines()[finding["location"]["row"] - 1]
        assert re.search(r"# noqa: C901 \(.+\)$", line), f"{at}: give its reason: {line}"


def test_the_complexity_check_is_on_at_15(tmp_path: Path) -> None:
    # The project's own settings: n ifs in a row make complexity n + 1, so 14 pass, 15 do not.
    def function(name: str, ifs: int) -> str:
        body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(ifs))
        return f"def {name}(x: int) -> int:\n{body}    return -1\n"

    code = tmp_path / "shapes.py"
    code.write_text(function("at_15", 14) + "\n\n" + function("at_16", 15))
    result = subprocess.run(
        [_ruff_path(), "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(code)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    flagged = [line for line in result.stdout.splitlines() if "C901" in line]
    assert len(flagged) == 1 and "`at_16` is too complex (16 > 15)" in flagged[0], result.stdout
