"""Running `ezbac` as a user does (a subprocess through `python -m trainer`), and what every
usage error must look like: exit status 2, one line on stderr, no traceback, nothing on
stdout."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support import ROOT


def ezbac(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, timeout: int = 60
) -> subprocess.CompletedProcess[str]:
    """``ezbac ARGS`` with ``stdin`` as its input (none if not given) and ``env`` on top of
    this process's environment (the test's own data folder, see conftest)."""
    return subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, **(env or {})},
        cwd=ROOT,
        timeout=timeout,
    )


def usage_error(run: subprocess.CompletedProcess[str], culprit: str = "") -> str:
    """The one line of a usage error, checked to name ``culprit``."""
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert culprit in lines[0]
    return lines[0]
