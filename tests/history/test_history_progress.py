"""Progress-screen data: the tableau grid, outcomes, payouts, sessions over time, what is due."""

from __future__ import annotations

from datetime import timedelta

from tests.support.history import T0, answer, session
from trainer.engine import Bet, BetResult, Outcome
from trainer.history.progress import PAYOUTS, THIRD_CARDS, Tally, progress_data
from trainer.history.store import open_history

S = timedelta(seconds=1)


def test_progress_groups_answers_by_cell_outcome_and_payout(history_db: str) -> None:
    with open_history(history_db) as store:
        store.on_session(session("s1", questions=4, correct=3, passed=False, minutes=2))
        store.on_session(
            session("s2", started=T0 + timedelta(hours=1), minutes=1, abandoned=True, questions=3)
        )
        for a in [
            answer("banker:3:8", False, T0 + S, seconds=6.0),
            answer("banker:3:8", True, T0 + 2 * S, seconds=2.0),
            answer("banker:6:stood", True, T0 + 3 * S, seconds=1.0),
            answer("outcome:dragon7", True, T0 + 4 * S, seconds=3.0),
            answer(
                "payout:banker:push",
                False,
                T0 + timedelta(hours=1, seconds=5),
                session_id="s2",
                seconds=5.0,
            ),
            answer(
                "player:5", True, T0 + timedelta(hours=1, seconds=6), session_id="s2", seconds=1.0
            ),
            answer(
                "natural", True, T0 + timedelta(hours=1, seconds=7), session_id="s2", seconds=2.0
            ),
            answer("outcome:tie", False, T0, trainee="bo", session_id="other"),
        ]:
            store.on_answer(a)
        data = progress_data(store, "ana", now=T0 + timedelta(hours=2))

    assert data.total == Tally(7, 5, 20.0)
    assert data.tableau.cell(3, 8) == Tally(2, 1, 8.0)
    assert data.tableau.cell(3, 8).accuracy == 0.5 and data.tableau.cell(3, 8).avg_seconds == 4.0
    assert data.tableau.cell(6, None) == Tally(1, 1, 1.0)
    assert data.tableau.cell(0, 0) == Tally()
    rows = data.tableau.rows
    assert [bt for bt, _ in rows] == list(range(8)) and all(len(r) == 11 for _, r in rows)
    assert rows[3][1][THIRD_CARDS.index(8)] == Tally(2, 1, 8.0)
    assert data.player == {5: Tally(1, 1, 1.0)}
    assert data.natural == Tally(1, 1, 2.0)
    assert data.outcomes == {Outcome.DRAGON7: Tally(1, 1, 3.0)}  # bo's tie is not ana's
    assert data.payouts == {(Bet.BANKER, BetResult.PUSH): Tally(1, 0, 5.0)}

    first, second = data.sessions
    assert first.session_id == "s1" and first.score == 0.75 and first.avg_seconds == 3.0
    assert second.abandoned and second.answered == 3 and second.score == 2 / 3
    assert first.completed and not second.completed
    assert second.avg_seconds == 8.0 / 3

    # Two hours in only the last miss is due: banker:3:8 was missed but then answered right
    # (box 2, due a day after), every other skill was right the first time (box 2).
    assert [s.skill for s in data.due] == ["payout:banker:push"]
    assert data.next_due == T0 + 2 * S + timedelta(days=1)  # banker:3:8 went back up to box 2


def test_payout_rows_are_the_results_the_table_can_give() -> None:
    # docs/rules.md, "Settlement": Player and Banker bets can win, push or lose; Tie, Dragon 7,
    # Panda 8 never push.
    assert len(PAYOUTS) == 3 + 3 + 2 + 2 + 2
    assert (Bet.TIE, BetResult.PUSH) not in PAYOUTS
    assert (Bet.BANKER, BetResult.PUSH) in PAYOUTS


def test_progress_of_someone_without_history_is_empty(history_db: str) -> None:
    with open_history(history_db) as store:
        data = progress_data(store, "new", now=T0)
    assert data.empty and data.due == () and data.next_due is None
