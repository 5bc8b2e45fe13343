"""End to end in a real terminal: a newcomer sits a school's audition under tmux at 80×24,
from home (`n` for their name, `a`, the proctor's name) through its eight parts to the
verdict, answering whatever comes first (a newcomer's guesses: the grades are not the
point).  On every screen of it the title says which part is sat ("Part N of 8"), no right
answer is shown after a question (no "✓ Right", "✗ Wrong" or "Lesson"), `?` opens no rules
reference, and the verdict comes after the eighth part.  Every loop is bounded.

The school's own curriculum (``school/curriculum.yaml``, in the ezbac folder as a school
puts it) has the bundled audition's eight kinds of part, each with a short drill of its own
(``school/drills/``, the user's drills folder): a written part of four questions, a coup,
payouts, a table exam against the clock, a shoe at the table, the calls, supervising a
table and protecting one, each sat as an exam on its real screen.  The bundled audition's
parts are sat through Pilot in tests/tui/test_audition.py."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from tests.support.terminal import Terminal, needs_tmux

pytestmark = needs_tmux

SCHOOL = Path(__file__).with_name("school")
PART = re.compile(r"Part (\d) of 8 · ")
VERDICT = re.compile(r"\b(PASSED|FAILED)\b")
GIVEN = ("✓ Right", "✗ Wrong", "Lesson:", "the answer is")
#: The most screens the eight short parts can show (each answer is one; about 36), with room
#: to spare.
MOST_SCREENS = 100
#: What changes on a screen with nobody answering: a table's clock (" 12.3s", "⏱ 98.7s
#: left") and a notice's box (the ▌ at its left edge, gone after a few seconds).
RUNNING = re.compile(r"\d+\.\ds\b| *▌.*$", re.MULTILINE)
#: A choice picked and not yet taken: the Enter sent after it still to come ("Your answer:
#: Push. Enter to confirm", or a numbered choice marked ▶ at a table or among the calls).
PICKED = re.compile(r"Enter to confirm|^\s*▶ ?[1-9] ", re.MULTILINE)


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
    """The next screen after an answer to ``before``: moved on from it (its clock and a
    notice aside), a part's or the verdict's, not a choice picked and waiting on the Enter
    already sent, and the same on three reads in a row 0.04 s apart (drawn whole, its
    layout done); at most 10 s."""
    deadline = time.monotonic() + 10
    was = RUNNING.sub("", before)
    last, still = "", 0
    screen = term.screen()
    while time.monotonic() < deadline:
        now = RUNNING.sub("", screen)
        still = still + 1 if now == last else 0
        moved = now != was and (PART.search(now) or VERDICT.search(now))
        if moved and still >= 2 and not PICKED.search(now):
            break
        last = now
        time.sleep(0.04)
        screen = term.screen()
    return screen


def test_a_newcomer_sits_the_audition_as_an_exam(tmp_path: Path) -> None:
    shutil.copytree(SCHOOL, tmp_path / "home")  # the ezbac folder: the curriculum, the drills
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
        assert "Q 1/4 " in screen, screen  # the school's written part, not the bundled 18
        seen: set[int] = set()
        refused = False
        for _ in range(MOST_SCREENS):
            if VERDICT.search(screen):
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
