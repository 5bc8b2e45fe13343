"""The audition's sign-off sheet as PDF, through fpdf2 (pure Python, well kept): one A4 page
a school files and a casino's HR desk reads without help, with the verification code
``ezbac audition verify`` checks.

What it says, top to bottom (``SECTIONS``, one function each, so a section is added or
moved in one place): the school (else plainly that the curriculum names none) and the path;
who sat it, when, and who proctored it, saying whether the proctor was verified by sign-in
or only typed; the result; the written part out of the questions the curriculum sets; each
practical area's grade, answers right and pace in seconds against its target, with what the
grades mean; the red lines; each house once with the parts dealt under it; the verification
block and the signatures, each with a date line, both in a left column (the right
``VERIFY_ROOM`` millimetres, from ``Sheet.verify_top`` to the page's foot, are left free for
what a sheet adds to check it: a fingerprint, a QR code).

Pace is the area's average time per answer, rounded *up* to a tenth of a second (never shown
faster than it was judged: 3.01 s against 3.0 s shows 3.1 s), beside the area's target.

Written in fpdf2's core Helvetica, which holds Latin-1 only: a name outside it is printed
with "?" for the letters it lacks, and so is a control or formatting character (a line
break in a name read from the history starts no line of its own); the JSON keeps it whole.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from trainer.history.audition_record import AuditionRecord, ProctorCheck

if TYPE_CHECKING:
    from fpdf import FPDF

#: Millimetres at the right of the verification block left free (a QR code, a fingerprint).
VERIFY_ROOM = 60.0

#: What the sheet says of its proctor, by what the history says of them.
PROCTOR_WORDS = {
    ProctorCheck.TYPED: "not verified (typed at the terminal, sign-in off)",
    ProctorCheck.SIGNED_IN: "verified by sign-in (an instructor on the school's roster)",
    ProctorCheck.NOT_ON_ROSTER: (
        "not verified (the roster holds no instructor by the id recorded)"
    ),
}


def _latin(text: str) -> str:
    """``text`` as Helvetica prints it, on the line it was given: a control character (a
    line break, an escape) or a formatting one (a right-to-left override) is "?", as is a
    letter outside Latin-1, so no name can start a line of its own on the sheet."""
    shown = "".join("?" if unicodedata.category(c) in ("Cc", "Cf") else c for c in text)
    return shown.encode("latin-1", "replace").decode("latin-1")


def seconds(value: float) -> str:
    """A time in seconds to a tenth, rounded up: 2.4, 3.1 for 3.01 (rounded to a millionth
    first, so 2.4 by a float's 2.4000000001 is still 2.4)."""
    return f"{math.ceil(round(value * 10, 6)) / 10:.1f}"


class Sheet:
    """The page being written: a line of text, a heading, a table."""

    def __init__(self, pdf: FPDF) -> None:
        self.pdf = pdf
        #: Where the verification block starts (mm from the top): from there to the page's
        #: foot, the right ``VERIFY_ROOM`` mm are free for what a sheet adds to check it.
        self.verify_top: float | None = None

    @property
    def width(self) -> float:
        return float(self.pdf.epw)

    @property
    def left_column(self) -> float:
        """The width left of the verification block's free column."""
        return self.width - VERIFY_ROOM

    def line(
        self,
        text: str,
        size: float = 11,
        style: str = "",
        height: float = 6,
        width: float | None = None,
    ) -> None:
        from fpdf.enums import XPos, YPos

        self.pdf.set_font("Helvetica", style, size)
        self.pdf.multi_cell(
            self.width if width is None else width,
            height,
            _latin(text),
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )

    def heading(self, text: str) -> None:
        self.pdf.ln(2.5)
        self.line(text, 12, "B", 7)

    def table(
        self, head: tuple[str, ...], rows: Sequence[tuple[str, ...]], widths: tuple[int, ...]
    ) -> None:
        """Rows under a bold head, a rule between rows, no columns drawn; no markdown read
        in a cell (a name's asterisks are printed as typed)."""
        from fpdf.enums import TableBordersLayout

        self.pdf.set_font("Helvetica", "", 10)
        with self.pdf.table(
            col_widths=widths,
            borders_layout=TableBordersLayout.HORIZONTAL_LINES,
            line_height=5.5,
            text_align="LEFT",
            width=self.width,
        ) as table:
            for cells in (head, *rows):
                row = table.row()
                for cell in cells:
                    row.cell(_latin(cell))


def _head(sheet: Sheet, record: AuditionRecord) -> None:
    if record.school:
        sheet.line(record.school, 16, "B", 9)
    else:
        sheet.line("School not named", 16, "B", 9)
        sheet.line("The curriculum sat names no school (its 'school' field).", 9, "I", 5)
    sheet.line("Dealer audition: EZ Baccarat - sign-off sheet", 13, "", 8)
    sheet.line(f"Path: {record.path}", 10, "", 5.5)
    sheet.pdf.ln(2)
    sheet.line(f"Trainee: {record.run.trainee}")
    sheet.line(f"Sat on: {record.run.started_at:%Y-%m-%d %H:%M} UTC")
    sheet.line(f"Proctor: {record.proctor} - {PROCTOR_WORDS[record.proctor_check]}")
    sheet.line(f"Run: {record.run.session_id}", 9, "", 5)


def _result(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.pdf.ln(2)
    sheet.line(f"Result: {'PASSED' if record.passed else 'FAILED'}", 14, "B", 8)
    retake = record.verdict.retake_from
    if retake is not None:
        sheet.line(f"A retake may be sat from {retake:%Y-%m-%d}.")


def _written(sheet: Sheet, record: AuditionRecord) -> None:
    v = record.verdict
    sheet.heading("Written part")
    sheet.line(
        f"{v.written_right} of {v.written_questions} questions right "
        f"({v.written_pass_mark}% to pass): {'passed' if v.written_passed else 'failed'}"
    )
    missing = v.written_questions - record.written_answered
    if missing > 0:
        sheet.line(
            f"{record.written_set} questions set, {record.written_answered} answered: "
            f"the {missing} not answered count as not right.",
            10,
            "",
            5,
        )


def _practical(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("Practical part: grade, answers right and pace by area")
    rows = []
    for area in record.verdict.areas:
        grade = area.mark
        target = f"target {seconds(area.area.target_seconds)} s"
        if area.average is None:
            right, pace = "no answers", target
        else:
            right = f"{area.right} of {area.answered}"
            pace = f"{seconds(area.average)} s per answer, {target}"
        rows.append((area.area.title, grade, right, pace))
    sheet.table(("Area", "Grade", "Right", "Pace"), rows, (60, 36, 22, 72))
    rubric = "; ".join(
        f"{g.grade}: at least {g.accuracy}% right, "
        + ("no slower than the target" if g.pace == 100 else f"within {g.pace}% of the target")
        for g in record.rubric
    )
    if rubric:
        sheet.pdf.ln(1)
        sheet.line(f"Grades, best first - {rubric}; below the last, the area fails.", 9, "", 4.5)


def _red_lines(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("Red lines (any one crossed fails the audition)")
    if not record.red_lines:
        sheet.line("None set.")
    for red in record.red_lines:
        sheet.line(
            f"{red.title}: {'CROSSED' if record.crossed(red) else 'not crossed'}", 10, "", 5.5
        )


def _houses(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("House rules dealt under")
    if not record.house_parts:
        sheet.line("(no part recorded)", 10)
    for house, parts in record.house_parts:
        sheet.line(house or "A drill no longer installed (its house unknown)", 10, "B", 5.5)
        sheet.line(f"Parts dealt under it: {', '.join(parts)}", 10, "", 5.5)


def _verification(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("Verification")
    sheet.verify_top = sheet.pdf.get_y()  # the free column starts here (VERIFY_ROOM)
    left = sheet.left_column
    sheet.line(f"Code: {record.code}", 12, "B", 7, left)
    sheet.line(
        "Check it against the school's history: ezbac audition verify CODE "
        "(any case; spaces for the dashes will do; its last character catches a typo).",
        9,
        "",
        4.5,
        left,
    )


def _signatures(sheet: Sheet, record: AuditionRecord) -> None:
    for who in ("Proctor", "Trainee"):
        sheet.pdf.ln(9)
        sheet.line(f"{who}'s signature: ______________________   Date: ___________", 10, "", 5)


#: The sheet's sections, in order.
SECTIONS: tuple[Callable[[Sheet, AuditionRecord], None], ...] = (
    _head,
    _result,
    _written,
    _practical,
    _red_lines,
    _houses,
    _verification,
    _signatures,
)


def sign_off_pdf(record: AuditionRecord) -> bytes:
    """The sheet of ``record`` as PDF bytes."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_title(_latin(f"Audition sign-off: {record.run.trainee}"))
    pdf.set_creator("ezbac")
    pdf.set_creation_date(record.run.started_at)
    pdf.set_margins(15, 12, 15)
    pdf.set_auto_page_break(True, 12)
    pdf.add_page()
    sheet = Sheet(pdf)
    for section in SECTIONS:
        section(sheet, record)
    return bytes(pdf.output())
