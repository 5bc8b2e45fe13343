"""End to end in a real terminal: tmux runs `ezbac train player-draw --seed 1` at 80×24, the
test reads each coup's cards off the screen, works out the Player's decision by the rules of
RULES.md (written out here, not imported), types the answer, and reads the results.
"""

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

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)

QUESTIONS = 12  # the bundled player-draw drill deals 12 coups, one question each
WRONG_ON = {3, 8}  # answer these questions wrongly on purpose
CARD = re.compile(r"│\s*(10|[A2-9JQK])[♠♥♦♣]\s*│")
POINTS = {"A": 1, "10": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}


def player_draws(player: list[str], banker: list[str]) -> bool:
    """RULES.md: a two-card 8 or 9 on either hand is a natural (nobody draws); otherwise the
    Player draws on 0-5 and stands on 6-7."""
    p = sum(POINTS[r] for r in player[:2]) % 10
    b = sum(POINTS[r] for r in banker[:2]) % 10
    return not (p >= 8 or b >= 8) and p <= 5


class Terminal:
    def __init__(self, tmp: Path) -> None:
        self.name = f"ezbac-e2e-{uuid.uuid4().hex[:8]}"
        self.tmp = tmp

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
            ["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
             f"{command}; echo EXITED $?; sleep 60"],
            check=True, cwd=Path(__file__).resolve().parents[2],
        )

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name],
            check=True, capture_output=True, text=True,
        ).stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
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
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def read_hands(screen: str) -> tuple[list[str], list[str]]:
    for line in screen.splitlines():
        if CARD.search(line):
            player = [m.group(1) for m in CARD.finditer(line[:40])]
            banker = [m.group(1) for m in CARD.finditer(line[40:])]
            return player, banker
    raise AssertionError(f"no cards on the screen:\n{screen}")


def test_a_drill_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start("train", "player-draw", "--seed", "1", "--trainee", "E2E Tester")
    try:
        for n in range(1, QUESTIONS + 1):
            screen = term.wait_for(rf"Q {n}/{QUESTIONS}\b.*\n(.*\n)*.*Does the Player draw\?")
            player, banker = read_hands(screen)
            assert len(player) == 2 and len(banker) == 2, screen
            draws = player_draws(player, banker)
            if n in WRONG_ON:
                draws = not draws
            term.keys("d" if draws else "s", "Enter")
            term.wait_for("[✓✗] (Right|Wrong)")
            term.keys("Enter")
        results = term.wait_for(r"\d+ of \d+ right")
        right = QUESTIONS - len(WRONG_ON)
        percent = round(100 * right / QUESTIONS)
        assert f"{right} of {QUESTIONS} right ({percent}%)" in results
        assert "E2E Tester" in results
        term.keys("C-q")  # nothing in progress: quits without asking
        term.wait_for(r"EXITED 0")
    finally:
        term.close()
