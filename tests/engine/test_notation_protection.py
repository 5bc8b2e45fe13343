"""The notation's violations and irregularities: read and written (parse <-> str), each at
its moment, with every error at its line and column."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from trainer.engine.dealt import Foul, Handled, Remedied
from trainer.engine.irregularities import Irregularity
from trainer.engine.notation import NotationError, Procedure
from trainer.engine.settlement import Bet
from trainer.engine.violations import Response, Violation

# Ks 2h As 2c 5d 3c: Player 1 draws a 5 -> 6; Banker 4 draws on a 5 -> 7 (docs/rules.md).
TEXT = (
    "differential:table under_min:2:player=1:refuse P:Ks late:3:banker=25 B:2h P:As B:2c "
    "remedy:card_exposed:floor P:5d B:3c press:1:player=5\n"
    "call:player=6 call:banker=7 call:outcome=dragon7 pinch:4:player=50:floor "
    "remedy:misdeal\n"
    "take:4:player=100"
)


def test_each_is_read_at_its_moment_with_the_dealers_response() -> None:
    d = Procedure.parse(TEXT).dealt
    assert d.fouls == (
        Foul(Violation.DIFFERENTIAL, None, None, None, None, 0),
        Foul(Violation.UNDER_MIN, 2, Bet.PLAYER, D(1), Response.REFUSE, 0),
        Foul(Violation.PAST_POSTING, 3, Bet.BANKER, D(25), None, 1),
        Foul(Violation.PRESSING, 1, Bet.PLAYER, D(5), None, 6),
        Foul(Violation.PINCHING, 4, Bet.PLAYER, D(50), Response.FLOOR, 6),
    )
    assert d.remedies == (
        Remedied(Irregularity.CARD_EXPOSED, Handled.FLOOR, 4),
        Remedied(Irregularity.MISDEAL, None, 6),
    )


def test_written_canonically_and_read_back_equal() -> None:
    p = Procedure.parse(TEXT)
    text = str(p)
    assert text.splitlines()[0].startswith(
        "differential:table under_min:2:player=1:refuse P:Ks past_posting:3"
    )
    assert "B:3c pressing:1:player=5\n" in text
    assert "pinching:4:player=50:floor" in text.splitlines()[1]
    assert Procedure.parse(text) == p
    assert str(Procedure.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("late:3:banker=25 P:Ks B:2h P:As B:2c", 1, 1, "caught during the deal"),
        ("P:Ks under_min:2:player=1 B:2h P:As B:2c", 1, 6, "at no more bets"),
        ("P:Ks B:2h P:As B:2c\npinch:1:player=5 P:5d B:3c", 2, 1, "after the result"),
        ("P:Ks B:2h P:As B:2c P:5d B:3c call:player=6 late:1:player=5", 1, 45, "during"),
        ("P:Ks late:3:banker=25:pay B:2h P:As B:2c", 1, 6, "refuse, return or floor"),
        ("P:Ks late:15:banker=25 B:2h P:As B:2c", 1, 6, "a seat is 1 to 14"),
        ("P:Ks late:3 B:2h P:As B:2c", 1, 6, "past_posting:SEAT:BET=AMOUNT"),
        ("differential:3:banker=5 P:Ks B:2h P:As B:2c", 1, 1, "differential:table"),
        ("P:Ks B:2h remedy:bogus P:As B:2c", 1, 11, "irregularities are card_exposed"),
        ("P:Ks B:2h remedy:misdeal:shrug P:As B:2c", 1, 11, "remedy:misdeal:floor"),
        ("P:Ks B:2h P:As B:2c\ntake:1:player=5 remedy:misdeal", 2, 17, "before the bets"),
    ],
)
def test_errors_name_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Procedure.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in caught.value.reason
