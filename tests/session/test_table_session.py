"""The table drill's session: every mistake kind graded on hand-worked tables, timing, exam
and practice, history records.

Every expected take, push, payout, order, chip count and commission below was worked out by
hand from docs/rules.md ("Settling a table": losers first, then counter-clockwise from the
dealer's right, seat 7 towards seat 1, a seat's main bet before its side bet; Dragon 7 pays
40 to 1 and pushes the Banker bet; the commission game pays a Banker win less 5 %, rounded up
to the next quarter by the bundled commission house), never read off settle_table.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.tables import (
    BANKER_TWO_CARD_7,
    COMMISSION_LAYOUT,
    DRAGON_LAYOUT,
    NATURAL_LAYOUT,
    dealt,
    table_drill,
)
from trainer.drills.model import ChipEntry, DealtTable, Mode
from trainer.engine import Bet
from trainer.engine.house import BUNDLED_HOUSES
from trainer.session import SessionError
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.table.session import TableSession
from trainer.session.table.values import Fault, Phase, SpotState, TableActionError

P, B, T, D7, P8 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8
D = Decimal


def session(*tables: DealtTable, **kw: object) -> tuple[TableSession, FakeClock, list]:
    clock = FakeClock()
    records: list = []
    drill_kw = {k: kw.pop(k) for k in ("mode", "house", "chips", "time_limit", "target") if k in kw}
    s = TableSession(
        table_drill(**drill_kw),
        list(tables),
        "ann",
        clock=clock,
        now=FakeNow(),
        on_answer=records.append,
        on_session=records.append,
    )
    s.start()
    return s, clock, records


def kinds(feedback) -> list[Fault]:
    return [m.kind for m in feedback.mistakes]


# -- what the screen reads ---------------------------------------------------------------


def test_seats_and_bets_in_house_order() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    t = s.table
    assert [seat.number for seat in t.seats] == [6, 4, 1]  # from the dealer's right
    assert [(sp.seat, sp.bet) for sp in t.spots] == [
        (6, B),
        (6, T),
        (4, P),
        (4, P8),
        (1, B),
        (1, D7),
    ]  # main bets before side bets
    assert t.phase is Phase.TAKE and t.outcome.value == "dragon7"
    fifty = t.spot(6, B)
    assert fifty.wager == 50 and dict(fifty.chips.chips) == {D(25): 2}  # two green
    assert t.colours[D(25)] == "green"


# -- take ----------------------------------------------------------------------------------


def test_a_perfect_take_is_right_and_takes_the_losers() -> None:
    s, clock, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    for seat, bet in ((6, T), (4, P), (4, P8)):
        assert s.toggle_mark(seat, bet)
    clock.advance(4)
    fb = s.confirm_take()
    assert fb is not None and fb.correct and fb.answers[0].skill == "table:take"
    assert fb.answers[0].seconds == 4
    t = s.table
    assert {k for k in ((6, T), (4, P), (4, P8))} == {
        sp.key for sp in t.spots if t.state(sp) is SpotState.TAKEN
    }
    assert t.phase is Phase.PAY
    assert [sp.key for sp in t.remaining] == [(6, B), (1, B), (1, D7)]


def test_take_mistakes_missed_loser_push_and_winner_taken() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    s.mark(6, T)
    s.mark(4, P)  # the Panda 8 on seat 4 is missed
    s.mark(1, B)  # a Banker bet on a Dragon 7 pushes
    s.mark(1, D7)  # the Dragon 7 wins
    s.toggle_mark(6, B)
    s.toggle_mark(6, B)  # marked and unmarked again: no mistake
    fb = s.confirm_take()
    assert fb is not None and not fb.correct
    found = {(m.kind, m.seat, m.bet) for m in fb.mistakes}
    assert found == {
        (Fault.MISSED_LOSER, 4, P8),
        (Fault.TOOK_PUSH, 1, B),
        (Fault.TOOK_WINNER, 1, D7),
    }
    # corrected: the engine's losers go, the wrongly marked bets stay for the pay phase
    t = s.table
    assert t.state((4, P8)) is SpotState.TAKEN and t.state((1, D7)) is SpotState.ON


# -- pay -----------------------------------------------------------------------------------


def take_right(s: TableSession, keys) -> None:
    for seat, bet in keys:
        s.mark(seat, bet)
    s.confirm_take()


def test_pay_in_order_typed_and_in_chips() -> None:
    s, clock, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B), (5, T)))
    s.select(7, P)
    s.add_chip(D(25))
    s.add_chip(D(5), 4)
    assert s.table.entry.total == 45
    clock.advance(3)
    fb = s.confirm_payout()
    assert fb is not None and fb.correct
    assert [a.skill for a in fb.answers] == ["table:pay:player", "table:chips"]
    assert fb.answers[0].seconds == 3
    s.select(5, P)
    s.type_amount("15")
    assert s.confirm_payout().correct
    s.select(2, P)
    s.add_chip(D(25))
    s.add_chip(D(5))
    fb = s.confirm_payout()
    # every spot is worked (the pushes are none here): paying ends with the order answer
    assert [a.skill for a in fb.answers] == ["table:pay:player", "table:chips", "table:order"]
    assert all(a.correct for a in fb.answers)
    assert s.table.done and s.table.paid_total == 90
    assert s.summary().percent == 100


def test_wrong_order_is_shown_at_once_and_graded_when_paying_ends() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B), (5, T)))
    s.select(2, P)  # seat 2 before seats 7 and 5
    s.type_amount(D(30))
    fb = s.confirm_payout()
    assert kinds(fb) == [Fault.WRONG_ORDER]
    assert [a.correct for a in fb.answers] == [True]  # the amount is right
    for seat in (7, 5):
        s.select(seat, P)
        s.type_amount(D({7: 45, 5: 15}[seat]))
        last = s.confirm_payout()
    order = [a for a in last.answers if a.skill == "table:order"]
    assert len(order) == 1 and not order[0].correct
    assert [m.kind for m in order[0].mistakes] == [Fault.WRONG_ORDER]


def test_wrong_amount_and_chips_against_the_convention() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B), (5, T)))
    s.select(7, P)
    s.type_amount("40")
    fb = s.confirm_payout()
    assert kinds(fb) == [Fault.WRONG_AMOUNT] and not fb.answers[0].correct
    assert fb.answers[0].expected == "pay 45"
    s.select(5, P)
    s.add_chip(D(1), 15)  # 15 white pays 15, where 3 red would do
    fb = s.confirm_payout()
    assert kinds(fb) == [Fault.CHIPS]
    pay, chips = fb.answers
    assert pay.correct and not chips.correct and chips.skill == "table:chips"
    s.select(2, P)
    s.add_chip(D(25))
    s.add_chip(D(5))
    s.add_chip(D(1))
    s.remove_chip(D(1))
    s.add_chip(D(1))  # 31 in chips: wrong amount, no chips answer
    fb = s.confirm_payout()
    assert Fault.WRONG_AMOUNT in kinds(fb)
    assert "table:chips" not in [a.skill for a in fb.answers]


def test_paying_a_push_and_leaving_a_winner_unpaid() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    take_right(s, ((6, T), (4, P), (4, P8)))
    s.select(6, B)  # the Banker bet pushes on a Dragon 7
    s.type_amount("50")
    fb = s.confirm_payout()
    assert kinds(fb) == [Fault.PAID_PUSH] and fb.answers[0].expected == "push"
    assert s.table.state((6, B)) is SpotState.LEFT
    fb = s.finish_paying()  # the Dragon 7 on seat 1 is never paid
    assert kinds(fb) == [Fault.MISSED_WINNER]
    (missed,) = fb.answers
    assert missed.skill == "table:pay:dragon7" and missed.expected == "pay 400"
    assert s.table.done  # one winner: no order answer; EZ: no commission


def test_entry_rules_of_the_chip_setting() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT), chips=ChipEntry.CHIPS)
    take_right(s, ((7, B), (5, T)))
    with pytest.raises(TableActionError, match="pick the bet"):
        s.add_chip(D(5))
    s.select(7, P)
    with pytest.raises(TableActionError, match="chips"):
        s.type_amount("45")
    with pytest.raises(TableActionError, match="not a chip"):
        s.add_chip(D(10))
    with pytest.raises(TableActionError, match="give the amount"):
        s.confirm_payout()
    t, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT), chips=ChipEntry.TYPED)
    take_right(t, ((7, B), (5, T)))
    t.select(7, P)
    with pytest.raises(TableActionError, match="typed"):
        t.add_chip(D(5))
    with pytest.raises(TableActionError, match="the table is at pay"):
        t.confirm_take()
    with pytest.raises(ValueError):
        t.type_amount("forty")


# -- commission ----------------------------------------------------------------------------


def test_commission_table() -> None:
    s, _, _ = session(dealt(BANKER_TWO_CARD_7, COMMISSION_LAYOUT), house="commission")
    take_right(s, ((5, P),))
    s.select(5, B)
    s.type_amount("19")
    assert s.confirm_payout().correct
    s.select(3, B)
    s.add_chip(D(25))
    s.add_chip(D(5))
    s.add_chip(D("2.50"))
    s.add_chip(D("0.50"))
    s.add_chip(D("0.25"))
    fb = s.confirm_payout()  # 33.25 in 5 chips, the fewest
    assert fb.correct and s.table.phase is Phase.COMMISSION
    assert s.table.commission_spot.key == (5, B) and not s.table.commission_boxed
    s.type_amount("1")
    assert s.confirm_commission().correct
    assert s.table.commission_spot.key == (3, B)
    s.type_amount("1.50")
    fb = s.confirm_commission()
    assert kinds(fb) == [Fault.WRONG_COMMISSION] and fb.answers[0].expected == "1.75"
    assert s.table.done
    summary = s.summary()
    assert (summary.right, summary.total) == (6, 7)  # take, 2 pays, chips, order, 2 comm.


# -- timing, exam and practice -------------------------------------------------------------


def test_exam_gives_no_feedback_until_the_end() -> None:
    s, _, records = session(dealt(NATURAL, NATURAL_LAYOUT), mode=Mode.EXAM)
    s.mark(7, B)
    assert s.confirm_take() is None  # the Tie on seat 5 was missed: not said now
    for seat, amount in ((7, 45), (5, 15), (2, 30)):
        s.select(seat, P)
        s.type_amount(D(amount))
        assert s.confirm_payout() is None
    # the missed Tie stays on the layout (an exam shows the take as it was done, never the
    # right one): paying is ended by "done paying"
    assert [sp.bet for sp in s.table.remaining] == [T]
    assert s.finish_paying() is None
    s.next_table()
    assert s.finished
    summary = s.summary()
    assert summary.mistakes == {Fault.MISSED_LOSER: 1}
    assert (summary.right, summary.total) == (4, 5)  # take wrong; 3 pays and order right
    final = [r for r in records if isinstance(r, SessionRecord)][-1]
    assert final.finished_at is not None and final.questions == 5 and final.correct == 4


def test_exam_time_limit_closes_the_table_as_timed_out() -> None:
    s, clock, records = session(
        dealt(NATURAL, NATURAL_LAYOUT), dealt(DRAGON, DRAGON_LAYOUT), mode=Mode.EXAM, time_limit=30
    )
    take_right(s, ((7, B), (5, T)))
    s.select(7, P)
    s.type_amount("45")
    s.confirm_payout()
    clock.advance(29)
    assert not s.expire() and s.remaining() == pytest.approx(1)
    clock.advance(2)
    s.select(5, P)  # after the limit: the table closes, the action is ignored
    t = s.table
    assert t.done and t.timed_out and t.seconds == 30
    timeouts = [a for a in t.answers if a.answer == "timeout"]
    # each question still open was waited on from the last action (at 0 s) to the limit
    assert [a.seconds for a in t.answers] == [0, 0, 30, 30, 30]  # take, pay; 2 pays, order
    # seats 5 and 2 unpaid, and the order answer: all wrong as timeouts
    assert sorted(a.skill for a in timeouts) == [
        "table:order",
        "table:pay:player",
        "table:pay:player",
    ]
    assert all(m.kind is Fault.TIMEOUT for a in timeouts for m in a.mistakes)
    s.next_table()
    clock.advance(31)  # the second table: nothing done, the timer expires it
    assert s.expire() and s.table.timed_out
    assert [a.skill for a in s.table.answers] == ["table:take", "table:pay:dragon7"]
    s.next_table()
    summary = s.summary()
    assert summary.table_seconds == (30, 30) and summary.right == 2  # take, seat 7's pay
    answers = [r for r in records if isinstance(r, AnswerRecord)]
    assert len(answers) == summary.total and all(r.step == "table" for r in answers)


def test_practice_flags_over_time_but_grades_on_merit() -> None:
    s, clock, _ = session(dealt(DRAGON, DRAGON_LAYOUT), time_limit=10, target=5)
    clock.advance(12)
    fb = s.confirm_take()  # nothing marked: three losers missed, but not timed out
    assert kinds(fb) == [Fault.MISSED_LOSER] * 3 and fb.answers[0].over_time
    s.select(1, D7)
    s.add_chip(D(100), 4)
    assert s.confirm_payout().correct
    s.finish_paying()
    assert s.table.done and not s.table.timed_out and s.table.seconds == 12
    s.next_table()
    summary = s.summary()
    assert summary.tables[0].within_target is False
    assert "target 5 s: 0 of 1" in summary.trend


def test_trend_over_tables_against_the_target() -> None:
    tables = [dealt(NATURAL, {3: {P: 10}}) for _ in range(4)]
    s, clock, _ = session(*tables, target=20)
    for seconds in (30, 26, 14, 10):  # each table worked right
        clock.advance(seconds)
        s.confirm_take()
        s.select(3, P)
        s.type_amount("10")
        s.confirm_payout()
        s.next_table()
    summary = s.summary()
    assert summary.table_seconds == (30, 26, 14, 10)
    assert [sum(a.seconds for a in t.answers) for t in summary.tables] == [30, 26, 14, 10]
    assert summary.within_target == 2
    assert summary.trend == ("28.0 s -> 12.0 s a table (faster), target 20 s: 2 of 4 within it")


def test_records_carry_skill_bet_wager_and_time() -> None:
    s, clock, records = session(dealt(DRAGON, DRAGON_LAYOUT))
    take_right(s, ((6, T), (4, P), (4, P8)))
    clock.advance(7)
    s.select(1, D7)
    s.type_amount("400")
    s.confirm_payout()
    answers = [r for r in records if isinstance(r, AnswerRecord)]
    last = answers[-1]
    assert (
        last.skill,
        last.bet,
        last.wager,
        last.answer,
        last.expected,
        last.correct,
        last.seconds,
    ) == ("table:pay:dragon7", "dragon7", "10", "pay 400", "pay 400", True, 7)
    assert last.cards == ("Kh", "2c", "6s", "3d", "2h")


def test_actions_out_of_turn_and_sessions_refused() -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    with pytest.raises(TableActionError, match="pay"):
        s.select(1, D7)
    with pytest.raises(TableActionError, match="no Tie"):
        s.toggle_mark(1, T)
    with pytest.raises(TableActionError, match="not done"):
        s.next_table()
    take_right(s, ((6, T), (4, P), (4, P8)))
    with pytest.raises(TableActionError, match="taken"):
        s.select(4, P)
    with pytest.raises(SessionError):
        TableSession(table_drill(), [], "ann")
    from trainer.session import Session

    with pytest.raises(SessionError, match="TableSession"):
        Session(table_drill(), [], "ann")


def test_deal_uses_the_drills_dealer() -> None:
    tables = [dealt(DRAGON, DRAGON_LAYOUT)]
    s = TableSession.deal(table_drill(), "ann", random.Random(1), lambda d, r: tables)
    assert s.total == 1 and s.table.dealt is tables[0]


def test_done_paying_time_goes_on_the_order_answer() -> None:
    s, clock, _ = session(dealt(NATURAL, {5: {P: 15}, 7: {P: 45, B: 20}, 6: {T: 5}}))
    clock.advance(2)
    take_right(s, ((7, B), (6, T)))
    for seat, amount in ((7, 45), (5, 15)):
        clock.advance(3)
        s.select(seat, P)
        s.type_amount(D(amount))
        s.confirm_payout()
    assert s.table.done  # nothing left on the layout: paying ended by itself
    t, clock2, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    clock2.advance(2)
    take_right(t, ((6, T), (4, P), (4, P8)))
    clock2.advance(3)
    t.select(1, D7)
    t.type_amount("400")
    t.confirm_payout()
    clock2.advance(4)
    t.finish_paying()  # the Banker pushes stay: "done paying" took 4 s
    assert t.table.seconds == 9
    # the order is the pay phase's question: from the take (at 2 s) to the last payout
    assert [a.seconds for a in s.table.answers] == [2, 3, 3, 6]  # take, 2 pays, order


def test_unmark_and_the_reference_in_an_exam() -> None:
    from trainer.session import ReferenceRefused

    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT), mode=Mode.EXAM)
    s.mark(1, B)
    s.mark(1, B, marked=False)
    assert s.table.state((1, B)) is SpotState.ON and s.in_progress
    with pytest.raises(ReferenceRefused):
        s.open_reference()
    p, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    assert p.open_reference() == 1


def test_a_table_where_every_bet_loses_ends_with_the_take() -> None:
    # NATURAL: the Player wins; Banker and Tie bets lose (by hand)
    s, _, _ = session(dealt(NATURAL, {2: {B: 10}, 4: {T: 5, B: 25}}))
    take_right(s, ((2, B), (4, T), (4, B)))
    assert s.table.done and [a.skill for a in s.table.answers] == ["table:take"]


def test_time_running_out_after_every_winner_is_paid_grades_the_order_on_merit() -> None:
    s, clock, _ = session(
        dealt(DRAGON, {1: {B: 25, D7: 10}, 3: {D7: 5}}), mode=Mode.EXAM, time_limit=30
    )
    take_right(s, ())  # nothing loses on a Dragon 7 here: the Banker pushes, two Dragons
    for seat, amount in ((3, "200"), (1, "400")):  # seat 3 first: the house's order
        clock.advance(4)
        s.select(seat, D7)
        s.type_amount(amount)
        s.confirm_payout()
    clock.advance(23)  # at 31 s: the push on seat 1 is never left with "done paying"
    assert s.expire()
    order = [a for a in s.table.answers if a.skill == "table:order"]
    assert len(order) == 1 and order[0].correct and order[0].answer != "timeout"
    # take 0 s; each payout 4 s; the order: the pay phase, from the take to the last payout
    assert [a.seconds for a in s.table.answers] == [0, 4, 4, 8]


def test_a_skipped_winner_is_unpaid_and_out_of_order() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B), (5, T)))
    for seat, amount in ((5, "15"), (2, "30")):  # seat 7 never paid
        s.select(seat, P)
        s.type_amount(amount)
        s.confirm_payout()
    fb = s.finish_paying()
    # seat 7 unpaid: its payout, and the order it leaves incomplete (seats 5 and 2 were
    # already shown out of order when they were paid)
    assert sorted(m.kind.value for m in fb.mistakes) == ["missed_winner", "wrong_order"]
    order = next(a for a in fb.answers if a.skill == "table:order")
    assert not order.correct and len(order.mistakes) == 3  # 5 and 2 before 7; 7 unpaid


def test_paying_one_of_two_winners_then_done_is_not_the_right_order() -> None:
    # NATURAL: the Player wins.  By hand: nothing to take; pay seat 7 Player 45 (even
    # money), then seat 2 Player 30.  Seat 7 paid, then "done paying": seat 2 is never
    # paid, so neither its payout nor the order is right: 2 of 4 (take, seat 7's payout).
    s, _, _ = session(dealt(NATURAL, {2: {P: 30}, 7: {P: 45}}))
    take_right(s, ())
    s.select(7, P)
    s.type_amount("45")
    assert s.confirm_payout().correct  # the first winner, the right amount, in order
    fb = s.finish_paying()
    assert not fb.correct
    order = next(a for a in fb.answers if a.skill == "table:order")
    assert not order.correct
    assert [m.text for m in order.mistakes] == [
        "seat 2 Player 30 was never paid: the order is not complete"
    ]
    assert order.answer == "seat 7 Player; not paid: seat 2 Player"
    assert order not in fb.right
    assert sorted(m.kind.value for m in fb.mistakes) == ["missed_winner", "wrong_order"]
    (result,) = s.results()
    assert (result.right, result.total) == (2, 4)


def test_typed_amounts_are_exact_cents() -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B), (5, T)))
    s.select(7, P)
    for bad in (D("-5"), D("1.234"), "4 5", 45.0):
        with pytest.raises(ValueError):
            s.type_amount(bad)  # type: ignore[arg-type]
    assert s.table.entry.empty
    assert s.type_amount("1,000").total == 1000


def test_chips_are_graded_by_the_houses_convention() -> None:
    """A colour-for-colour house: the Dragon 7 on a 10 wager (two red 5s) is paid 400 in
    reds, 80 of them (docs/rules.md pays 40 to 1; the house pays in the wager's colour), so the
    fewest-chips cut of four black 100s departs from the house's convention."""
    from dataclasses import replace

    from trainer.engine.chips import ChipConvention, PayStyle

    house = replace(BUNDLED_HOUSES["ez"], payout_chips=ChipConvention(PayStyle.COLOUR_FOR_COLOUR))
    drill = replace(table_drill(), house=house)

    def paid_dragon_with(chips: dict[Decimal, int]) -> list[Fault]:
        s = TableSession(
            drill,
            [dealt(DRAGON, DRAGON_LAYOUT)],
            "ann",
            clock=FakeClock(),
            now=FakeNow(),
            on_answer=lambda r: None,
            on_session=lambda r: None,
        )
        s.start()
        take_right(s, ((6, T), (4, P), (4, P8)))
        s.select(1, D7)
        for value, n in chips.items():
            s.add_chip(value, n)
        fb = s.confirm_payout()
        assert fb is not None
        return kinds(fb)

    assert paid_dragon_with({D(5): 80}) == []
    assert paid_dragon_with({D(100): 4}) == [Fault.CHIPS]
