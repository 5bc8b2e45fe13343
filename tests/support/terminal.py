"""A real terminal for the end-to-end tests: ezbac under tmux at 80x24, and reading cards
off the screen.  The drawing rule is written out here from docs/rules.md, not imported."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.support import ROOT

#: The end-to-end tests' skip where tmux is missing.
needs_tmux = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)
CARD = re.compile(r"│\s*(10|[A2-9JQK])[♠♥♦♣]\s*│")
POINTS = {"A": 1, "10": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}


def player_draws(player: list[str], banker: list[str]) -> bool:
    """docs/rules.md: a two-card 8 or 9 on either hand is a natural (nobody draws); otherwise the
    Player draws on 0-5 and stands on 6-7."""
    p = sum(POINTS[r] for r in player[:2]) % 10
    b = sum(POINTS[r] for r in banker[:2]) % 10
    return not (p >= 8 or b >= 8) and p <= 5


class Terminal:
    def __init__(self, tmp: Path) -> None:
        self.name = f"ezbac-e2e-{uuid.uuid4().hex[:8]}"
        self.tmp = tmp
        #: Its own tmux server (``-L``): with one server shared by the suite's workers, a
        #: session started as the server exits (its last session just ended) failed with
        #: "server exited unexpectedly".
        self.tmux = ["tmux", "-L", self.name]

    def start(self, *args: str) -> None:
        env = {
            "EZBAC_HOME": str(self.tmp / "home"),
            "TERM": "xterm-256color",
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(self.tmp),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
        }
        exports = " ".join(f"{k}={_quote(v)}" for k, v in env.items())
        command = f"env -i {exports} {_quote(sys.executable)} -m trainer " + " ".join(
            _quote(a) for a in args
        )
        subprocess.run(
            [
                *self.tmux,
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                "80",
                "-y",
                "24",
                f"{command}; echo EXITED $?; sleep 60",
            ],
            check=True,
            cwd=ROOT,
        )

    def screen(self) -> str:
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run([*self.tmux, "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.05)

    def wait_for(self, pattern: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared; the screen was:\n{screen}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)
        folder = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}"
        (folder / self.name).unlink(missing_ok=True)  # tmux leaves its socket behind


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def option_key(screen: str, text: str) -> str:
    """The number key shown beside the choice ``text`` ("  2  Call the floor", or "▶2 ..."
    once picked): a test answers what it reads off the screen."""
    for line in screen.splitlines():
        found = re.match(r"^\s*▶?([1-9])\s+(.*?)\s*$", line)
        if found and found.group(2) == text:
            return found.group(1)
    raise AssertionError(f"no option {text!r} on the screen:\n{screen}")
