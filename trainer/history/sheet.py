"""The audition's sign-off sheet as PDF (issue 23), through fpdf2 (pure Python, well kept):
one A4 page a school files and a casino's personnel office reads, with the verification
code ``ezbac audition verify`` checks against the history.

Written in fpdf2's core Helvetica, which holds Latin-1 only: a name outside it is printed
with "?" for the letters it lacks (the JSON record keeps it whole).
"""

from __future__ import annotations

from trainer.history.audition_record import AuditionRecord


def _latin(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


def sign_off_pdf(record: AuditionRecord) -> bytes:
    """The sheet of ``record`` as PDF bytes."""
    from fpdf import FPDF
    from fpdf.enums import XPos, YPos

    v = record.verdict
    pdf = FPDF(format="A4")
    pdf.set_title(_latin(f"Audition sign-off: {record.run.trainee}"))
    pdf.set_creator("ezbac")
    pdf.set_creation_date(record.run.started_at)
    pdf.add_page()
    width = pdf.epw

    def line(text: str, size: float = 11, style: str = "", height: float = 6) -> None:
        pdf.set_font("Helvetica", style, size)
        pdf.multi_cell(width, height, _latin(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def heading(text: str) -> None:
        pdf.ln(3)
        line(text, 12, "B", 7)

    line(record.school, 16, "B", 9)
    line("Dealer audition: EZ Baccarat - sign-off sheet", 13, "", 8)
    pdf.ln(2)
    line(f"Trainee: {record.run.trainee}")
    line(f"Date: {record.run.started_at:%Y-%m-%d %H:%M} UTC")
    line(f"Proctor: {record.proctor}")
    line(f"Run: {record.run.session_id}")
    pdf.ln(2)
    line(f"Result: {'PASSED' if record.passed else 'FAILED'}", 14, "B", 8)
    if v.retake_from is not None:
        line(f"A retake may be sat from {v.retake_from:%Y-%m-%d}.")

    heading("Written part")
    line(
        f"{v.written_right} of {v.written_questions} right ({v.written_pass_mark}% to pass): "
        f"{'passed' if v.written_passed else 'failed'}"
    )
    heading("Practical part: grade and pace by area")
    for area in v.areas:
        grade = area.mark
        pace = "no answers" if area.pace is None else f"{area.pace}% of the target time"
        line(f"{area.area.title}: {grade} - {area.right} of {area.answered} right - {pace}")
    heading("Red lines")
    if not record.red_lines:
        line("None set.")
    for red in record.red_lines:
        line(f"{red.title}: {'CROSSED' if record.crossed(red) else 'not crossed'}")
    heading("House rules dealt under")
    for house in record.houses or ("(no part recorded)",):
        line(house, 10)
    heading("Verification")
    line(f"Code: {record.code}", 12, "B", 7)
    line("Check it against the school's history: ezbac audition verify CODE", 10)
    pdf.ln(10)
    line("Proctor's signature: ______________________    Trainee's signature: ______________")
    return bytes(pdf.output())
