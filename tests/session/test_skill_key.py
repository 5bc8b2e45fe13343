"""SkillKey: one parse and one format for the history's skill keys, and the curriculum's
patterns over them.  Expected texts are written by hand from trainer/skills.py's table."""

from __future__ import annotations

from typing import Any, cast

import pytest

from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.calls import CallStep
from trainer.engine.catalogue import CATALOGUE
from trainer.engine.irregularities import Irregularity
from trainer.engine.violations import Violation
from trainer.errors import BadInputError
from trainer.history.progress import TABLE_SKILLS
from trainer.history.review import target
from trainer.skillkey import (
    SkillKey,
    SkillKeyError,
    SkillPattern,
    is_pattern,
    matches_any,
    prefix,
)
from trainer.skills import (
    ALL_FAMILIES,
    banker_key,
    commission_skill,
    describe,
    family,
    fee_skill,
    outcome_skill,
    payout_skill,
    player_key,
    reviewed,
    table_chips_skill,
    table_commission_skill,
    table_order_skill,
    table_pay_skill,
    table_take_skill,
)


def every_key() -> list[str]:
    """Every key the engine and the drills can give an answer (trainer.skills' table)."""
    keys = ["natural"]
    keys += [player_key(t) for t in range(8)]
    keys += [banker_key(b, p) for b in range(8) for p in (None, *range(10))]
    keys += [outcome_skill(cast(Any, None), o).key for o in Outcome]
    keys += [payout_skill(b, r).key for b in Bet for r in BetResult]
    keys += [commission_skill(b).key for b in Bet] + [fee_skill().key]
    keys += [table_take_skill().key, table_order_skill().key, table_chips_skill().key]
    keys += [table_commission_skill().key] + [table_pay_skill(b).key for b in Bet]
    keys += [str(SkillKey.of("shoe", s)) for s in ("burn", "cut", "end", "deal")]
    keys += [str(SkillKey.of("call", s.value)) for s in CallStep]
    spots = [m.id for m in CATALOGUE] + ["remedy", "violation"]
    keys += [str(SkillKey.of("spot", s)) for s in (*spots, "none", "remedied", "caught")]
    keys += [str(SkillKey.of("spot", s, "fix")) for s in spots]
    keys += [str(SkillKey.of("violation", v.value)) for v in Violation] + ["violation:none"]
    keys += [str(SkillKey.of("irregularity", i.value)) for i in Irregularity]
    return keys


def test_builders_write_the_stored_texts() -> None:
    assert player_key(5) == "player:5"
    assert banker_key(3, None) == "banker:3:stood"
    assert banker_key(6, 7) == "banker:6:7"
    assert outcome_skill(cast(Any, None), Outcome.DRAGON7).key == "outcome:dragon7"
    assert payout_skill(Bet.BANKER, BetResult.PUSH).key == "payout:banker:push"
    assert commission_skill(Bet.BANKER).key == "payout:banker:commission"
    assert fee_skill().key == "payout:fee"
    assert table_pay_skill(Bet.PANDA8).key == "table:pay:panda8"
    assert table_take_skill().key == "table:take"
    assert TABLE_SKILLS[-1] == "table:commission"
    assert SkillKey.parse("spot:violation").with_parts("fix") == SkillKey(
        "spot", ("violation", "fix")
    )


def test_every_key_round_trips_and_names_a_family() -> None:
    keys = every_key()
    assert len(keys) == len(set(keys))
    for text in keys:
        key = SkillKey.parse(text)
        assert str(key) == text
        assert SkillKey.parse(str(key)) == key
        assert key.family == family(text)
        assert key.family in ALL_FAMILIES, text


def test_parse_gives_family_and_parts() -> None:
    assert SkillKey.parse("natural") == SkillKey("natural", ())
    assert SkillKey.parse("player:5").parts == ("5",)
    key = SkillKey.parse("payout:banker:push")
    assert (key.family, key.parts, key.pieces) == (
        "payout",
        ("banker", "push"),
        ("payout", "banker", "push"),
    )
    assert SkillKey.of("table", "pay", "tie") == SkillKey("table", ("pay", "tie"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "it is empty"),
        ("payout::win", "an empty part"),
        ("table:", "an empty part"),
        (":natural", "an empty part"),
    ],
)
def test_a_malformed_key_is_named(text: str, reason: str) -> None:
    with pytest.raises(SkillKeyError) as caught:
        SkillKey.parse(text)
    assert str(caught.value) == f"{text!r} is not a skill key: {reason}"
    assert isinstance(caught.value, BadInputError) and isinstance(caught.value, ValueError)


def test_a_piece_holding_the_separator_is_refused() -> None:
    with pytest.raises(SkillKeyError, match="'b:c' holds ':'"):
        SkillKey("a", ("b:c",))
    with pytest.raises(SkillKeyError, match="an empty part"):
        SkillKey.of("table", "")


def test_a_hostile_rows_key_is_handled_as_before() -> None:
    # a malformed key is nothing the review can deal, is shown as stored, and is judged
    # due by its text: family payout, last part commission -> not reviewed; win -> reviewed
    assert target("player:") is None
    assert target("payout::win") is None
    assert describe("payout::win") == "payout::win"
    assert family("payout::win") == "payout"
    assert reviewed("payout::commission") is False
    assert reviewed("payout::win") is True
    assert reviewed("spot::") is False


def test_patterns_match_as_shell_patterns() -> None:
    assert SkillPattern("banker:*").matches("banker:3:stood")
    assert SkillPattern("banker:*").matches(SkillKey.parse("banker:0:9"))
    assert not SkillPattern("banker:*").matches("banker")  # the ':' is part of the pattern
    assert SkillPattern("payout:*:win").matches("payout:tie:win")
    assert not SkillPattern("payout:*:win").matches("payout:tie:push")
    assert SkillPattern("payout:*:win").matches("payout:a:b:win")  # '*' crosses ':'
    assert SkillPattern("player:?").matches("player:5")
    assert not SkillPattern("player:?").matches("player:10")
    assert not SkillPattern("natural").matches("Natural")  # case-sensitive
    assert SkillKey.parse("table:pay:tie").matches(SkillPattern("table:*"))
    assert matches_any(("natural", "banker:*"), "natural")
    assert not matches_any(("natural", "banker:*"), "player:3")
    assert SkillPattern("payout:*:win").family == "payout"


def test_prefix_and_pattern_test() -> None:
    assert prefix("table") == "table:"
    assert prefix("table", "pay") == "table:pay:"
    assert is_pattern("banker:*") and is_pattern("player:?") and is_pattern("call:[ab]")
    assert not is_pattern("banker:3:stood")
