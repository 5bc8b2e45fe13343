"""mypy runs in the suite: a type error fails it like any other bug.

The settings live in pyproject.toml ([tool.mypy]): strict for all of trainer. mypy runs in
this process (no subprocess start-up) with its incremental cache in pytest's cache directory,
so a warm run re-checks only what changed.
"""

from __future__ import annotations

import gc
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _mypy(request: pytest.FixtureRequest, *targets: str) -> tuple[int, list[str], str]:
    api = pytest.importorskip("mypy.api", reason="mypy comes with the [test] extra")
    args = [
        "--config-file",
        str(ROOT / "pyproject.toml"),
        "--no-error-summary",
        "--show-error-codes",
        "--no-color-output",
        "--hide-error-context",
    ]
    cache = getattr(request.config, "cache", None)  # None under -p no:cacheprovider
    if cache is not None:
        args += ["--cache-dir", str(cache.mkdir("mypy"))]
    thresholds = gc.get_threshold()
    try:
        stdout, stderr, status = api.run([*args, *targets])
    finally:  # mypy sets the collector's thresholds for its own run (200,000) and leaves them
        gc.set_threshold(*thresholds)
    return status, [line for line in stdout.splitlines() if ": error:" in line], stdout + stderr


def test_mypy_clean(request: pytest.FixtureRequest) -> None:
    status, errors, output = _mypy(request, str(ROOT / "trainer"))
    assert status == 0 and not errors, f"mypy found {len(errors)} error(s):\n{output}"


def test_a_misspelt_field_or_reader_fails_type_checking(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The declarations are reached by attribute and readers by typed reference, so mypy (not
    a drill file at run time) finds a wrong name or a reader's wrong arguments."""
    code = tmp_path / "misspelt.py"
    code.write_text(
        textwrap.dedent("""\
        from trainer.drills import fields as F
        from trainer.fileformat.declare import ScalarReads, reads

        ok = (F.RANGE.step.default, reads(F.DrillReads.cards), reads(ScalarReads.seconds, 60))
        a = F.RANGE.stpe.default
        b = reads(F.DrillReads.cardz)
        c = reads(ScalarReads.integer, 1, "a weight")
    """)
    )
    status, errors, output = _mypy(request, str(code))
    lines = sorted({int(e.split(":")[1]) for e in errors})
    assert status == 1 and lines == [5, 6, 7], output
