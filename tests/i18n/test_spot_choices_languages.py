"""Spot the error, the right step: every choice offered (the right step and the wrong ones,
the hands swapped, carrying on, calling the floor, another mistake's right step, a bet
settled the other ways, a seat settled first) worded at the edge, none left in English in
the pseudo-language but the cards and the irregularity catalogue's own remedies (its file's
words); Traditional Chinese and Korean read back.  The choices' English is
tests/session/test_spot_distractors.py's."""

from __future__ import annotations

from functools import cache

from tests.i18n.english_left import english_left
from tests.support.coups import deal_spots, spot_drill
from trainer.engine.said import Said
from trainer.i18n import set_language
from trainer.irregularities.loader import bundled
from trainer.session.spot import CARRY_ON, FLOOR_CALLED, FixQuestion
from trainer.words.drill import option_label

#: What the drills below deal: coups and tables with an error in every replay, and replays
#: with an irregularity remedied wrong or a player's violation handled wrong.
DRILLS = (
    spot_drill(1.0, questions=12),
    spot_drill(1.0, level="table", questions=12),
    spot_drill(1.0, questions=12, irregularities=1.0),
    spot_drill(1.0, questions=12, violations=1.0),
    spot_drill(1.0, ids=("player-drew-on-6-7",), questions=6),  # no card for the Banker
)


@cache
def _fixes() -> list[FixQuestion]:
    """The fix questions the drills deal (once for the module: dealing is the slow part)."""
    return [
        q
        for d in DRILLS
        for seed in range(2)
        for q in deal_spots(d, seed)
        if isinstance(q, FixQuestion)
    ]


def test_no_english_left_in_the_pseudo_language() -> None:
    fixes = _fixes()
    options = [(q, o) for q in fixes for o in q.options]
    assert CARRY_ON in {o for _q, o in options} and FLOOR_CALLED in {o for _q, o in options}
    assert any(o.startswith(("first pay", "first take")) for _q, o in options)  # a seat first
    assert "no card for the Banker" in {o for _q, o in options}  # the hands swapped
    remedies = [e.remedy for e in bundled()]
    cards = ["Kc Qd Js Th Ah"]  # a card's own notation (the suits are symbols)
    set_language("en_XA")
    worded = [option_label(q, o) for q, o in options]
    left = {
        w: english_left(w, allowed=[*cards, *(r[:1].lower() + r[1:] for r in remedies)])
        for w in worded
    }
    assert {w: found for w, found in left.items() if found} == {}


def test_every_wrong_step_is_a_message_or_the_catalogues_words() -> None:
    """Each wrong step offered is a ``Said`` (worded by its template), or an irregularity
    catalogue's remedy as its file writes it (the right one is the audit's own)."""
    remedies = {e.remedy[:1].lower() + e.remedy[1:] for e in bundled()}
    plain = {
        o for q in _fixes() for o in q.options if not isinstance(o, Said) and o != q.expected().text
    }
    assert plain <= remedies, plain - remedies


def test_read_back_in_traditional_chinese_and_korean() -> None:
    q = next(q for q in _fixes() if CARRY_ON in q.options)
    set_language("zh_Hant")
    assert option_label(q, CARRY_ON) == "繼續：這一局照常進行，當作什麼都沒發生"
    assert option_label(q, FLOOR_CALLED) == "停止，一切保持原位，叫場面主管"
    set_language("ko")
    assert option_label(q, CARRY_ON) == "그대로 진행: 아무 일도 없었던 것처럼 판을 계속함"
    no_card = {  # the hands swapped, or the audit's own
        "no card for the Banker": "不給莊家發牌",
        "no card for the Player": "不給閒家發牌",
        "no more cards for the Banker": "不再給莊家發牌",
        "no more cards for the Player": "不再給閒家發牌",
    }
    q, option = next((q, o) for q in _fixes() for o in q.options if o in no_card)
    set_language("zh_Hant")
    assert option_label(q, option) == no_card[option]
