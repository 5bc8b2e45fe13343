"""End to end in a real terminal: tmux runs `ezbac train irregularities --seed 1` at 80×24
(the default house, ez), the test reads each irregularity's name off the screen, answers the
remedy worked out here from the house's rules (the remedies ez confirms, written out below;
any other is "call the floor"), answers one wrongly on purpose, and reads the results."""

from __future__ import annotations

from pathlib import Path

from tests.support.terminal import Terminal, needs_tmux, option_key

pytestmark = needs_tmux

QUESTIONS = 11  # the bundled irregularities drill asks 11, each irregularity once
FLOOR = "Stop, keep everything in place and call the floor"
#: By hand: the irregularities ez confirms the common remedy of (docs/houses.md), and it.
CONFIRMED = {
    "A card exposed in the deal": "The card plays: deal it to the hand it was due to",
    "The cut card misplaced": "Place the cut card again at the house's depth",
    "Too few cards dealt": "Deal the card the hand is due before the result",
    "A misdeal": "Void the coup: burn its cards, every bet stays",
}
NAMES = (
    *CONFIRMED,
    "A card dealt to the wrong hand",
    "A card on the floor",
    "The cut card out early",
    "Too many cards dealt",
    "A player asks to have a card turned",
    "The cards squeezed by the wrong player",
    "Squeezed cards kept from the dealer",
)
WRONG_ON = 2


def test_irregularities_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start("train", "irregularities", "--seed", "1", "--trainee", "E2E Tester")
    seen = set()
    try:
        for n in range(1, QUESTIONS + 1):
            screen = term.wait_for(rf"Q {n}/{QUESTIONS}\b(.*\n)*.*What does the dealer do\?")
            name = next(x for x in NAMES if f"{x}." in screen)
            seen.add(name)
            right = CONFIRMED.get(name, FLOOR)
            if n == WRONG_ON:
                keys = [k for k in "1234" if k != option_key(screen, right)]
                term.keys(keys[0], "Enter")
            else:
                term.keys(option_key(screen, right), "Enter")
            term.wait_for("[✓✗] (Right|Wrong)")
            term.keys("Enter")
        results = term.wait_for(r"\d+ of \d+ right")
        assert f"{QUESTIONS - 1} of {QUESTIONS} right" in results
        assert seen == set(NAMES)
        term.keys("C-q")
        term.wait_for(r"EXITED 0")
    finally:
        term.close()
