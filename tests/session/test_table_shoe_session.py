"""A shoe at the table (``ask: [shoe, table]``), session level: the burn, the tables dealt
coup after coup from one shoe, "what now?" after a table, the run ending with the shoe.

The stacked shoe below is worked by hand from docs/rules.md's shoe procedure: the first card 5h
burns 5 (the five 2c after it), so the first coup starts at card 7 (index 6).  Coups, in
shoe order (P, B, P, B, then third cards):

- NATURAL (9s Ks Ks Ks): Player 9 against Banker 0, a natural: the Player bet wins 1:1;
- DRAGON (Kh 2c 6s 3d 2h): Player 6 stands, Banker 5 draws the 2h: three-card Banker 7,
  Dragon 7: the Player bet loses.

Cards: 6 (burn) + 4 + 5 + 4 * 5 = 35.  The cut card sits in front of the last 10: it comes
out with the draw that leaves 9 cards, the card at index 25.  Coup 1 holds indices 6-9,
coup 2 10-14, coup 3 15-18, coup 4 19-22, coup 5 23-26: the cut card comes out in coup 5,
before its third card; coup 6 (27-30) is the one more, and the shoe ends (coup 7 is never
dealt).  So six tables, one Dragon 7 among them.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.support.coups import FakeClock, FakeNow
from trainer.drills.catalogue import load_drill
from trainer.drills.loader import load_text
from trainer.drills.model import Kind, Step
from trainer.engine import Bet, Card, Coup, parse_cards
from trainer.engine.shoe import ShoeRules, ShoeRun
from trainer.session.records import AnswerRecord
from trainer.session.shoe import BurnQuestion, Next, NextQuestion, deal_shoe, dealt_shoe
from trainer.session.table.session import TableSession
from trainer.session.table.values import TableActionError

NATURAL = ["9s", "Ks", "Ks", "Ks"]
DRAGON = ["Kh", "2c", "6s", "3d", "2h"]
STACK = ["5h", *["2c"] * 5, *NATURAL, *DRAGON, *NATURAL * 5]
CUT = 10
CUT_COUP = 5  # by hand, above
TABLES = 6  # the cut card's coup, then one more

DRILL = """id: shoe-at-table
title: T
description: D
ask: [shoe, table]
table:
  seats: 1
  bets: {player: {min: 10, max: 10, step: 5}}
"""


def session(**kw: object) -> TableSession:
    drill = load_text(DRILL)
    run = dealt_shoe(ShoeRun.stacked(STACK, ShoeRules(cut=CUT)))
    return TableSession.from_shoe(
        drill, run, "Alex", random.Random(3), clock=FakeClock(), now=FakeNow(), **kw
    )  # type: ignore[arg-type]


def work_table(s: TableSession) -> None:
    """Work the table right, by hand: the Player bet loses on the Dragon 7 coup (take it),
    wins even money on the naturals (pay 10)."""
    (spot,) = s.table.spots
    assert spot.bet is Bet.PLAYER and spot.wager == Decimal(10)
    if s.table.coup.cards == Coup.from_cards(parse_cards(" ".join(DRAGON))).cards:
        s.mark(spot.seat, spot.bet)
        s.confirm_take()
    else:
        s.confirm_take()
        s.select(spot.seat, spot.bet)
        s.type_amount("10")
        s.confirm_payout()
    assert s.table.done


def test_the_loader_makes_it_a_shoe_drill_of_tables() -> None:
    drill = load_text(DRILL)
    assert drill.kind is Kind.SHOE and drill.steps == (Step.TABLE,) and drill.is_table


def test_the_tables_are_the_shoes_coups_in_order() -> None:
    s = session()
    assert s.total == TABLES
    dragon = Coup.from_cards(parse_cards(" ".join(DRAGON)))
    natural = Coup.from_cards(parse_cards(" ".join(NATURAL)))
    assert [t.coup.cards for t in s.tables] == [natural.cards, dragon.cards, *[natural.cards] * 4]
    assert s.shoe is not None
    assert [sc.number for sc in s.shoe.coups] == list(range(1, TABLES + 1))


def test_the_burn_comes_first_and_is_graded_as_in_the_shoe_drill() -> None:
    s = session()
    s.start()
    q = s.shoe_question
    assert isinstance(q, BurnQuestion) and q.card == Card.parse("5h")
    assert s.shoe_line().startswith("Shoe ·")  # nothing of coup 1 yet
    with pytest.raises(TableActionError):  # the table waits for the burn
        s.confirm_take()
    assert "Burn 5 cards" in q.options
    wrong = next(o for o in q.options if o != "Burn 5 cards")
    a = s.answer_shoe(wrong)
    assert not a.correct and a.skill == "shoe:burn" and a.expected == "Burn 5 cards"
    assert s.shoe_question is None  # one answer: the burn is done, the table begins
    assert s.shoe_line() == "Coup 1 · 29 cards left · cut card in the shoe"  # 35 - 6


def test_what_now_after_the_cut_card_then_the_end() -> None:
    records: list[AnswerRecord] = []
    s = session(on_answer=records.append)
    s.start()
    s.answer_shoe("Burn 5 cards")
    asked: dict[int, NextQuestion] = {}
    for number in range(1, TABLES + 1):
        assert s.table.number == number
        if number == CUT_COUP:  # during its table: not given away yet
            assert "cut card in the shoe" in s.shoe_line()
        work_table(s)
        q = s.shoe_question
        if number in (CUT_COUP, TABLES):  # always asked after these two
            assert isinstance(q, NextQuestion)
        if number == CUT_COUP:
            assert "CUT CARD OUT before card 3" in s.shoe_line()
        if q is not None:
            asked[number] = q
            with pytest.raises(TableActionError):  # no dealing on before saying what now
                s.next_table()
            # deal on past the cut card: an error; everything else answered right
            said = (
                Next.DEAL.value
                if number == CUT_COUP
                else {TABLES: Next.OVER.value}.get(number, Next.DEAL.value)
            )
            s.answer_shoe(said)
        s.next_table()
    assert s.finished
    assert asked[CUT_COUP].expected().text == Next.ONE_MORE.value
    assert asked[TABLES].expected().text == Next.OVER.value
    graded = {a.table: a for a in s.shoe_answers}
    assert not graded[CUT_COUP].correct and graded[CUT_COUP].skill == "shoe:cut"
    assert graded[TABLES].correct and graded[TABLES].skill == "shoe:end"
    assert all(graded[n].correct for n in graded if n not in (0, CUT_COUP))
    summary = s.summary()
    shoe = summary.shoe
    assert shoe is not None
    assert (shoe.coups, shoe.cut_coup, shoe.dragon7, shoe.panda8) == (TABLES, CUT_COUP, 1, 0)
    assert dict(shoe.errors) == {Step.CUT: 1}
    # every table worked right; the score counts the shoe's answers too: one of them wrong
    assert all(t.correct for t in summary.tables)
    assert summary.total == len(s.answers) + len(s.shoe_answers)
    assert summary.right == summary.total - 1
    # history: the shoe skills as the shoe drill records them, the tables as table answers
    steps = [(r.step, r.skill) for r in records]
    assert steps[0] == ("burn", "shoe:burn")
    assert ("cut", "shoe:cut") in steps and ("cut", "shoe:end") in steps
    assert ("table", "table:take") in steps
    burn = records[0]
    assert burn.cards == ("5h", *["2c"] * 5)


def test_the_bundled_drill_deals_the_engines_shoe() -> None:
    """The tables' coups are the engine's shoe for the seed, in order, last coups only."""
    drill = load_drill("shoe-table")
    assert drill.kind is Kind.SHOE and drill.is_table and drill.shoe.last_coups == 6
    for seed in range(3):
        s = TableSession.deal(drill, "Alex", random.Random(seed))
        run = deal_shoe(drill, random.Random(seed))
        assert [t.coup for t in s.tables] == [sc.coup for sc in run.coups]
        assert run.coups[-1].last and s.burn is None  # near the end: no burn asked
        # the engine's last_coups: 6 before the cut card, its coup counted, then one more
        assert len(s.tables) == 7
        assert all(3 <= len(t.layout.seats) <= 5 for t in s.tables)
        assert max(s.after) == len(s.tables) - 1  # asked after the last table


def test_the_runs_procedures_carry_the_cut_card_and_the_call_after_each_coup() -> None:
    """By hand (above): the cut card comes out in coup 5, one more coup is dealt; the export
    says deal after coups 1-4, one more after coup 5, the end after coup 6, and the audit
    reads every table as dealt right."""
    from trainer.engine.dealt import CUT_EARLIER, AfterCoup
    from trainer.engine.notation import Procedure, read_procedures
    from trainer.engine.procedure import audit

    s = session()
    items = [item for _, item in read_procedures(s.procedures())]
    assert all(isinstance(p, Procedure) for p in items) and len(items) == TABLES
    procedures = [p for p in items if isinstance(p, Procedure)]
    thens = [p.dealt.then for p in procedures]
    assert thens == [AfterCoup.DEAL] * 4 + [AfterCoup.ONE_MORE, AfterCoup.END]
    assert procedures[4].dealt.cut not in (None, CUT_EARLIER)
    assert procedures[5].dealt.cut == CUT_EARLIER
    house = s.drill.house
    assert all(audit(p.dealt, house, p.layout).right for p in procedures)
