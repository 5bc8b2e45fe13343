"""A protected table where no bet plays (its only bet refused at a moment watched) settles
no seat: its take is recorded with its seats not measured, never as 0 seats, which the
answer record refuses (the trainer ended with a traceback mid-audition)."""

from __future__ import annotations

import random
from pathlib import Path

from trainer.drills.loader import load_file
from trainer.session.records import AnswerRecord
from trainer.session.table.session import TableSession
from trainer.skills import table_take_skill

DRILL = Path(__file__).parents[1] / "e2e" / "school" / "drills" / "short-protection.yaml"


def test_a_table_with_no_bet_playing_records_its_take_with_no_seats() -> None:
    drill = load_file(DRILL)  # one seat, one bet a table
    recorded: list[AnswerRecord] = []
    session = TableSession.deal(drill, "ann", random.Random(8), on_answer=recorded.append)
    assert session.table.layout.seats == ()  # seed 8: the only bet does not play
    session.start()
    while (q := session.watch_question) is not None:
        session.answer_watch(q.options[0])
    session.confirm_take()
    (take,) = [r for r in recorded if r.skill == table_take_skill().key]
    assert take.seats is None
