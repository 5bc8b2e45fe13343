"""mypy runs in the suite: a type error fails it like any other bug.

The settings live in pyproject.toml ([tool.mypy]): default settings for all of trainer, strict
for trainer.engine and trainer.fileformat. mypy runs in this process (no subprocess start-up)
with its incremental cache in pytest's cache directory, so a warm run re-checks only what
changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_clean(request: pytest.FixtureRequest) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy comes with the [test] extra")
    cache = request.config.cache.mkdir("mypy") if request.config.cache else None
    args = ["--config-file", str(ROOT / "pyproject.toml"), "--no-error-summary",
            "--show-error-codes", "--no-color-output", "--hide-error-context"]
    if cache is not None:
        args += ["--cache-dir", str(cache)]
    stdout, stderr, status = api.run([*args, str(ROOT / "trainer")])
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert status == 0 and not errors, (
        f"mypy found {len(errors)} error(s):\n" + (stdout or stderr))
