"""Reading and driving the trainer's screens under Textual's Pilot: a widget's text, a
trainer app on hand-worked coups, a history for the progress screen."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from textual.widgets import Static

from tests.support.coups import FakeClock, FakeNow, dealer, dragon_replays, drill, remedy_replays
from tests.support.history import T0, answer, session
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import WHOLE_COUP, Step
from trainer.engine.dealt import Handled
from trainer.history.progress import ProgressData, progress_data
from trainer.history.store import HistoryStore, open_history
from trainer.session import Session
from trainer.session.spot import SpotQuestion
from trainer.tui.app import TrainerApp, session_screen


def make_app(coups, steps=WHOLE_COUP, *, start=True, hooks=None, trainee="Alex", **kw):
    d = drill(steps, **kw)
    warm = drill((Step.OUTCOME,), ident="warmup", title="Warm-up")
    clock = FakeClock()
    app = TrainerApp(
        choices=lambda: [DrillEntry.of(d), DrillEntry.of(warm)],
        start=d if start else None,
        trainee=trainee,
        seed=1,
        deal=dealer(coups),
        clock=clock,
        now=FakeNow(),
        hooks=hooks,
    )
    app.fake_clock = clock  # type: ignore[attr-defined]
    return app


class SpotApp(TrainerApp):
    """The trainer with a hand-built spot-the-error run on screen (dragon_replays: a Dragon
    7 whose Banker bet was paid at step 9, then the fix question)."""

    def on_mount(self) -> None:
        super().on_mount()
        drill, questions = dragon_replays()
        session = Session(
            drill, [], "Alex", clock=self.clock, now=self.now, questions=questions[1:]
        )
        self.push_screen(session_screen(session))


class RemedyApp(TrainerApp):
    """The trainer with a hand-built replay holding an irregularity (remedy_replays' coup: a
    card exposed after card 3, the house's remedy applied: a line long enough to wrap)."""

    def on_mount(self) -> None:
        super().on_mount()
        drill, questions = remedy_replays()
        first = questions[0]
        assert isinstance(first, SpotQuestion)
        (exposed,) = first.replay.dealt.remedies
        applied = replace(exposed, done=Handled.APPLIED)
        dealt = replace(first.replay.dealt, remedies=(applied,))
        replay = replace(first.replay, dealt=dealt, mistake=None)
        session = Session(
            drill,
            [],
            "Alex",
            clock=self.clock,
            now=self.now,
            questions=[replace(first, replay=replay)],
        )
        self.push_screen(session_screen(session))


class SpotExamApp(TrainerApp):
    """The audition's "Supervising a table" part on screen (remedy_replays under the bundled
    drill's title, sat as part 5 of 7): a title long enough to meet the status at 80x24."""

    def on_mount(self) -> None:
        super().on_mount()
        from trainer.session.audition import exam_part

        drill, questions = remedy_replays()
        part = exam_part(replace(drill, title="Supervising a table: spot the error"), 5, 7)
        session = Session(part, [], "Alex", clock=self.clock, now=self.now, questions=questions)
        self.push_screen(session_screen(session))


def spot_app() -> SpotApp:
    return SpotApp(trainee="Alex", seed=1, clock=FakeClock(), now=FakeNow())


def status(app: TrainerApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


#: The progress screen's tests: their terminal, and their now (two hours after T0).
SIZE = (80, 24)
NOW = T0 + timedelta(hours=2)


def write(store: HistoryStore, skill: str, marks: str, start: datetime, sid: str = "s1") -> None:
    """One answer per mark, a minute apart: R right, W wrong."""
    for i, mark in enumerate(marks):
        store.record_answer(
            answer(skill, mark == "R", start + timedelta(minutes=i), session_id=sid, seconds=2.0)
        )


def progress_history(tmp_path: Path) -> ProgressData:
    with open_history(tmp_path / "history.db") as store:
        store.record_session(
            session("s1", started=T0, minutes=30, questions=10, correct=7, passed=False)
        )
        store.record_session(
            session("s2", started=T0 + timedelta(hours=1), minutes=5, abandoned=True)
        )
        write(store, "banker:3:8", "RWR", T0)  # 2 of 3 right: 66%, under 70%
        write(store, "banker:6:6", "R", T0 + timedelta(minutes=5))  # 100%
        write(store, "banker:6:7", "W", T0 + timedelta(minutes=6))  # 0%
        write(store, "banker:5:4", "RRWRR", T0 + timedelta(minutes=7))  # 80%
        write(store, "banker:2:stood", "RRRWRRWRWR", T0 + timedelta(minutes=12))  # 70%: not weak
        write(store, "outcome:tie", "W", T0 + timedelta(minutes=25))
        write(store, "payout:dragon7:win", "R", T0 + timedelta(minutes=26))
        # The abandoned run: 1 of 2 answers given right.
        write(store, "outcome:dragon7", "RW", T0 + timedelta(hours=1), sid="s2")
        # Another trainee's answers never show.
        store.record_answer(answer("banker:0:0", True, T0, trainee="bo"))
        return progress_data(store, "ana", NOW)
