"""Running `ezbac` as the tests do, and what every usage error must look like: exit status 2,
one line on stderr, no traceback, nothing on stdout.

``ezbac`` runs the command in this process (``trainer.cli.main``, which returns the exit
status a user's shell would see), with its own standard streams, environment and working
folder for the call: a command's output, status and files are what the tests check, and a
new Python process for each adds a second or so and nothing checked.  ``ezbac_process`` runs
the real process (``python -m trainer``), for what only a process has: the entry point, its
encoding, signals, a server that listens, a bound on a command that might never end.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from tests.support import ROOT


@dataclass(frozen=True)
class Ran:
    """What a command did, as ``subprocess.CompletedProcess`` names it."""

    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str


def _refuse_to_start(*_args: object, **_kwargs: object) -> None:
    raise AssertionError(
        "in process, this command would start the trainer or a server here instead of "
        "refusing its input: a test that means to start one runs it with ezbac_process"
    )


def ezbac(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, timeout: int = 60
) -> Ran:
    """``ezbac ARGS`` in this process, with ``stdin`` as its input (empty if not given) and
    ``env`` on top of this process's environment (the test's own data folder, see conftest),
    in the repository's folder as ``ezbac_process`` runs it.  The trainer's screen and
    ``ezbac serve``'s server are never started here: a command that gets that far fails the
    test (``timeout`` is the real process's; here nothing waits on a screen or a socket)."""
    from textual.app import App
    from textual_serve.server import Server

    from trainer.cli import main

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        for name, value in (env or {}).items():
            mp.setenv(name, value)
        mp.chdir(ROOT)
        mp.setattr(sys, "stdin", io.StringIO(stdin or ""))
        mp.setattr(sys, "stdout", out)
        mp.setattr(sys, "stderr", err)
        mp.setattr(App, "run", _refuse_to_start)
        mp.setattr(Server, "serve", _refuse_to_start)
        zone = "TZ" in (env or {})
        if zone:
            time.tzset()  # local time follows TZ only once told, as a new process is
        try:
            status = main(list(args))
        except SystemExit as stop:  # argparse: --help (0), a usage error (2, already printed)
            status = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    if zone:
        time.tzset()
    return Ran(args, status, out.getvalue(), err.getvalue())


def ezbac_process(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None, timeout: int = 60
) -> subprocess.CompletedProcess[str]:
    """``ezbac ARGS`` as a user runs it, a new process through ``python -m trainer``, with
    ``stdin`` as its input (none if not given) and ``env`` on top of this process's
    environment (the test's own data folder, see conftest)."""
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


def usage_error(run: Ran | subprocess.CompletedProcess[str], culprit: str = "") -> str:
    """The one line of a usage error, checked to name ``culprit``."""
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert culprit in lines[0]
    return lines[0]
