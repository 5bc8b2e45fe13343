"""End to end in a real terminal: a whole shoe at 80x24 through tmux.

The test reads the screen as a trainee would: the first card turned up (and answers the
burn by docs/rules.md: A burns 1, 2-9 their value, 10/J/Q/K burn 10), each coup's cards (and names
the outcome by the rules written out here), and the shoe's line after a coup: when it says
the cut card came out, the answer is "deal one more coup, then the shoe ends"; on the coup
after, "the shoe is over".  The cut card sits 208 cards from the end (half of 8 decks) so the
shoe is some 40 coups.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.support.terminal import CARD, POINTS, Terminal

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)

DRILL = """\
id: e2e-shoe
title: E2E shoe
description: A whole shoe with the cut card half way.
ask: [shoe, outcome]
shoe: {cut: 208}
"""
BURN = {"A": 1, **{str(n): n for n in range(2, 10)}, "10": 10, "J": 10, "Q": 10, "K": 10}
QUESTION = re.compile(r"Q (\d+)(/\d+)?")  # a shoe shows no total


def outcome_key(player: list[str], banker: list[str]) -> str:
    """docs/rules.md: the higher total wins, equal is a Tie; a Banker win on three cards totalling
    7 is a Dragon 7, a Player win on three cards totalling 8 a Panda 8."""
    p = sum(POINTS[r] for r in player) % 10
    b = sum(POINTS[r] for r in banker) % 10
    if p == b:
        return "t"
    if b > p:
        return "7" if b == 7 and len(banker) == 3 else "b"
    return "8" if p == 8 and len(player) == 3 else "p"


def hands(screen: str) -> tuple[list[str], list[str]]:
    for line in screen.splitlines():
        if CARD.search(line):
            return (
                [m.group(1) for m in CARD.finditer(line[:40])],
                [m.group(1) for m in CARD.finditer(line[40:])],
            )
    raise AssertionError(f"no cards on the screen:\n{screen}")


def option(screen: str, words: str) -> str:
    """The key (1-4) of the option that reads ``words``."""
    match = re.search(rf"^\s*[▶ ]?\s*([1-4])\s+{re.escape(words)}\s*$", screen, re.M)
    assert match, f"no option {words!r}:\n{screen}"
    return match.group(1)


def test_a_whole_shoe_in_a_real_terminal(tmp_path: Path) -> None:
    drill = tmp_path / "shoe.yaml"
    drill.write_text(DRILL, encoding="utf-8")
    term = Terminal(tmp_path)
    term.start("train", str(drill), "--seed", "3", "--trainee", "E2E Tester")
    try:
        screen = term.wait_for(r"How many cards are burned\?")
        first = re.search(r"first card is turned up: (10|[A2-9JQK])[♠♥♦♣]", screen)
        assert first, screen
        n = BURN[first.group(1)]
        term.keys(option(screen, f"Burn {n} card{'s' if n != 1 else ''}"), "Enter")
        term.wait_for("✓ Right")
        term.keys("Enter")
        cut_seen = last_seen = None
        answered = 1
        while True:
            screen = term.wait_for(rf"Q {answered + 1}\b|\d+ of \d+ right")
            if re.search(r"\d+ of \d+ right", screen):
                break
            found = QUESTION.search(screen)
            assert found and found.group(2) is None, screen  # the total would say the end
            number = int(found.group(1))
            assert number == answered + 1, screen
            coup = re.search(r"Coup (\d+) ·", screen)
            assert coup, screen
            if "What now?" in screen:
                if "CUT CARD OUT" in screen:  # the moment it comes out, read off the screen
                    cut_seen = int(coup.group(1))
                    words = "Cut card out: deal one more coup, then the shoe ends"
                elif "· cut card out" in screen:  # out before this coup: its last
                    last_seen = int(coup.group(1))
                    words = "That was the last coup: the shoe is over"
                else:
                    words = "Deal the next coup"
                term.keys(option(screen, words), "Enter")
            else:
                player, banker = hands(screen)
                term.keys(outcome_key(player, banker), "Enter")
            term.wait_for("✓ Right")
            answered += 1
            term.keys("Enter")
        assert cut_seen is not None and last_seen == cut_seen + 1  # one more coup, then over
        assert f"{answered} of {answered} right (100%)" in screen
        assert f"Shoe: {last_seen} coups dealt (cut card out in coup {cut_seen})" in screen
        assert "Errors by kind: none" in screen
        term.keys("C-q")
        term.wait_for(r"EXITED 0")
    finally:
        term.close()
