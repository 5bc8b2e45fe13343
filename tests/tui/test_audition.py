"""The audition in the trainer, driven through Pilot: home's key, the proctor's
approval, the written part then the practical part on the drill screen, and the verdict.

Every coup is the hand-worked Dragon 7 of tests/support/coups.py (Player K+6 = 6 stands,
Banker 2+3 = 5 draws the 2h: Banker 7 with three cards, a Dragon 7) with a Player bet of 20
(it loses) and a Banker bet of 10 (it pushes: paying it is the red line).
"""

from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import Label, Static

from tests.support.coups import DRAGON, FakeClock, FakeNow, coup, dealer, drill
from trainer.curriculum.model import Area, Audition, Curriculum, Grade, RedLine
from trainer.drills.catalogue import DrillEntry
from trainer.drills.model import Mode, Step
from trainer.engine import Bet
from trainer.session.audition import AUDITION_ID, proctor_of
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.tui.app import HistoryPort, TrainerApp
from trainer.tui.messages import StartAudition, WriteSignOff
from trainer.tui.screens.audition import ProctorScreen, VerdictScreen
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.home import HomeScreen

SIZE = (80, 24)
PRACTICAL = drill((Step.PAYOUT,), mode=Mode.EXAM, ident="payouts-exam", title="Payouts exam")
AUDITION = Audition(
    written_questions=4,
    written_pass_mark=75,
    areas=(Area("payouts", "Payouts", ("payout:*",), 8.0, "payouts-exam"),),
    rubric=(Grade("A", 100, 100), Grade("B", 50, 150)),
    red_lines=(RedLine("banker-push", "A Banker bet paid on a push", ("payout:banker:push",)),),
    retake_days=7,
    min_answers=1,  # a part of two answers is graded here
)


class Recorded:
    def __init__(self) -> None:
        self.answers: list[AnswerRecord] = []
        self.sessions: list[SessionRecord] = []
        self.sheets: list[str] = []


def app(kept: Recorded) -> TrainerApp:
    curriculum = Curriculum("test", (), school="Test School", audition=AUDITION)

    def sign_off(run_id: str):  # type: ignore[no-untyped-def]
        kept.sheets.append(run_id)
        return f"/tmp/{run_id}.pdf"

    return TrainerApp(
        choices=lambda: [DrillEntry.of(PRACTICAL)],
        trainee="Alex",
        seed=1,
        deal=dealer([coup(DRAGON, {Bet.PLAYER: "20", Bet.BANKER: "10"})]),
        clock=FakeClock(),
        now=FakeNow(),
        hooks=HistoryPort(
            on_answer=kept.answers.append,
            on_session=kept.sessions.append,
            curriculum=lambda: curriculum,
            sign_off=sign_off,  # type: ignore[arg-type]
        ),
    )


async def pay(pilot, *, banker_paid: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Answer the payout on screen: the Player bet loses, the Banker bet pushes (or, with
    ``banker_paid``, is paid 10: wrong)."""
    bet = pilot.app.screen.session.current.bet
    if bet is Bet.PLAYER:
        await pilot.press("l", "enter")
    elif banker_paid:
        await pilot.press("w", "1", "0", "enter")
    else:
        await pilot.press("u", "enter")


async def sit(pilot, *, banker_paid: bool = False) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ProctorScreen)
    await pilot.press(*"Mrs Lee", "enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen) and screen.session.drill.id == "audition-written"
    await pilot.press("s", "enter")  # Player 6 stands
    await pilot.press("d", "enter")  # Banker 5, the Player stood: draws
    await pilot.press("7", "enter")  # Banker 7 with three cards: a Dragon 7
    await pay(pilot)  # the 4th question: the part is set at 4, so the 2nd bet is not asked
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DrillScreen) and screen.session.drill.id == "payouts-exam"
    await pay(pilot, banker_paid=banker_paid)
    await pay(pilot, banker_paid=banker_paid)
    await pilot.pause()


def verdict_shown(the_app: TrainerApp) -> str:
    return " ".join(str(the_app.screen.query_one("#verdict", Static).render()).split())


async def test_an_audition_passed_from_home_through_both_parts() -> None:
    kept = Recorded()
    the_app = app(kept)
    async with the_app.run_test(size=SIZE) as pilot:
        await sit(pilot)
        assert isinstance(the_app.screen, VerdictScreen)
        shown = verdict_shown(the_app)
        assert "PASSED" in shown and "proctor Mrs Lee" in shown
        assert "Written part: 4 of 4 right" in shown
        assert "Payouts: A · 2 of 2 right" in shown
        assert "none crossed" in shown and "retake" not in shown
        run = kept.sessions[-1]
        assert (run.drill_id, run.passed, run.questions, run.correct) == (AUDITION_ID, True, 6, 6)
        assert proctor_of(run.drill_title) == "Mrs Lee"
        # each part a run of its own, named after the sitting
        parts = {a.session_id for a in kept.answers}
        assert parts == {f"{run.session_id}-written", f"{run.session_id}-payouts-exam"}
        await pilot.press("s")
        await the_app.workers.wait_for_complete()
        assert kept.sheets == [run.session_id]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(the_app.screen, HomeScreen)
    assert kept.sessions[-1] is run  # going home after the verdict records nothing more


async def test_an_audition_failed_on_a_red_line_a_banker_bet_paid_on_a_dragon_7() -> None:
    kept = Recorded()
    the_app = app(kept)
    async with the_app.run_test(size=SIZE) as pilot:
        await sit(pilot, banker_paid=True)
        shown = verdict_shown(the_app)
        # the area still grades (1 of 2 right at no time: B), the red line fails it outright
        assert "FAILED" in shown and "Payouts: B · 1 of 2 right" in shown
        assert "✗ A Banker bet paid on a push (answered win 10, not push)" in shown
        # sat 2026-01-02 (FakeNow), a retake 7 days after
        assert "A retake may be sat from 2026-01-09." in shown
    run = kept.sessions[-1]
    assert run.passed is False and not run.abandoned
    assert run.started_at.date() == datetime(2026, 1, 2, tzinfo=UTC).date()


async def test_leaving_mid_audition_keeps_it_as_abandoned_and_cancel_starts_nothing() -> None:
    kept = Recorded()
    the_app = app(kept)
    async with the_app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("escape")  # the proctor does not approve
        await pilot.pause()
        assert isinstance(the_app.screen, HomeScreen) and kept.sessions == []
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Mrs Lee", "enter")
        await pilot.pause()
        await pilot.press("s", "enter")
        await pilot.press("escape")
        await pilot.pause()
        # the question says the whole sitting ends, not only this part
        asked = " ".join(str(label.render()) for label in the_app.screen.query(Label))
        assert "Leave the audition" in asked and "no verdict" in asked, asked
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(the_app.screen, HomeScreen)
    audition = [s for s in kept.sessions if s.drill_id == AUDITION_ID]
    assert audition[-1].abandoned and audition[-1].passed is None


async def test_no_audition_without_a_curriculum() -> None:
    the_app = TrainerApp(choices=lambda: [], trainee="Alex", clock=FakeClock(), now=FakeNow())
    async with the_app.run_test(size=SIZE) as pilot:
        keys = str(the_app.screen.query_one("#keys").render())
        assert "Audition" not in keys and "Class" in keys  # not offered without one
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(the_app.screen, HomeScreen) and the_app.audition is None
        the_app.post_message(StartAudition())  # asked all the same: said in one line
        await pilot.pause()
        assert any("No audition" in str(n.message) for n in the_app._notifications)
    assert WriteSignOff  # the verdict's key message is public (the app handles it)


async def test_a_retake_before_its_day_is_refused_with_the_day() -> None:
    kept = Recorded()
    the_app = app(kept)
    the_app.hooks = HistoryPort(
        curriculum=the_app.hooks.curriculum,
        retake_from=lambda who: datetime(2026, 1, 9, 9, 0, tzinfo=UTC),  # now: 2026-01-02
    )
    async with the_app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(the_app.screen, HomeScreen)
        said = [str(n.message) for n in the_app._notifications]
        assert any("a retake may be sat from 2026-01-09" in m for m in said), said


async def test_the_bundled_audition_sits_its_written_part_then_seven_drills() -> None:
    """The bundled curriculum's audition with the bundled drills: every part loads."""
    from trainer.curriculum.catalogue import load_curriculum

    curriculum = load_curriculum()
    the_app = TrainerApp(
        trainee="Alex",
        seed=1,
        clock=FakeClock(),
        now=FakeNow(),
        hooks=HistoryPort(curriculum=lambda: curriculum),
    )
    async with the_app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Mrs Lee", "enter")
        await pilot.pause()
        assert the_app.audition is not None
        parts = [part for part, _ in the_app.audition.parts]
        assert parts == [
            "written",
            "whole-coup",
            "payouts",
            "table-exam",
            "shoe-table",
            "calling",
            "spot-the-error-table",
            "table-protection",
        ]
        assert isinstance(the_app.screen, DrillScreen)
        assert the_app.screen.session.total == 18  # the written part as the file sets it


async def test_an_instructor_signs_the_sheet_at_the_verdict_with_the_schools_key(
    tmp_path,
) -> None:
    """`k` at the verdict: the key file and passphrase typed in a dialog (the passphrase
    never on screen), a wrong passphrase said in one line, then the sheet signed into the
    ezbac folder, which `ezbac audition verify` accepts with the public key alone."""
    import json
    import os
    from pathlib import Path

    from textual.widgets import Input

    from tests.support.cli import ezbac
    from trainer.history.hooks import Recorder
    from trainer.history.signing import new_key
    from trainer.history.store import open_history
    from trainer.tui.screens.audition import SignKeyScreen

    phrase = "the school's phrase"
    pem, public = new_key("Test School", phrase.encode())
    key = tmp_path / "school-key.pem"
    key.write_bytes(pem)
    (tmp_path / "school-key.pub").write_text(json.dumps(public.as_json()), encoding="utf-8")
    curriculum = Curriculum("test", (), school="Test School", audition=AUDITION)
    notes: list[str] = []
    with open_history(tmp_path / "h.sqlite3") as store:
        from trainer.words.sheet import sign_off_pdf

        recorder = Recorder(store, sheet_pdf=sign_off_pdf)
        recorder.curriculum = lambda: curriculum  # type: ignore[method-assign]
        the_app = TrainerApp(
            choices=lambda: [DrillEntry.of(PRACTICAL)],
            trainee="Alex",
            seed=1,
            deal=dealer([coup(DRAGON, {Bet.PLAYER: "20", Bet.BANKER: "10"})]),
            clock=FakeClock(),
            now=FakeNow(),
            hooks=HistoryPort(
                on_answer=recorder.on_answer,
                on_session=recorder.on_session,
                curriculum=recorder.curriculum,
                sign_sheet=recorder.sign_sheet,
            ),
        )
        the_app.notify = lambda message, **_: notes.append(str(message))  # type: ignore[method-assign]
        async with the_app.run_test(size=SIZE) as pilot:
            await sit(pilot)
            assert isinstance(the_app.screen, VerdictScreen)
            for typed in ("not the phrase", phrase):
                await pilot.press("k")
                await pilot.pause()
                assert isinstance(the_app.screen, SignKeyScreen)
                the_app.screen.query_one("#key-file", Input).value = str(key)
                await pilot.press("enter")  # on to the passphrase
                await pilot.press(*typed)
                shown = the_app.screen.query_one("#passphrase", Input).render_line(0).text
                assert typed not in shown  # a password field: dots
                await pilot.press("enter")
                await pilot.pause()
                await the_app.workers.wait_for_complete()
                await pilot.pause()
                assert isinstance(the_app.screen, VerdictScreen)
            run = recorder.store.sessions("Alex")[0]
    assert notes[0] == f"{key}: wrong passphrase, or not a key file"
    assert "not the phrase" not in " ".join(notes)
    where = Path(notes[1].removeprefix("Signed sheet written: "))
    assert where.parent == Path(os.environ["EZBAC_HOME"]) / "auditions"
    checked = ezbac("audition", "verify", str(where), "--key", str(tmp_path / "school-key.pub"))
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.startswith("verified: signed by Test School")
    assert (
        "Alex's audition of 2026-01-02, proctor Mrs Lee (unverified: typed, no sign-in): passed"
    ) in checked.stdout
    assert run.drill_id == AUDITION_ID


async def test_with_sign_in_on_a_trainee_cannot_sign_the_sheet(tmp_path) -> None:
    """The school's sign-in on, Bo (a trainee) signed in: `k` asks an instructor's PIN
    first; Bo's own opens nothing, Escape signs nothing; Ana's (an instructor) opens the
    key dialog."""
    from textual.widgets import Input, Label

    from tests.support.history import T0
    from trainer.cli.train import history_hooks
    from trainer.history import people, signing_in
    from trainer.history.store import open_history
    from trainer.tui.messages import SignSheet
    from trainer.tui.screens.audition import SignKeyScreen
    from trainer.tui.screens.signin import ProctorScreen as InstructorPin

    db = tmp_path / "history.sqlite3"
    with open_history(db) as store:
        people.add(store, "Ana", people.INSTRUCTOR, "2468", T0)
        people.add(store, "Bo", people.TRAINEE, "1111", T0)
        people.set_policy(store, signin=True)

    async def give(pilot, name: str, secret: str) -> None:  # type: ignore[no-untyped-def]
        screen = pilot.app.screen
        screen.query_one("#signin-name", Input).value = name
        screen.query_one("#signin-name", Input).focus()
        await pilot.press("enter")
        screen.query_one("#signin-secret", Input).value = secret
        await pilot.press("enter")
        await pilot.pause()

    the_app = TrainerApp(hooks=history_hooks(str(db)), desk=signing_in.Desk(open_history(db)))
    async with the_app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await give(pilot, "Bo", "1111")
        the_app.post_message(SignSheet("3f2a9c0e" + "1" * 24))
        await pilot.pause()
        assert isinstance(the_app.screen, InstructorPin)
        await give(pilot, "Bo", "1111")
        said = str(the_app.screen.query_one("#signin-error", Label).render())
        assert isinstance(the_app.screen, InstructorPin) and "not an instructor" in said
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(the_app.screen, (InstructorPin, SignKeyScreen))
        the_app.post_message(SignSheet("3f2a9c0e" + "1" * 24))
        await pilot.pause()
        await give(pilot, "Ana", "2468")
        assert isinstance(the_app.screen, SignKeyScreen)
        await pilot.press("escape")
        await pilot.pause()
        the_app.exit()


def _shown(the_app: TrainerApp, selector: str) -> str:
    return " ".join(str(the_app.screen.query_one(selector, Static).render()).split())


async def test_every_part_of_the_bundled_audition_is_sat_as_an_exam() -> None:
    """Each part, begun as the audition begins it: an exam (recorded so from its start),
    headed "Part N of 8 · <title>", ? refused with a word and no reference opened, and its
    first answer followed by no feedback; a table exam's Enter with nothing marked takes
    nothing (no bet shown taken: the right take is not shown)."""
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.session.table.values import SpotState
    from trainer.tui.screens.reference import ReferenceScreen
    from trainer.tui.screens.spot import SpotScreen
    from trainer.tui.screens.table import TableScreen

    kept = Recorded()
    curriculum = load_curriculum()
    the_app = TrainerApp(
        trainee="Alex",
        seed=1,
        clock=FakeClock(),
        now=FakeNow(),
        hooks=HistoryPort(on_session=kept.sessions.append, curriculum=lambda: curriculum),
    )
    async with the_app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Mrs Lee", "enter")
        await pilot.pause()
        audition = the_app.audition
        assert audition is not None and len(audition.parts) == 8
        sitting = audition.sitting.session_id
        for index, (part, drill) in enumerate(audition.parts):
            if index:  # the part begun as next_part begins it
                audition.index = index
                the_app.begin(drill, part)
                await pilot.pause()
            screen = the_app.screen
            session = screen.session  # type: ignore[attr-defined]
            assert session.exam, part
            title = "#table-title" if isinstance(screen, TableScreen) else "#drill-title"
            assert _shown(the_app, title).startswith(f"Part {index + 1} of 8 · "), part
            assert drill.title in _shown(the_app, title) or index == 0, part
            the_app._notifications.clear()
            await pilot.press("question_mark")
            await pilot.pause()
            assert not isinstance(the_app.screen, ReferenceScreen), part
            said = [str(n.message) for n in the_app._notifications]
            assert "The rules reference opens after the exam." in said, (part, said)
            assert session.reference_opened == 0
            # one answer, and no feedback after it
            if isinstance(screen, TableScreen):
                if session.shoe_question is not None or session.watch_question is not None:
                    await pilot.press("1", "enter")
                else:
                    table = session.table
                    await pilot.press("enter")  # nothing marked: an empty take, graded
                    await pilot.pause()
                    assert table.taken == frozenset()
                    assert all(table.state(s) is not SpotState.TAKEN for s in table.spots)
                await pilot.pause()
                assert not screen.query_one("#table-feedback").display, part
            elif isinstance(screen, SpotScreen):
                await pilot.press("n", "enter")
                await pilot.pause()
                assert not screen.query_one("#feedback").display, part
            else:
                assert isinstance(screen, DrillScreen)
                q = session.current
                key = q.choices[0][0] if q.choices else None
                if key is None:
                    await pilot.press("1", "enter")
                elif q.choices[0][2] is None:
                    await pilot.press(key, "5", "enter")
                else:
                    await pilot.press(key, "enter")
                await pilot.pause()
                assert not screen.query_one("#feedback").display, part
                assert session.graded == 1, part
            the_app.pop_screen()  # the next part is begun above
            await pilot.pause()
        runs = {s.session_id: s for s in kept.sessions if s.session_id.startswith(sitting + "-")}
        assert {sid.removeprefix(sitting + "-") for sid in runs} == {p for p, _ in audition.parts}
        assert {r.mode for r in runs.values()} == {"exam"}
