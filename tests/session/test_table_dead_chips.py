"""The table drill under a house with dead chips (the bundled ez-rolling: dead chips on
Player, Banker and Tie, 1.2 % of the dead chips lost, rounded down to the cent;
docs/rules.md, "Dead chips and rolling commission").

Worked by hand.  Seat 6 Banker 1,000 (600 dead), seat 3 Player 500 (all dead) and Tie 100
(all dead), seat 1 Player 200 (live).  NATURAL (9h 2c Ks 3d): Player 9 over Banker 5.
Counter-clockwise from the dealer's right the losers are seat 6's Banker, then seat 3's Tie;
the winners seat 3's Player (500 at 1 to 1 = 500, its dead chips stay) then seat 1's Player
(200).  The rolling commission: seat 6's Banker 600 dead lost x 1.2 % = 7.20, then seat
3's Tie 100 x 1.2 % = 1.20.  DRAGON (Kh 2c 6s 3d 2h): a Dragon 7, the Banker bet pushes
(its dead chips stay, nothing rolled); seat 3 loses Player 500 and Tie 100, all dead:
6 and 1.20; seat 1's live Player 200 earns nothing.
"""

from __future__ import annotations

from decimal import Decimal

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.tables import table_drill
from trainer.drills.model import DealtTable, Mode
from trainer.engine import Bet
from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup
from trainer.engine.deviation import DeviationKind
from trainer.engine.notation import Procedure, right_procedure
from trainer.engine.procedure import audit
from trainer.engine.table import Layout
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault, Phase

P, B, T = Bet.PLAYER, Bet.BANKER, Bet.TIE
D = Decimal
LAYOUT = Layout.of(
    {6: {B: 1000}, 3: {P: 500, T: 100}, 1: {P: 200}},
    dead={6: {B: 600}, 3: {P: 500, T: 100}},
)


def _session(cards: str) -> TableSession:
    table = DealtTable(Coup.from_cards(parse_cards(cards)), LAYOUT)
    s = TableSession(
        table_drill(house="ez-rolling"), [table], "ann", clock=FakeClock(), now=FakeNow()
    )
    s.start()
    return s


def _take(s: TableSession, *keys: tuple[int, Bet]) -> None:
    for seat, bet in keys:
        s.mark(seat, bet)
    assert s.confirm_take().correct


def test_the_felt_knows_each_bets_dead_chips() -> None:
    s = _session(NATURAL)
    dead = {sp.key: sp.dead for sp in s.table.spots}
    assert dead == {(6, B): D(600), (3, P): D(500), (3, T): D(100), (1, P): D(0)}


def test_a_player_win_pays_in_live_chips_then_asks_the_rolling_commission() -> None:
    s = _session(NATURAL)
    _take(s, (6, B), (3, T))
    s.select(3, P)
    s.type_amount("500")  # the whole wager at even money, dead chips included
    assert s.confirm_payout().correct
    s.select(1, P)
    s.type_amount("200")
    assert s.confirm_payout().correct
    assert s.table.phase is Phase.COMMISSION and s.table.commission_rolling
    assert s.table.commission_spot is not None and s.table.commission_spot.key == (6, B)
    s.type_amount("7.20")
    fb = s.confirm_commission()
    assert fb.correct and fb.answers[0].expected == "7.20"
    assert s.table.commission_spot is not None and s.table.commission_spot.key == (3, T)
    s.type_amount("1")
    fb = s.confirm_commission()
    assert [m.kind for m in fb.mistakes] == [Fault.WRONG_COMMISSION]
    assert fb.answers[0].expected == "1.20"
    assert fb.answers[0].reason == (
        "seat 3: rolling commission on Tie: 1.2 % of 100 in dead chips = 1.20"
    )
    assert s.table.done
    assert s.table.rolling_given == {(6, B): D("7.20"), (3, T): D(1)}
    assert s.table.commissions_given == {}
    summary = s.summary()
    assert (summary.right, summary.total) == (5, 6)  # take, 2 pays, order, 2 rolling


def test_a_dragon_7_pushes_the_dead_banker_bet_and_rolls_the_losers() -> None:
    s = _session(DRAGON)
    # every other bet loses; the Banker bet pushes and stays, dead chips and all
    _take(s, (3, P), (3, T), (1, P))
    s.finish_paying()  # nothing to pay: the push stays
    assert s.table.phase is Phase.COMMISSION
    assert [e.text for e in s.table.key.commissions] == ["6", "1.20"]
    s.type_amount("6")
    assert s.confirm_commission().correct
    s.type_amount("1.20")
    assert s.confirm_commission().correct
    assert s.table.done


def test_taking_a_dead_chip_push_is_a_take_mistake() -> None:
    s = _session(DRAGON)
    for seat, bet in ((6, B), (3, P), (3, T), (1, P)):
        s.mark(seat, bet)
    fb = s.confirm_take()
    assert [m.kind for m in fb.mistakes] == [Fault.TOOK_PUSH]


def _audit(s: TableSession) -> list[tuple[DeviationKind, str, str]]:
    """The audit of the drill's own export of what the trainee did."""
    t = s.table
    house = t.house
    done = t.worked(right_procedure(t.dealt.coup, t.dealt.layout, house))
    again = Procedure.parse(str(done))  # through the notation's text, as a supervisor reads it
    return [(d.kind, d.right, d.rule) for d in audit(again.dealt, house, again.layout).deviations]


def test_the_audit_judges_the_rolling_commission_as_the_drill_does() -> None:
    s = _session(NATURAL)
    _take(s, (6, B), (3, T))
    for seat, amount in ((3, "500"), (1, "200")):
        s.select(seat, P)
        s.type_amount(amount)
        s.confirm_payout()
    s.type_amount("7.20")
    s.confirm_commission()
    s.type_amount("1")  # 1.20 is right: the drill and the audit both say so
    s.confirm_commission()
    assert _audit(s) == [
        (
            DeviationKind.ROLLING_WRONG,
            "rolling commission 1.20",
            "rolling commission on Tie: 1.2 % of 100 in dead chips = 1.20",
        )
    ]


def test_the_export_writes_the_dead_chips_and_the_rolling_given() -> None:
    s = _session(NATURAL)
    _take(s, (6, B), (3, T))
    for seat, amount in ((3, "500"), (1, "200")):
        s.select(seat, P)
        s.type_amount(amount)
        s.confirm_payout()
    for amount in ("7.20", "1.20"):
        s.type_amount(amount)
        s.confirm_commission()
    t = s.table
    text = str(t.worked(right_procedure(t.dealt.coup, t.dealt.layout, t.house)))
    assert text.splitlines()[-1] == (
        "take:6:banker=1000:dead=600:rolling=7.20 take:3:tie=100:dead=100:rolling=1.20 "
        "pay:3:player=500:500:dead=500 pay:1:player=200:200"
    )
    assert _audit(s) == []


def test_an_exam_timed_out_before_the_rolling_commission_grades_it_a_timeout() -> None:
    clock = FakeClock()
    table = DealtTable(Coup.from_cards(parse_cards(DRAGON)), LAYOUT)
    s = TableSession(
        table_drill(house="ez-rolling", mode=Mode.EXAM, time_limit=30),
        [table],
        "ann",
        clock=clock,
        now=FakeNow(),
    )
    s.start()
    for seat, bet in ((3, P), (3, T), (1, P)):
        s.mark(seat, bet)
    s.confirm_take()
    s.finish_paying()
    s.type_amount("6")
    s.confirm_commission()
    clock.advance(31)
    assert s.expire()
    t = s.table
    assert t.done and t.timed_out
    # the Tie's 1.20 was never given: a timeout, the answer key's amount expected
    (last,) = [a for a in t.answers if a.answer == "timeout"]
    assert last.expected == "1.20" and last.phase is Phase.COMMISSION
    assert [m.kind for m in last.mistakes] == [Fault.TIMEOUT]
