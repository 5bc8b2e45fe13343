"""End to end in a real terminal: tmux runs `ezbac train table-dragons-pandas --seed 1` at
80×24; the test reads the cards and the bets off the screen, works out by the rules of
docs/rules.md (written out here, not imported) which bets lose and what the first winner in the
house's order is paid, types the take and that payout, and reads the screen's verdicts.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.terminal import CARD, POINTS, Terminal
from tests.support.terminal import needs_tmux as pytestmark  # noqa: F401  (the tmux skip)

BOX_TOP = re.compile(r"╭─+ (?:Seat )?(\d+) ─+╮")
SPOT = re.compile(r"│([a-z])(.)(D7|P8|P|B|T) +([0-9][0-9,.]*)")
#: docs/rules.md, EZ Baccarat: what each bet pays to 1 when it wins.
PAYS = {"P": 1, "B": 1, "T": 8, "D7": 40, "P8": 25}


def read_table(screen: str) -> tuple[list[str], list[str], list[tuple[str, int, str, Decimal]]]:
    """(Player's cards, Banker's cards, [(letter, seat, bet, wager)]) as shown."""
    player: list[str] = []
    banker: list[str] = []
    for line in screen.splitlines():
        player += [m.group(1) for m in CARD.finditer(line[:40])]
        banker += [m.group(1) for m in CARD.finditer(line[40:])]
    boxes: dict[int, int] = {}  # a box's first column: its seat
    spots = []
    for line in screen.splitlines():
        for m in BOX_TOP.finditer(line):
            boxes[m.start()] = int(m.group(1))
        for m in SPOT.finditer(line):
            seat = boxes[m.start()]
            spots.append((m.group(1), seat, m.group(3), Decimal(m.group(4).replace(",", ""))))
    return player, banker, spots


def outcome(player: list[str], banker: list[str]) -> str:
    """docs/rules.md: the higher total wins, equal totals tie; a Banker win on three cards
    totalling 7 is a Dragon 7, a Player win on three cards totalling 8 a Panda 8."""
    p = sum(POINTS[r] for r in player) % 10
    b = sum(POINTS[r] for r in banker) % 10
    if p == b:
        return "tie"
    if b > p:
        return "dragon7" if len(banker) == 3 and b == 7 else "banker"
    return "panda8" if len(player) == 3 and p == 8 else "player"


def result(bet: str, won: str) -> str:
    """lose, push or win for a bet after outcome ``won`` (docs/rules.md's settlement table)."""
    if won == "tie":
        return "win" if bet == "T" else "push" if bet in ("P", "B") else "lose"
    if bet == "P":
        return "win" if won in ("player", "panda8") else "lose"
    if bet == "B":
        return "push" if won == "dragon7" else "win" if won == "banker" else "lose"
    return "win" if {"D7": "dragon7", "P8": "panda8"}.get(bet) == won else "lose"


def test_a_table_in_a_real_terminal(tmp_path: Path) -> None:
    term = Terminal(tmp_path)
    term.start("train", "table-dragons-pandas", "--seed", "1", "--trainee", "E2E Tester")
    try:
        screen = term.wait_for(r"Table 1/\d+(.*\n)*.*TAKE THE LOSING BETS")
        player, banker, spots = read_table(screen)
        assert 2 <= len(player) <= 3 and 2 <= len(banker) <= 3, screen
        assert spots, screen
        won = outcome(player, banker)
        # taken in the house's order: from the dealer's right, the highest seat first
        losers = [
            letter
            for letter, _seat, bet, _w in sorted(spots, key=lambda s: -s[1])
            if result(bet, won) == "lose"
        ]
        winners = [s for s in spots if result(s[2], won) == "win"]
        if not losers or not winners:
            pytest.fail(f"seed 1's first table should have losers and winners:\n{screen}")
        term.keys(*losers)
        term.wait_for(rf"Marked {len(losers)}:")
        term.keys("Enter")
        screen = term.wait_for("[✓✗] (Right|Wrong|\\d+ mistakes)")
        assert "✓ Right" in screen, screen
        # the house's order: counter-clockwise from the dealer's right (the highest seat
        # first), a seat's main bet (P, B, T) before its side bets (D7, P8)
        main = ("P", "B", "T")
        first = min(winners, key=lambda s: (-s[1], s[2] not in main))
        letter, _seat, bet, wager = first
        owed = wager * PAYS[bet]
        term.keys(letter)
        term.wait_for("Enter confirms")
        term.keys(*f"{owed:.2f}".removesuffix(".00"), "Enter")
        screen = term.wait_for(r"Paid 1: ")  # graded: the payout is on the running total
        assert f"✓ Right: pay {owed:,.2f}".removesuffix(".00") in screen, screen
        assert re.search(rf"│{letter}✓", screen), screen  # the bet shows paid on the layout
        term.keys("C-q")  # a drill in progress: asked first
        term.wait_for("Quit anyway")
        term.keys("y")
        term.wait_for(r"EXITED 0")
    finally:
        term.close()
