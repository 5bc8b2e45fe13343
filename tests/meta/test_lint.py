"""The code base stays ruff clean and in one format: lint findings and unformatted code fail
the suite like any other bug (`ruff format trainer tests` formats; settings in pyproject)."""

from __future__ import annotations

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
