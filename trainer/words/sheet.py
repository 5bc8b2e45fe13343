"""The audition's sign-off sheet in words: every line of it in the sheet's language, from
that language's message catalogue, with its English beside it (``trainer.history.sheet``
lays the page out; ``trainer.history.audition_record`` says what happened).

What it says, top to bottom (``SECTIONS``, one function each, so a section is added or
moved in one place): the school (else plainly that the curriculum names none) and the path;
who sat it, when, and who proctored it, saying whether the proctor was verified by sign-in
or only typed; the result; the written part out of the questions the curriculum sets; each
practical area's grade, answers right and pace in seconds against its target, with what the
grades mean; the red lines; each house once with the parts dealt under it; the verification
block and the signatures, each with a date line.

Pace is the area's average time per answer, rounded *up* to a tenth of a second (never shown
faster than it was judged: 3.01 s against 3.0 s shows 3.1 s), beside the area's target.

The language is a parameter (``sign_off_pdf(..., language=)``), the one spoken now by
default: what is signed and the verification code are the record's, the same in every
language; only the words differ.  Names, titles and codes are printed as recorded.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Any

from trainer.history.audition_record import AuditionRecord, ProctorCheck, seconds
from trainer.history.sheet import (
    BODY,
    BODY_LINE,
    FINE,
    FINE_LINE,
    SMALL,
    SMALL_LINE,
    VERIFY_HEIGHT,
    Sheet,
    Text,
    open_sheet,
)
from trainer.i18n import ENGLISH, N_, current, load
from trainer.session.audition import AreaResult
from trainer.words.pace import table_pace_line

#: What the sheet says of its proctor, by what the history says of them.
PROCTOR_WORDS = {
    ProctorCheck.TYPED: N_("not verified (typed at the terminal, sign-in off)"),
    ProctorCheck.SIGNED_IN: N_("verified by sign-in (an instructor on the school's roster)"),
    ProctorCheck.NOT_ON_ROSTER: N_(
        "not verified (the roster holds no instructor by the id recorded)"
    ),
}

Value = Text | str | int


class Say:
    """The sheet's words in its language, each with its English (``Text``)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.catalogue: gettext.NullTranslations = (
            gettext.NullTranslations() if language == ENGLISH else load(language)
        )

    def _(self, message: str, **values: Value) -> Text:
        """``message`` in the sheet's language and in English, ``values`` filled in (a
        value that is itself a ``Text`` in each)."""
        local = self.catalogue.gettext(message) or message
        return _fill(local, message, values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Value) -> Text:
        local = self.catalogue.ngettext(singular, plural, n) or (singular if n == 1 else plural)
        return _fill(local, singular if n == 1 else plural, {"n": n, **values})

    def plain(self, message: str) -> Text:
        """A message marked where it is declared (``N_``), in both."""
        return self._(message)


def _fill(local: str, english: str, values: dict[str, Value]) -> Text:
    def side(v: Value, english_side: bool) -> str:
        if isinstance(v, Text):
            return v.english if english_side else v.local
        return str(v)

    return Text(
        local.format(**{k: side(v, False) for k, v in values.items()}),
        english.format(**{k: side(v, True) for k, v in values.items()}),
    )


def _head(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    if record.school:
        sheet.line(record.school, 14, "B", 7)
    else:
        sheet.line(say._("School not named"), 14, "B", 7)
        sheet.line(say._("The curriculum sat names no school (its 'school' field)."), SMALL, "I", 4)
    sheet.line(say._("Dealer audition: EZ Baccarat - sign-off sheet"), 11.5, "", 6)
    sheet.line(say._("Path: {path}", path=record.path), SMALL, "", SMALL_LINE)
    sheet.pdf.ln(1)
    sheet.line(
        say._(
            "Trainee: {trainee}      Sat on: {when} UTC",
            trainee=record.run.trainee,
            when=record.run.started_at.strftime("%Y-%m-%d %H:%M"),
        )
    )
    check = say.plain(PROCTOR_WORDS[record.proctor_check])
    sheet.line(say._("Proctor: {proctor} - {check}", proctor=record.proctor, check=check))
    sheet.line(say._("Run: {run}", run=record.run.session_id), FINE, "", FINE_LINE)
    earlier = record.earlier
    if earlier is not None:  # a retake: what it retook, and of which sitting
        v = record.verdict
        names = ", ".join(a.area.title for a in v.areas if a.area.id in v.retaken)
        sheet.line(
            say._(
                "A retake of {areas} (sitting {sitting}).",
                areas=names,
                sitting=earlier.run.session_id[:8],
            )
        )
        sheet.line(
            say._(
                "The written part and the other areas stand as sat on {date}; retaken run: {run}",
                date=earlier.run.started_at.strftime("%Y-%m-%d"),
                run=earlier.run.session_id,
            ),
            FINE,
            "",
            FINE_LINE,
        )


def _result(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    sheet.pdf.ln(1.5)
    # signed: the verdict judged from the answers, as signed; unsigned: the run row's
    passed = record.verdict.passed if sheet.signed is not None else record.passed
    result = say._("PASSED") if passed else say._("FAILED")
    sheet.line(say._("Result: {result}", result=result), 12, "B", 6.5)
    # what follows it, one line, only where the verdict judged now agrees with the result
    # printed: the areas retaken alone (their grades are in the table below), the band
    v = record.verdict
    if v.passed == passed:
        more: list[Text] = []
        if v.retake_areas and not v.whole_failed:
            more.append(
                say.ngettext(
                    "{n} area to retake on its own; the rest stands.",
                    "{n} areas to retake on their own; the rest stands.",
                    len(v.retake_areas),
                )
            )
        if v.bands and v.score is not None:
            band = v.band.name if v.band else say._("in no band")
            more.append(say._("Score {score}: {band}.", score=v.score, band=band))
        if more:
            sheet.line(Text(" ".join(m.local for m in more), " ".join(m.english for m in more)))
    # the retake date from the same verdict as the result printed above it
    retake = record.verdict.retake_from if sheet.signed is not None else record.retake_from
    if retake is not None:
        sheet.line(say._("A retake may be sat from {date}.", date=retake.strftime("%Y-%m-%d")))


def _written(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    v = record.verdict
    sheet.heading(say._("Written part"))
    sheet.line(
        say._(
            "{right} of {questions} questions right ({mark}% to pass): {verdict}",
            right=v.written_right,
            questions=v.written_questions,
            mark=v.written_pass_mark,
            verdict=say._("passed") if v.written_passed else say._("failed"),
        )
    )
    missing = v.written_questions - record.written_answered
    if missing > 0:
        sheet.line(
            say._(
                "{set} questions set, {answered} answered: the {missing} not answered count "
                "as not right.",
                set=record.written_set,
                answered=record.written_answered,
                missing=missing,
            ),
            SMALL,
            "",
            SMALL_LINE,
        )


def _practical(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    sheet.heading(say._("Practical part: grade, answers right and pace by area"))
    rows = []
    for area in record.verdict.areas:
        target = say._("target {seconds} s", seconds=seconds(area.area.target_seconds))
        if area.average is None:
            right, pace = say._("no answers"), target
        else:
            right = say._("{right} of {answered}", right=area.right, answered=area.answered)
            pace = say._(
                "{seconds} s per answer, {target}", seconds=seconds(area.average), target=target
            )
        # the grade worded here, not the verdict's English mark
        if not area.enough:
            mark = say._("not enough answers")
        elif area.grade is None:
            mark = say._("failed")
        else:
            mark = Text.plain(area.grade.grade)
        rows.append((Text.plain(area.area.title), mark, right, pace))
    head = (say._("Area"), say._("Grade"), say._("Right"), say._("Pace"))
    sheet.table(head, rows, (79, 30, 23, 48))
    for area in record.verdict.areas:
        if (line := table_pace_text(say, area)) is not None:
            sheet.line(
                say._("{area}: {pace}", area=Text.plain(area.area.title), pace=line),
                SMALL,
                "",
                SMALL_LINE,
            )
    grades = []
    for g in record.rubric:
        pace = (
            say._("no slower than the target")
            if g.pace == 100
            else say._("within {pace}% of the target", pace=g.pace)
        )
        grades.append(
            say._(
                "{grade}: at least {accuracy}% right, {pace}",
                grade=g.grade,
                accuracy=g.accuracy,
                pace=pace,
            )
        )
    if grades:
        rubric = Text("; ".join(g.local for g in grades), "; ".join(g.english for g in grades))
        sheet.pdf.ln(0.5)
        sheet.line(
            say._("Grades, best first - {rubric}; below the last, the area fails.", rubric=rubric),
            FINE,
            "",
            FINE_LINE,
        )


def table_pace_text(say: Say, area: AreaResult) -> Text | None:
    """An area's whole tables as a casino times them, against the target of its table's
    format (the school's over the house's), in the sheet's language and in English: "table
    pace 140 coups an hour over 5 tables, mini table (target 150: under); 6.0 s a seat
    settled (target 6: met)", coups rounded down, seconds a seat up; None for an area with
    no whole table."""
    pace = area.table_pace
    if pace is None or pace.coups_an_hour is None:
        return None
    local, english = (
        table_pace_line(pace, area.table_target, area.table_format, catalogue)
        for catalogue in (say.catalogue, gettext.NullTranslations())
    )
    return say._("table pace {pace}", pace=Text(local, english))


def _red_lines(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    sheet.heading(say._("Red lines (any one crossed fails the audition)"))
    if not record.red_lines:
        sheet.line(say._("None set."))
    for red in record.red_lines:
        state = say._("CROSSED") if record.crossed(red) else say._("not crossed")
        sheet.line(say._("{title}: {state}", title=red.title, state=state), SMALL, "", SMALL_LINE)


def _houses(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    sheet.heading(say._("House rules dealt under"))
    if not record.house_parts:
        sheet.line(say._("(no part recorded)"), SMALL, "", SMALL_LINE)
    for house, parts in record.house_parts:
        name = (
            Text.plain(house) if house else say._("A drill no longer installed (its house unknown)")
        )
        sheet.line(name, SMALL, "B", SMALL_LINE)
        sheet.line(
            say._("Parts dealt under it: {parts}", parts=", ".join(parts)), SMALL, "", SMALL_LINE
        )


def _verification(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    sheet.pdf.ln(1.5)
    if sheet.signed is not None:  # the fingerprint and the QR code beside the block, whole
        sheet.keep(VERIFY_HEIGHT)
    sheet.verify_top = sheet.pdf.get_y()  # the free column starts here (VERIFY_ROOM)
    sheet.line(say._("Verification"), 10.5, "B", 5.5)
    left = sheet.left_column
    if sheet.signed is not None:
        _signature(sheet, say, sheet.signed)
        return
    sheet.line(say._("Code: {code}", code=record.code), 11, "B", 6, left)
    sheet.line(
        say._(
            "Unsigned sheet: ezbac audition verify CODE says whether the school's history "
            "still matches it (any case; spaces for the dashes will do; its last character "
            "catches a typo), which proves nothing against whoever can write that history."
        ),
        FINE,
        "",
        FINE_LINE,
        left,
    )


def _signature(sheet: Sheet, say: Say, signed: dict[str, Any]) -> None:
    """The school's signature: in the left column who signed and how to check it; in the
    free column the key's fingerprint and the QR code of the signed summary (the JWS); the
    whole signed record attached to the PDF."""
    import json

    from trainer.history.signing import unb64url

    left = sheet.left_column
    token = signed["signature"]
    kid = str(json.loads(unb64url(token.split(".")[0]))["kid"])
    school = str(signed["record"]["school"])
    sheet.line(say._("Signed with {school}'s key.", school=school), BODY, "B", BODY_LINE, left)
    sheet.line(
        say._(
            "Check it with the school's published public key, whose fingerprint is printed "
            "here: ezbac audition verify SHEET --key SCHOOL.pub (the PDF, or the text of the "
            "QR code read by any phone). It shows what was signed: read the result there."
        ),
        FINE,
        "",
        FINE_LINE,
        left,
    )
    sheet.fingerprint(say._("The school key's fingerprint (SHA-256):"), kid, token)
    sheet.attach(signed)


def _signatures(sheet: Sheet, say: Say, record: AuditionRecord) -> None:
    for who in (say._("Proctor's signature"), say._("Trainee's signature")):
        sheet.pdf.ln(6)
        sheet.line(
            say._(
                "{who}: ______________________   Date: ___________",
                who=who,
            )
        )


#: The sheet's sections, in order.
SECTIONS: tuple[Callable[[Sheet, Say, AuditionRecord], None], ...] = (
    _head,
    _result,
    _written,
    _practical,
    _red_lines,
    _houses,
    _verification,
    _signatures,
)


def sheet_language(person_language: str | None = None) -> str:
    """The language a trainee's sheet is written in: the person's own where the roster
    keeps one (``person_language``), else the one spoken now (``--lang``, the setting, the
    locale)."""
    return person_language or current()


def sign_off_pdf(
    record: AuditionRecord, signed: dict[str, Any] | None = None, language: str | None = None
) -> bytes:
    """The sheet of ``record`` as PDF bytes in ``language`` (the one spoken now when None),
    English beside each line; ``signed`` (trainer.history.signing.sign_record of
    ``record.signed_record()``) adds the school's signature (``_signature``).
    SheetFontError (one line) when the sheet's font is missing."""
    language = sheet_language(language)
    say = Say(language)
    title = say._("Audition sign-off: {trainee}", trainee=record.run.trainee)
    sheet = open_sheet(language, title.local, record.run.started_at, signed)
    for section in SECTIONS:
        section(sheet, say, record)
    return sheet.output()
