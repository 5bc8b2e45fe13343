"""An amount in the engine's sentences is a value (``Amount``, ``Exact``): its English as
``format_amount`` writes it, worded as the language writes amounts at the edge; so a payout's
explanation is the engine's own sentence in every language, not a second copy of it."""

from __future__ import annotations

import pickle
from decimal import Decimal

from trainer.engine import Bet, Outcome
from trainer.engine.house import BUNDLED_HOUSES, settle_bet
from trainer.engine.money import Amount, Exact
from trainer.engine.said import Said
from trainer.i18n import set_language
from trainer.words.said import say
from trainer.words.settlement import explain


def test_an_amount_is_english_below_and_the_languages_at_the_edge() -> None:
    said = Said("{a} and {b}", a=Amount(Decimal("1234.5")), b=Exact(Decimal("0.125")))
    assert said == "1,234.50 and 0.125"
    assert pickle.loads(pickle.dumps(said)).args["a"] == Decimal("1234.5")  # the value kept
    set_language("vi")
    assert say(said) == "1.234,50 and 0,125"


def test_a_payout_reason_is_the_engines_sentence_worded() -> None:
    # a 1,234.50 Banker win in the commission house: 5 % of it, every amount in its language
    s = settle_bet(Outcome.BANKER, Bet.BANKER, Decimal("1234.50"), BUNDLED_HOUSES["commission"])
    assert explain(s) == str(s.explain())
    set_language("vi")
    worded = explain(s)
    assert "1.234,50" in worded and "1,234.50" not in worded


def test_ezbac_checks_bet_line_writes_its_amounts_as_its_reason_does() -> None:
    from tests.support.cli import ezbac

    run = ezbac(
        "--lang", "vi", "check", "Kh", "3s", "6d", "2c", "2h",
        "--house", "commission", "--bet", "banker=1234.5",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    (line,) = [row for row in run.stdout.splitlines() if row.startswith("  ")]
    assert line.startswith("  Nhà cái 1.234,50: thắng, trả 1.172,75. ")
    assert "1,234.50" not in line
