"""End to end in a real terminal: tmux runs `ezbac train player-draw --seed 1` at 80×24, the
test reads each coup's cards off the screen, works out the Player's decision by the rules of
docs/rules.md (written out here, not imported), types the answer, and reads the results.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.terminal import CARD, Terminal, needs_tmux, player_draws

pytestmark = needs_tmux

QUESTIONS = 12  # the bundled player-draw drill deals 12 coups, one question each
WRONG_ON = {3, 8}  # answer these questions wrongly on purpose


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
