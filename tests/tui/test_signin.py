"""The trainer with the school's sign-in on (Pilot): it starts at sign-in; a wrong
PIN, an unknown or retired person, a locked one are one line there; an idle trainer counts
down, then signs out, keeping the drill under way as abandoned; a trainee sees only their
own; the class view, the roster and an exam need an instructor, signed in or proctoring."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from textual.widgets import Input, Label

from tests.support.history import T0
from trainer.cli.train import history_hooks
from trainer.history import people, signing_in
from trainer.history.store import open_history

pytest.importorskip("trainer.tui.app")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def school(tmp_path: Path) -> Path:
    db = tmp_path / "history.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        people.set_policy(store, signin=True, idle_minutes=2)
    return db


def _app(db: Path, clock: FakeClock | None = None, now=None, **kwargs: object):  # type: ignore[no-untyped-def]
    from trainer.tui.app import TrainerApp

    desk = signing_in.Desk(open_history(db), *([now] if now else []))
    return TrainerApp(
        hooks=history_hooks(str(db)), desk=desk, idle_clock=clock or FakeClock(), **kwargs
    )


async def _sign_in(pilot, name: str, secret: str) -> None:  # type: ignore[no-untyped-def]
    screen = pilot.app.screen
    screen.query_one("#signin-name", Input).value = name
    screen.query_one("#signin-name", Input).focus()
    await pilot.press("enter")
    screen.query_one("#signin-secret", Input).value = secret
    await pilot.press("enter")
    await pilot.pause()


def _said(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#signin-error", Label).render())


async def test_the_trainer_starts_at_sign_in_and_remembers_nobody(school: Path) -> None:
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.progress import ProgressScreen
    from trainer.tui.screens.signin import SignInScreen

    app = _app(school, trainee="remembered")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen) and app.trainee == ""
        await pilot.press("w")  # the home screen's keys do nothing from here
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen)
        for name, secret, why in (
            ("Bo", "1112", "wrong name, PIN or passphrase"),
            ("Zed", "1111", "wrong name, PIN or passphrase"),  # the same: no one told who is on it
            ("Bo", "", "empty"),
            ("Bo", "1" * 1025, "longer than 1024"),
        ):
            await _sign_in(pilot, name, secret)
            assert isinstance(app.screen, SignInScreen)
            assert why in _said(app) and "\n" not in _said(app)
            assert app.screen.query_one("#signin-secret", Input).value == ""  # never kept
        await _sign_in(pilot, "bo", "1111")
        assert isinstance(app.screen, HomeScreen)
        assert app.trainee == "Bo" and app.person is not None
        await pilot.press("n")  # no name typed with sign-in on
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.trainee == "Bo"
        await pilot.press("p")  # their own progress, nobody else's
        await pilot.pause()
        assert isinstance(app.screen, ProgressScreen) and app.screen.trainee == "Bo"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("o")  # sign out: back to sign-in, nobody left behind
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen) and app.trainee == "" and app.person is None
        app.exit()
    assert app.settings.settings.trainee == ""  # nothing written to the home folder
    with open_history(school) as store:
        events = [e for _, e, _ in signing_in.signins(store)]
    assert events == ["wrong", "unknown", "in", "out"]


async def test_a_retired_or_locked_person_cannot_sign_in(school: Path) -> None:
    from trainer.tui.screens.signin import SignInScreen

    with open_history(school) as store:
        people.add(store, "Cy", people.TRAINEE, "3333", T0)
        people.retire(store, "Cy")
    moment = [T0]
    app = _app(school, now=lambda: moment[0])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Cy", "3333")
        assert "retired" in _said(app)
        await _sign_in(pilot, "Bo", "0000")
        await _sign_in(pilot, "Bo", "0000")
        await _sign_in(pilot, "Bo", "0000")  # the third wrong try in a row: slowed down
        assert "Bo may try again in 2 s" in _said(app)
        await _sign_in(pilot, "Bo", "1111")  # even the right PIN waits
        assert "may try again" in _said(app)
        for _ in range(2):
            moment[0] += timedelta(seconds=10)
            await _sign_in(pilot, "Bo", "0000")
        # one line: how long, and when it ends
        assert "Bo is locked for 15 min, until 09:" in _said(app) and " UTC" in _said(app)
        await _sign_in(pilot, "Bo", "1111")  # the right PIN, while locked
        assert isinstance(app.screen, SignInScreen) and "locked" in _said(app)
        app.exit()


async def test_idle_time_counts_down_then_signs_out(school: Path) -> None:
    from trainer.tui.screens.drill import DrillScreen
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.signin import IdleScreen, SignInScreen

    clock = FakeClock()
    app = _app(school, clock)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        assert app.idle_seconds == 120  # the school's 2 minutes
        clock.now += 100  # 20 s left: the countdown shows
        app.idle_tick()
        await pilot.pause()
        assert isinstance(app.screen, IdleScreen)
        assert "signing out in 20 s" in str(app.screen.query_one("#idle-countdown").render())
        clock.now += 5
        app.idle_tick()
        await pilot.pause()
        assert "signing out in 15 s" in str(app.screen.query_one("#idle-countdown").render())
        await pilot.press("space")  # still here
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.person is not None
        await pilot.press("w")  # the warm-up, then nobody answers
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen)
        session = app.screen.session
        clock.now += 121
        app.idle_tick()
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen) and app.person is None
        assert session.abandoned
        assert any("idle" in str(n.message) for n in app._notifications)
        # the sign-in screen itself says why, for whoever comes next (the school's 2 min)
        note = str(app.screen.query_one("#signin-note").render())
        assert note.startswith("Signed out after 2 idle minutes with no key pressed")
        app.exit()
    with open_history(school) as store:
        assert [e for _, e, _ in signing_in.signins(store)] == ["in", "idle"]
        # a practice run left before its first answer is not recorded (docs/decisions.md,
        # "A run counts from its first answer")
        assert store.sessions() == []


async def test_a_trainee_needs_an_instructor_for_the_class_view(school: Path) -> None:
    from trainer.tui.screens.class_ import ClassScreen
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.signin import ProctorScreen

    app = _app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ProctorScreen)
        await _sign_in(pilot, "Bo", "1111")  # a trainee's PIN opens nothing
        assert isinstance(app.screen, ProctorScreen) and "not an instructor" in _said(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("i")
        await pilot.pause()
        await _sign_in(pilot, "Ana", "2468")  # the instructor's PIN, for this once
        assert isinstance(app.screen, ClassScreen)
        assert app.person is not None and app.person.name == "Bo"  # still Bo's trainer
        app.exit()
    with open_history(school) as store:
        events = [e for _, e, _ in signing_in.signins(store)]
    assert events == ["in", "not-instructor", "proctor", "out"]  # quitting signs out


async def test_an_exam_starts_with_a_proctor_and_says_who(school: Path) -> None:
    from trainer.tui.screens.home import HomeScreen
    from trainer.tui.screens.signin import ProctorScreen

    app = _app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        home = app.screen
        assert isinstance(home, HomeScreen)
        (exam,) = [c for c in home.choices if c.id == "exam"]
        home.post_message(HomeScreen.Start(exam))
        await pilot.pause()
        assert isinstance(app.screen, ProctorScreen)
        await _sign_in(pilot, "Ana", "2468")
        assert app.drill_in_progress() is not None
        app.exit()
    with open_history(school) as store:
        ana, bo = people.person(store, "Ana"), people.person(store, "Bo")
        (run,) = store.sessions()
    assert (run.mode, run.person_id, run.proctor_id) == ("exam", bo.person_id, ana.person_id)


async def test_an_instructor_manages_the_roster_from_the_class_screen(school: Path) -> None:
    from trainer.tui.screens.class_ import ClassScreen
    from trainer.tui.screens.signin import FormScreen, RosterScreen

    app = _app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Ana", "2468")
        await pilot.press("i")  # an instructor: no prompt
        await pilot.pause()
        assert isinstance(app.screen, ClassScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)
        app.screen.query_one("#field-0", Input).value = "Dee\x1b"
        app.screen.query_one("#field-0", Input).focus()
        await pilot.press("enter")
        app.screen.query_one("#field-1", Input).value = "4444"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FormScreen)  # refused, in one line
        assert "control character" in str(app.screen.query_one("#form-error").render())
        app.screen.query_one("#field-0", Input).value = "Dee"
        app.screen.query_one("#field-1", Input).value = "4444"
        app.screen.query_one("#field-1", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        assert [p.name for p in app.screen.people] == ["Ana", "Bo", "Dee"]
        app.exit()
    with open_history(school) as store:
        assert signing_in.sign_in(store, "Dee", "4444", T0).ok


async def test_with_sign_in_off_nothing_changes(tmp_path: Path) -> None:
    from trainer.tui.app import TrainerApp
    from trainer.tui.screens.home import HomeScreen

    app = TrainerApp(trainee="ana", hooks=history_hooks(str(tmp_path / "h.sqlite3")))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and app.trainee == "ana"
        app.exit()


async def test_an_audition_is_approved_by_an_instructors_pin_and_says_who(school: Path) -> None:
    """With sign-in on, the audition's proctor is an instructor on the roster (their PIN at
    the proctor's prompt), and the sitting's run records who sat it and who proctored it."""
    from trainer.tui.screens.signin import ProctorScreen

    app = _app(school)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _sign_in(pilot, "Bo", "1111")
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ProctorScreen)
        await _sign_in(pilot, "Bo", "1111")  # a trainee cannot proctor their own audition
        assert isinstance(app.screen, ProctorScreen) and app.audition is None
        await _sign_in(pilot, "Ana", "2468")
        assert app.audition is not None and app.drill_in_progress() is not None
        app.exit()
    with open_history(school) as store:
        ana, bo = people.person(store, "Ana"), people.person(store, "Bo")
        (sitting,) = [r for r in store.sessions() if r.drill_id == "audition"]
    assert (sitting.person_id, sitting.proctor_id) == (bo.person_id, ana.person_id)


def test_the_idle_note_counts_its_minutes() -> None:
    from trainer.tui.screens.signin import idle_note

    assert idle_note(60).startswith("Signed out after 1 idle minute with")
    assert idle_note(600).startswith("Signed out after 10 idle minutes with")
