"""The audition's sign-off sheet as PDF, through fpdf2 (pure Python, well kept): one A4 page
a school files and a casino's HR desk reads without help.  Signed with the school's key
(trainer.history.signing), it carries the key's fingerprint, a QR code of the signed summary
and the whole signed record attached; unsigned, only the verification code that
``ezbac audition verify`` matches against the history.

What it says, top to bottom (``SECTIONS``, one function each, so a section is added or
moved in one place): the school (else plainly that the curriculum names none) and the path;
who sat it, when, and who proctored it, saying whether the proctor was verified by sign-in
or only typed; the result; the written part out of the questions the curriculum sets; each
practical area's grade, answers right and pace in seconds against its target, with what the
grades mean; the red lines; each house once with the parts dealt under it; the verification
block and the signatures, each with a date line, both in a left column (the right
``VERIFY_ROOM`` millimetres, from ``Sheet.verify_top`` to the page's foot, hold what a signed
sheet adds to check it: the key's fingerprint and the QR code; nothing else is printed there).

Pace is the area's average time per answer, rounded *up* to a tenth of a second (never shown
faster than it was judged: 3.01 s against 3.0 s shows 3.1 s), beside the area's target.  An
area with whole tables also says its table pace under the table: coups an hour, rounded
down, against the target for its table's format.

Written in fpdf2's core Helvetica, which holds Latin-1 only: a name outside it is printed
with "?" for the letters it lacks, and so is a control or formatting character (a line
break in a name read from the history starts no line of its own); the JSON keeps it whole.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from trainer.history.audition_record import AuditionRecord, ProctorCheck, seconds

if TYPE_CHECKING:
    from fpdf import FPDF

    from trainer.session.audition import AreaResult

#: Millimetres at the right of the verification block left free (a QR code, a fingerprint).
VERIFY_ROOM = 60.0
#: Type sizes (points) and their line heights (mm): the body, the tables and the smaller
#: lines, the fine print.  Small enough that a sheet with every field at its cap, signed,
#: holds one page (tests/formats/test_text_fields.py).
BODY, BODY_LINE = 9.5, 4.6
SMALL, SMALL_LINE = 8.5, 4.0
FINE, FINE_LINE = 8.0, 3.6
#: The signed record's attachment in the PDF (uncompressed ASCII JSON: ``verify`` finds it
#: without a PDF reader, trainer.history.signing.find_in_pdf).
ATTACHMENT = "audition-record.json"

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


class Sheet:
    """The page being written: a line of text, a heading, a table."""

    def __init__(self, pdf: FPDF, signed: dict[str, Any] | None = None) -> None:
        self.pdf = pdf
        #: The signed sheet (trainer.history.signing.sign_record), None for an unsigned one.
        self.signed = signed
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
        size: float = BODY,
        style: str = "",
        height: float = BODY_LINE,
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
        self.pdf.ln(1.5)
        self.line(text, 10.5, "B", 5.5)

    def table(
        self, head: tuple[str, ...], rows: Sequence[tuple[str, ...]], widths: tuple[int, ...]
    ) -> None:
        """Rows under a bold head, a rule between rows, no columns drawn; no markdown read
        in a cell (a name's asterisks are printed as typed)."""
        from fpdf.enums import TableBordersLayout

        self.pdf.set_font("Helvetica", "", SMALL)
        with self.pdf.table(
            col_widths=widths,
            borders_layout=TableBordersLayout.HORIZONTAL_LINES,
            line_height=SMALL_LINE,
            text_align="LEFT",
            width=self.width,
        ) as table:
            for cells in (head, *rows):
                row = table.row()
                for cell in cells:
                    row.cell(_latin(cell))


def _head(sheet: Sheet, record: AuditionRecord) -> None:
    if record.school:
        sheet.line(record.school, 14, "B", 7)
    else:
        sheet.line("School not named", 14, "B", 7)
        sheet.line("The curriculum sat names no school (its 'school' field).", SMALL, "I", 4)
    sheet.line("Dealer audition: EZ Baccarat - sign-off sheet", 11.5, "", 6)
    sheet.line(f"Path: {record.path}", SMALL, "", SMALL_LINE)
    sheet.pdf.ln(1)
    sheet.line(
        f"Trainee: {record.run.trainee}      Sat on: {record.run.started_at:%Y-%m-%d %H:%M} UTC"
    )
    sheet.line(f"Proctor: {record.proctor} - {PROCTOR_WORDS[record.proctor_check]}")
    sheet.line(f"Run: {record.run.session_id}", FINE, "", FINE_LINE)
    earlier = record.earlier
    if earlier is not None:  # a retake: what it retook, and of which sitting
        v = record.verdict
        names = ", ".join(a.area.title for a in v.areas if a.area.id in v.retaken)
        sheet.line(f"A retake of {names} (sitting {earlier.run.session_id[:8]}).")
        sheet.line(
            f"The written part and the other areas stand as sat on "
            f"{earlier.run.started_at:%Y-%m-%d}; retaken run: {earlier.run.session_id}",
            FINE,
            "",
            FINE_LINE,
        )


def _result(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.pdf.ln(1.5)
    # signed: the verdict judged from the answers, as signed; unsigned: the run row's
    passed = record.verdict.passed if sheet.signed is not None else record.passed
    sheet.line(f"Result: {'PASSED' if passed else 'FAILED'}", 12, "B", 6.5)
    # what follows it, one line, only where the verdict judged now agrees with the result
    # printed: the areas retaken alone (their grades are in the table below), the band
    v = record.verdict
    if v.passed == passed:
        more = []
        if v.retake_areas and not v.whole_failed:
            n = len(v.retake_areas)
            alone = "areas to retake on their own" if n > 1 else "area to retake on its own"
            more.append(f"{n} {alone}; the rest stands.")
        if v.bands and v.score is not None:
            more.append(f"Score {v.score}: {v.band.name if v.band else 'in no band'}.")
        if more:
            sheet.line(" ".join(more))
    # the retake date from the same verdict as the result printed above it
    retake = record.verdict.retake_from if sheet.signed is not None else record.retake_from
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
            SMALL,
            "",
            SMALL_LINE,
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
    sheet.table(("Area", "Grade", "Right", "Pace"), rows, (79, 30, 23, 48))
    for area in record.verdict.areas:
        if (line := table_pace_line(area)) is not None:
            sheet.line(f"{area.area.title}: {line}", SMALL, "", SMALL_LINE)
    rubric = "; ".join(
        f"{g.grade}: at least {g.accuracy}% right, "
        + ("no slower than the target" if g.pace == 100 else f"within {g.pace}% of the target")
        for g in record.rubric
    )
    if rubric:
        sheet.pdf.ln(0.5)
        sheet.line(
            f"Grades, best first - {rubric}; below the last, the area fails.", FINE, "", FINE_LINE
        )


def table_pace_line(area: AreaResult) -> str | None:
    """An area's whole tables as a casino times them, against the target of its table's
    format (the school's over the house's): "table pace 140 coups an hour over 5 tables, mini
    table (target 150: under)", rounded down; None for an area with no whole table."""
    pace = area.table_pace
    coups = None if pace is None else pace.coups_an_hour
    if pace is None or coups is None:
        return None
    n = pace.tables
    text = (
        f"table pace {math.floor(coups)} coups an hour over {n} table{'s' if n != 1 else ''}, "
        f"{area.table_format.label}"
    )
    verdict = pace.coups_verdict(area.table_target)
    if verdict is not None:
        text += f" (target {area.table_target.coups_an_hour}: {verdict.value})"
    return text


def _red_lines(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("Red lines (any one crossed fails the audition)")
    if not record.red_lines:
        sheet.line("None set.")
    for red in record.red_lines:
        sheet.line(
            f"{red.title}: {'CROSSED' if record.crossed(red) else 'not crossed'}",
            SMALL,
            "",
            SMALL_LINE,
        )


def _houses(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.heading("House rules dealt under")
    if not record.house_parts:
        sheet.line("(no part recorded)", SMALL, "", SMALL_LINE)
    for house, parts in record.house_parts:
        house = house or "A drill no longer installed (its house unknown)"
        sheet.line(house, SMALL, "B", SMALL_LINE)
        sheet.line(f"Parts dealt under it: {', '.join(parts)}", SMALL, "", SMALL_LINE)


def _verification(sheet: Sheet, record: AuditionRecord) -> None:
    sheet.pdf.ln(1.5)
    sheet.verify_top = sheet.pdf.get_y()  # the free column starts here (VERIFY_ROOM)
    sheet.line("Verification", 10.5, "B", 5.5)
    left = sheet.left_column
    if sheet.signed is not None:
        _signature(sheet, sheet.signed)
        return
    sheet.line(f"Code: {record.code}", 11, "B", 6, left)
    sheet.line(
        "Unsigned sheet: ezbac audition verify CODE says whether the school's history still "
        "matches it (any case; spaces for the dashes will do; its last character catches a "
        "typo), which proves nothing against whoever can write that history.",
        FINE,
        "",
        FINE_LINE,
        left,
    )


def _signature(sheet: Sheet, signed: dict[str, Any]) -> None:
    """The school's signature: in the left column who signed and how to check it; in the
    free column the key's fingerprint and the QR code of the signed summary (the JWS); the
    whole signed record attached to the PDF."""
    import io
    import json

    from trainer.history.signing import unb64url

    pdf, left = sheet.pdf, sheet.left_column
    token = signed["signature"]
    kid = str(json.loads(unb64url(token.split(".")[0]))["kid"])
    top = float(sheet.verify_top if sheet.verify_top is not None else pdf.get_y())
    sheet.line(f"Signed with {signed['record']['school']}'s key.", BODY, "B", BODY_LINE, left)
    sheet.line(
        "Check it with the school's published public key, whose fingerprint is printed "
        "here: ezbac audition verify SHEET --key SCHOOL.pub (the PDF, or the text of the QR "
        "code read by any phone). It shows what was signed: read the result there.",
        FINE,
        "",
        FINE_LINE,
        left,
    )
    bottom = float(pdf.get_y())
    x = float(pdf.l_margin) + left + 1  # the free column, 1 mm in
    room = VERIFY_ROOM - 1
    # the fingerprint: its label, then 8 groups of 4 a line (two lines), then the QR code
    pdf.set_xy(x, top)
    pdf.set_font("Helvetica", "", 7.5)
    pdf.cell(room, 3.5, "The school key's fingerprint (SHA-256):")
    groups = kid.split()
    pdf.set_font("Courier", "B", 7)
    lines = [" ".join(groups[n : n + 8]) for n in range(0, len(groups), 8)]
    for n, text in enumerate(lines):
        pdf.set_xy(x, top + 3.5 * (n + 1))
        pdf.cell(room, 3.5, _latin(text))
    qr_top = top + 3.5 * (len(lines) + 1) + 0.5
    size = min(room, float(pdf.h) - float(pdf.b_margin) - qr_top)
    pdf.image(io.BytesIO(qr_png(token)), x=x, y=qr_top, w=size, h=size)
    pdf.set_xy(pdf.l_margin, bottom)
    attached = json.dumps(signed, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    pdf.embed_file(
        bytes=attached.encode("ascii"),
        basename=ATTACHMENT,
        mime_type="application/json",
        desc="The audition's record and the school's signature (ezbac audition verify)",
        compress=False,
    )


def qr_png(text: str) -> bytes:
    """``text`` as a QR code (segno, pure Python), a PNG with its quiet zone (4 modules)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make_qr(text, error="l").save(out, kind="png", scale=4, border=4)
    return out.getvalue()


def _signatures(sheet: Sheet, record: AuditionRecord) -> None:
    for who in ("Proctor", "Trainee"):
        sheet.pdf.ln(6)
        sheet.line(f"{who}'s signature: ______________________   Date: ___________")


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


def sign_off_pdf(record: AuditionRecord, signed: dict[str, Any] | None = None) -> bytes:
    """The sheet of ``record`` as PDF bytes; ``signed`` (trainer.history.signing.sign_record
    of ``record.signed_record()``) adds the school's signature (``_signature``)."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_title(_latin(f"Audition sign-off: {record.run.trainee}"))
    pdf.set_creator("ezbac")
    pdf.set_creation_date(record.run.started_at)
    pdf.set_margins(15, 12, 15)
    pdf.set_auto_page_break(True, 12)
    pdf.add_page()
    sheet = Sheet(pdf, signed)
    for section in SECTIONS:
        section(sheet, record)
    return bytes(pdf.output())
