"""The drill schema's names are copies (so the schema stays engine-free): they must stay
the engine's and the model's."""

from __future__ import annotations

from trainer.drills import schema as S
from trainer.drills.model import Mode, Order, Step
from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.shoe import SUPPORTED_DECKS


def test_schema_names_are_the_enums_values() -> None:
    assert tuple(m.value for m in Mode) == S.MODES
    assert sorted(o.value for o in Order) == sorted(S.ORDERS)  # the default is listed first
    assert tuple(s.value for s in Step) == S.STEPS
    assert tuple(o.value for o in Outcome) == S.OUTCOMES
    assert tuple(b.value for b in Bet) == S.BETS
    assert tuple(r.value for r in BetResult) == S.RESULTS
    assert S.DECKS == SUPPORTED_DECKS
