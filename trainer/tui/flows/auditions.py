"""The curriculum's audition sat in the app: the proctor approves, the written part then
each practical part as an exam, the verdict after the last; its sign-off sheet and the
school's signature on it, written in worker threads."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trainer.errors import EzbacError
from trainer.i18n import _
from trainer.tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from trainer.drills.model import Drill
    from trainer.history.people import Person
    from trainer.session.audition import Retake, Sitting
    from trainer.session.records import AnswerRecord
    from trainer.tui.catalogue import DrillChoice
    from trainer.tui.flows.desk import SignInDesk
    from trainer.tui.flows.host import Host


@dataclass
class AuditionRun:
    """An audition being sat in the app: the sitting, its parts' drills (written first) and
    the one being sat."""

    sitting: Sitting
    parts: list[tuple[str, Drill]]
    index: int = 0
    #: The instructor who approved it (with the school's sign-in on): each part's run
    #: records them as its proctor.
    proctor: Person | None = None

    def part_of(self, session_id: str) -> bool:
        return session_id.startswith(self.sitting.session_id + "-")

    def as_exam(self, drill: Drill) -> Drill:
        """The part being sat, as an exam (no feedback, no reference, recorded as exam)
        headed by where it stands in the audition ("Part 2 of 8"), a coup dealt for each
        skill its areas name (a natural for the draws)."""
        from trainer.drills.model import Kind
        from trainer.history.review import covers_for
        from trainer.session.audition import exam_part

        areas = self.sitting.audition.areas
        keys = [k for a in areas if a.drill == drill.id for k in a.keys]
        covers = covers_for(keys, drill) if drill.kind is Kind.COUP else ()
        return exam_part(drill, self.index + 1, len(self.parts), covers)


class Auditions:
    """The audition flow; ``run`` is the audition being sat (None: none)."""

    def __init__(
        self, host: Host, signin: SignInDesk, choices: Callable[[], list[DrillChoice]]
    ) -> None:
        self.host = host
        self.signin = signin
        self.choices = choices
        self.run: AuditionRun | None = None

    def abandon(self) -> None:
        """An audition left before its verdict is kept as abandoned (no verdict)."""
        sitting, self.run = self.run, None
        on_session = self.host.hooks.on_session
        if sitting is not None and on_session is not None:
            on_session(sitting.sitting.abandoned(self.host.now()))

    def start(self) -> None:
        """The curriculum's audition: the proctor approves, then its parts in turn."""
        host = self.host
        read = host.hooks.curriculum
        curriculum = read() if read is not None else None
        if curriculum is None or curriculum.audition is None:
            host.notify(_("No audition is set in this run."), severity="warning")
            return
        if not host.trainee:
            host.ask_name(then=self.start)
            return
        retake_from = host.hooks.retake_from
        retake = retake_from(host.trainee) if retake_from else None
        if retake is not None and retake > host.now():
            host.notify(
                _(
                    "{trainee} failed the last audition: a retake may be sat from {day} (the "
                    "school's setting)."
                ).format(trainee=host.trainee, day=f"{retake:%Y-%m-%d}"),
                title=_("Audition"),
                severity="warning",
                timeout=8,
            )
            return
        read_retake = host.hooks.retake
        again = read_retake(host.trainee) if read_retake else None
        home = host.screen_stack[0] if host.screen_stack else None
        path = home.path if isinstance(home, HomeScreen) else None
        note = ""
        if again is not None:  # the last sitting named areas to retake on their own
            names = ", ".join(a.area.title for a in again.earlier.areas if a.area.id in again.areas)
            note = _(
                "A retake of {areas} only (sitting {sitting}); the rest of that sitting stands."
            ).format(areas=names, sitting=again.run_id[:8])
        elif path is None:
            note = _("The trainee's path is not known here: the proctor decides.")
        elif not path.ready:
            note = _(
                "Not ready by the path: {left} of {count} skills still to master. The proctor "
                "may approve it anyway."
            ).format(left=len(path.to_go), count=len(path.skills))
        audition = curriculum.audition
        from trainer.tui.screens.audition import ProctorScreen

        if self.signin.desk is not None:  # the school's sign-in: an instructor's PIN approves it
            if note:
                host.notify(note, title=_("Audition"), timeout=8)
            self.signin.as_instructor(
                _("approve the audition of {trainee}").format(trainee=host.trainee),
                lambda p: self.sit(audition, p.name, p, again),
            )
            return

        def approved(name: str | None) -> None:
            if name:
                self.sit(audition, name, retake=again)

        host.push_screen(ProctorScreen(host.trainee, note), approved)

    def sit(
        self,
        audition: Any,
        proctor: str,
        instructor: Person | None = None,
        retake: Retake | None = None,
    ) -> None:
        """Start the sitting ``proctor`` approved: its written part first; a ``retake``:
        only the drills of the areas it retakes, each as an exam."""
        import uuid

        from trainer.session.audition import (
            WRITTEN_PART,
            NamedProctor,
            NotApprovedError,
            Sitting,
            practical_drills,
            written_drill,
        )

        host, person = self.host, self.signin.person
        try:
            sitting = Sitting.start(
                audition,
                host.trainee,
                NamedProctor(proctor),
                host.now(),
                uuid.uuid4().hex,
                person_id=None if person is None else person.person_id,
                proctor_id=None if instructor is None else instructor.person_id,
            )
        except NotApprovedError as exc:
            host.notify(str(exc), severity="error")
            return
        sitting.retake = retake
        choices = {c.id: c for c in self.choices()}
        parts: list[tuple[str, Drill]] = []
        if retake is None:
            parts.append((WRITTEN_PART, written_drill(audition)))
        for drill_id in practical_drills(audition) if retake is None else retake.drills(audition):
            choice = choices.get(drill_id)
            try:
                if choice is None:
                    raise ValueError("not installed")
                parts.append((drill_id, choice.load()))
            except ValueError as exc:
                from trainer.words.files import error_text

                host.notify(
                    _("Cannot sit the audition: {drill}: {problem}").format(
                        drill=drill_id, problem=error_text(exc)
                    ),
                    severity="error",
                )
                return
        self.run = AuditionRun(sitting, parts, proctor=instructor)
        if host.hooks.on_session is not None:
            host.hooks.on_session(sitting.started())
        part, drill = parts[0]
        host.begin(drill, part, instructor)

    def answer_hook(self, sitting: Sitting, part: str) -> Callable[[AnswerRecord], None]:
        """Each answer of a part: to the history, and to the sitting for its verdict."""
        from trainer.session.audition import WRITTEN_PART

        keep = sitting.on_written if part == WRITTEN_PART else sitting.on_practical
        record = self.host.hooks.on_answer

        def answered(answer: AnswerRecord) -> None:
            if record is not None:
                record(answer)
            keep(answer)

        return answered

    def next_part(self, session_id: str) -> bool:
        """After a part of the audition: the next part, or the verdict after the last.
        False when the run finished is no part of an audition being sat."""
        audition, host = self.run, self.host
        if audition is None or not audition.part_of(session_id):
            return False
        audition.index += 1
        host.pop_screen()
        if audition.index < len(audition.parts):
            part, drill = audition.parts[audition.index]
            host.begin(drill, part, audition.proctor)
            return True
        from trainer.tui.screens.audition import VerdictScreen

        self.run = None
        sitting = audition.sitting
        record = sitting.record(host.now())
        if host.hooks.on_session is not None:
            host.hooks.on_session(record)
        host.push_screen(VerdictScreen(sitting.verdict(), sitting.session_id))
        return True

    def write_sign_off(self, run_id: str) -> None:
        """The sign-off sheet of an audition run, written in a worker thread."""
        host = self.host
        write = host.hooks.sign_off
        if write is None:
            host.notify(_("No history is kept in this run."), severity="warning")
            return

        def work() -> None:
            try:
                where = write(run_id)
            except EzbacError as exc:  # the history's refusal: a Said, worded here
                from trainer.words.history import problem

                host.call_from_thread(host.notify, problem(exc), severity="error", timeout=10)
                return
            said = _("Sign-off sheet written: {path}").format(path=where)
            host.call_from_thread(host.notify, said, timeout=10)

        host.run_worker(work, thread=True, group="sign-off", exit_on_error=False)

    def sign_sheet(self, run_id: str) -> None:
        """The verdict screen's `k`: the school's key file and passphrase asked in a dialog,
        the sheet signed in a worker thread.  With the school's sign-in on, only an
        instructor signs (signed in here, or giving their PIN for this one act)."""
        from trainer.tui.screens.audition import SignKeyScreen

        host = self.host
        sign = host.hooks.sign_sheet
        if sign is None:
            host.notify(_("No history is kept in this run."), severity="warning")
            return

        def given(key: tuple[str, str] | None) -> None:
            if key is None:
                return
            path, phrase = key

            def work() -> None:
                try:
                    where = sign(run_id, path, phrase)
                except EzbacError as exc:  # a key or a passphrase refused: a Said
                    from trainer.words.history import problem

                    host.call_from_thread(host.notify, problem(exc), severity="error", timeout=10)
                    return
                said = _("Signed sheet written: {path}").format(path=where)
                host.call_from_thread(host.notify, said, timeout=10)

            host.run_worker(work, thread=True, group="sign", exit_on_error=False)

        def ask(_who: object = None) -> None:
            host.push_screen(SignKeyScreen(), given)

        if self.signin.desk is None:
            ask()
        else:
            self.signin.as_instructor(_("sign the audition's sheet"), ask)
