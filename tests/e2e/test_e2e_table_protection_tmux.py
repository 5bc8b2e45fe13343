"""End to end in a real terminal: tmux runs `ezbac train table-protection --seed 5` at 80×24
(the default house, ez).  The test reads each moment of the first table off the screen and
answers it from the house's rules written out here (ez refuses a bet put down after the
first card; with nothing changed, every bet plays), then sees the table go on to the take."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.terminal import Terminal, needs_tmux, option_key

pytestmark = needs_tmux

ALL_PLAY = "Nothing to stop: every bet plays"
#: By hand, ez's rule for a bet put down during the deal (docs/houses.md): refuse it.
LATE = re.compile(r"seat (\d) puts [\d,.]+ on (Player|Banker|Tie|Dragon 7|Panda 8)")


def test_a_table_watched_then_worked_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start("train", "table-protection", "--seed", "5", "--trainee", "E2E Tester")
    try:
        said = []
        for n, moment in enumerate(("No more bets", "The first card is out", "The result"), 1):
            screen = term.wait_for(rf"WATCH THE LAYOUT {moment}(.*\n)*.*\s1 ")
            late = LATE.search(screen)
            right = (
                f"Seat {late.group(1)} {late.group(2)}: past posting: refuse the bet"
                if late
                else ALL_PLAY
            )
            said.append(right)
            term.keys(option_key(screen, right), "Enter")
            term.wait_for(rf"score {n}/{n}")
        # the seed's first table has its late bet during the deal (and only then)
        assert said[0] == said[2] == ALL_PLAY and said[1] != ALL_PLAY
        screen = term.wait_for(r"1 TAKE THE LOSING BETS")
        assert "✓ Right" in screen
    finally:
        term.close()
