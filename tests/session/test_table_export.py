"""`x` on the table results exports what the trainee did as well as the right procedure,
so a supervisor's `ezbac audit --file` finds the trainee's deviations.

Every table, mistake and deviation below is worked by hand from docs/rules.md ("Settling a
table"; tests/support/tables.py gives each layout's take, pushes and payouts):

- NATURAL on NATURAL_LAYOUT: the Player wins 9 to 5; take seat 7 Banker 20 and seat 5 Tie
  5; pay seat 7 Player 45, seat 5 Player 15, seat 2 Player 30, in that order.  Worked with
  seat 5's Tie left on the layout, seat 2 paid first, seat 5 paid 10: three deviations.
- DRAGON on DRAGON_LAYOUT: a Dragon 7; take seat 6 Tie, seat 4 Player and Panda 8; seat 6
  and seat 1 Banker push; pay seat 1 Dragon 7 10: 400 (four 100s).  Worked right.
- BANKER_TWO_CARD_7 on COMMISSION_LAYOUT at the commission house: take seat 5 Player; pay
  seat 5 Banker 19 (commission 1), seat 3 Banker 33.25 (commission 1.75).
"""

from __future__ import annotations

from decimal import Decimal

from tests.session.test_table_session import session, take_right
from tests.support.cli import ezbac
from tests.support.coups import DRAGON, NATURAL
from tests.support.tables import (
    BANKER_TWO_CARD_7,
    COMMISSION_LAYOUT,
    DRAGON_LAYOUT,
    NATURAL_LAYOUT,
    dealt,
)
from trainer.engine import Bet

P, B, T, D7, P8 = Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8


def audited(tmp_path, text: str, house: str) -> list[str]:
    path = tmp_path / "export.txt"
    path.write_text(text, encoding="utf-8")
    out = ezbac("audit", "--house", house, "--file", str(path))
    assert out.stderr == ""
    return out.stdout.splitlines()


def paragraphs(lines: list[str]) -> list[list[str]]:
    """The audit's report, one list of lines per coup (each starts with its file:line)."""
    out: list[list[str]] = []
    for line in lines:
        if ".txt:" in line:
            out.append([])
        elif out and line:
            out[-1].append(line)
    return out


def test_a_table_with_known_mistakes_exported_and_audited(tmp_path) -> None:
    s, _, _ = session(dealt(NATURAL, NATURAL_LAYOUT))
    take_right(s, ((7, B),))  # seat 5's Tie is left on the layout
    for seat, amount in ((2, "30"), (7, "45"), (5, "10")):  # seat 2 first; seat 5 short
        s.select(seat, P)
        s.type_amount(amount)
        s.confirm_payout()
    assert s.table.done
    text = s.procedures()
    assert "as ann worked it" in text and "the right procedure" in text
    lines = audited(tmp_path, text, "ez")
    worked, right = paragraphs(lines)
    assert "3 deviations:" in worked
    found = "\n".join(worked)
    assert "paid seat 2 Player before seat 7 Player" in found
    assert "seat 5 Player: paid 10" in found and "Right: pay 15." in found
    assert "seat 5 Tie was not settled" in found and "Right: take 5." in found
    assert "Dealt right." in right
    assert lines[-1] == "2 coups: 1 dealt right, 1 with deviations"


def test_a_table_worked_right_in_chips_with_pushes_left_is_audited_right(tmp_path) -> None:
    s, _, _ = session(dealt(DRAGON, DRAGON_LAYOUT))
    take_right(s, ((6, T), (4, P), (4, P8)))
    s.select(1, D7)
    s.add_chip(Decimal(100), 4)
    s.confirm_payout()
    s.finish_paying()  # the two Banker pushes stay on the layout
    assert s.table.done and all(a.correct for a in s.answers)
    text = s.procedures()
    assert "pay:1:dragon7=10:400:chips=4x100" in text
    lines = audited(tmp_path, text, "ez")
    assert lines[-1] == "2 coups: 2 dealt right, 0 with deviations"


def test_a_wrong_commission_is_exported_and_found(tmp_path) -> None:
    s, _, _ = session(dealt(BANKER_TWO_CARD_7, COMMISSION_LAYOUT), house="commission")
    take_right(s, ((5, P),))
    for seat, amount in ((5, "19"), (3, "33.25")):
        s.select(seat, B)
        s.type_amount(amount)
        s.confirm_payout()
    for given in ("1", "2"):  # seat 3's commission is 1.75, not 2
        s.type_amount(given)
        s.confirm_commission()
    assert s.table.done
    worked, right = paragraphs(audited(tmp_path, s.procedures(), "commission"))
    assert "1 deviation:" in worked
    found = "\n".join(worked)
    assert "seat 3 Banker" in found and "1.75" in found
    assert "Dealt right." in right


def test_a_name_with_a_line_break_writes_no_step_into_the_export(tmp_path) -> None:
    from tests.support.coups import FakeClock, FakeNow
    from tests.support.tables import table_drill
    from trainer.session.table.session import TableSession

    s = TableSession(
        table_drill(),
        [dealt(DRAGON, DRAGON_LAYOUT)],
        "ann\npay:1:banker=25:25\x1b[2J",
        clock=FakeClock(),
        now=FakeNow(),
    )
    s.start()
    take_right(s, ((6, T), (4, P), (4, P8)))
    s.select(1, D7)
    s.add_chip(Decimal(100), 4)
    s.confirm_payout()
    s.finish_paying()
    text = s.procedures()
    assert all(not line.startswith("pay:1:banker") for line in text.splitlines())
    assert "\x1b" not in text
    assert audited(tmp_path, text, "ez")[-1] == "2 coups: 2 dealt right, 0 with deviations"


def test_a_table_not_worked_to_its_end_credits_no_push(tmp_path) -> None:
    # DRAGON_LAYOUT taken right, then time runs out before any payout: the two Banker bets
    # (pushes) were never left on purpose, so they are bets never settled, not pushes
    from trainer.drills.model import Mode

    s, clock, _ = session(dealt(DRAGON, DRAGON_LAYOUT), mode=Mode.EXAM, time_limit=30)
    take_right(s, ((6, T), (4, P), (4, P8)))
    clock.advance(31)
    assert s.expire() and s.table.done
    text = s.procedures()
    worked = text.split("the right procedure")[0]
    assert "push:" not in worked
    assert "bet:6:banker=50" in worked and "bet:1:banker=25" in worked
    lines = audited(tmp_path, text, "ez")
    assert lines[-1] == "2 coups: 1 dealt right, 1 with deviations"


def test_a_violation_let_play_is_exported_and_found(tmp_path) -> None:
    # tests/support/table_app.py's watched DRAGON table: at no more bets and after the
    # result nothing to stop; during the deal seat 4 puts 25 on the Player after the first
    # card (past posting), which the EZ house refuses.  Let play here.
    from dataclasses import replace

    from tests.support.coups import FakeClock, FakeNow
    from tests.support.table_app import table_drill as app_drill
    from tests.support.table_app import watched_table
    from trainer.engine.protection import ALL_PLAY
    from trainer.session.table.session import TableSession

    d = app_drill()
    d = replace(d, table=replace(d.table, violations=0.5))
    s = TableSession(d, [watched_table()], "ann", clock=FakeClock(), now=FakeNow())
    s.start()
    for _ in range(3):
        q = s.watch_question
        assert q is not None and ALL_PLAY in q.options
        s.answer_watch(ALL_PLAY)
    worked, right = paragraphs(audited(tmp_path, s.procedures(), "ez"))
    found = "\n".join(worked)
    assert "seat 4 Player 25: past posting (after card 1): let it play." in found
    assert "Right: refuse the bet." in found
    assert "Dealt right." in right
