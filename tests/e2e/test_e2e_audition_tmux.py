"""End to end in a real terminal: a newcomer sits the bundled audition under tmux at 80×24,
from home (`n` for their name, `a`, the proctor's name) through its eight parts to the
verdict, answering whatever comes first (a newcomer's guesses: the grades are not the
point).  On every screen of it the title says which part is sat ("Part N of 8"), no right
answer is shown after a question (no "✓ Right", "✗ Wrong" or "Lesson"), `?` opens no rules
reference, and the verdict comes after the eighth part.  Every loop is bounded."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.support.terminal import Terminal, needs_tmux

pytestmark = needs_tmux

PART = re.compile(r"Part (\d) of 8 · ")
GIVEN = ("✓ Right", "✗ Wrong", "Lesson:", "the answer is")
#: The most screens the eight parts can show (each answer is one), with room to spare.
MOST_SCREENS = 900


def answer(term: Terminal, screen: str) -> None:
    """Keys for what the screen asks, read off its key line and status, as a newcomer
    presses them: the first choice, a small amount, nothing marked, no error."""
    keys = screen.rstrip().splitlines()[-1] if screen.strip() else ""
    if "Keys 1-" in screen:  # a multiple choice: the shoe, a moment, a call, a fix
        term.keys("1", "Enter")
    elif re.search(r"Type the (amount|commission|collection)", screen):
        term.keys("5", "Enter")
    elif "n No error" in keys:
        term.keys("n", "Enter")
    elif re.search(r"⏎ (Take marked|Done paying|Next table)", keys):
        term.keys("Enter")
    elif found := re.search(
        r"\b([a-z0-9]) (Draws|Stands|Player|Banker|Tie|Win…|Push|Lose)\b", keys
    ):
        term.keys(found.group(1), "Enter")
    else:
        term.keys("Enter")


def settled(term: Terminal, before: str) -> str:
    """The screen once it has changed from ``before`` and held still a moment (a question
    drawn whole, not half way); at most 10 s."""
    deadline = time.monotonic() + 10
    screen, still = term.screen(), 0
    while time.monotonic() < deadline and (screen == before or still < 3):
        time.sleep(0.1)
        now = term.screen()
        still = still + 1 if now == screen else 0
        screen = now
    return screen


def test_a_newcomer_sits_the_audition_as_an_exam(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start()
    try:
        term.wait_for(r"a Audition")
        term.keys("n")
        term.wait_for(r"(?i)name")
        term.keys(*"Newcomer", "Enter")
        term.wait_for(r"Trainee: Newcomer")
        term.keys("a")
        term.wait_for(r"(?i)proctor")
        term.keys(*"Mrs Lee", "Enter")
        screen = term.wait_for(r"Part 1 of 8 · ")
        seen: set[int] = set()
        refused = False
        for _ in range(MOST_SCREENS):
            if re.search(r"\b(PASSED|FAILED)\b", screen):
                break
            part = PART.search(screen)
            assert part, screen
            seen.add(int(part.group(1)))
            for word in GIVEN:
                assert word not in screen, screen
            if not refused and int(part.group(1)) >= 2:  # ? on a practical part: refused
                term.keys("?")
                screen = term.wait_for(r"The rules reference opens after")
                assert "EZ Baccarat drawing rules" not in screen
                refused = True
            before = screen
            answer(term, screen)
            screen = settled(term, before)
        else:
            raise AssertionError(f"no verdict after {MOST_SCREENS} screens:\n{screen}")
        assert seen == set(range(1, 9)), seen
        assert "Mrs Lee" in screen
    finally:
        term.close()
