"""The audition's sign-off sheet as PDF (issue 23), through fpdf2 (pure Python, well kept):
one A4 page a school files and a casino's personnel office reads, with the verification
code ``ezbac audition verify`` checks against the history.

Written in fpdf2's core Helvetica, which holds Latin-1 only: a name outside it is printed
with "?" for the letters it lacks (the JSON record keeps it whole).
"""

from __future__ import annotations

from typing import Any

from trainer.history.audition_record import AuditionRecord

#: The signed record's attachment in the PDF (uncompressed ASCII JSON: ``verify`` finds it
#: without a PDF reader, trainer.history.signing.find_in_pdf).
ATTACHMENT = "audition-record.json"


def _latin(text: str) -> str:
    return text.encode("latin-1", "replace").decode("latin-1")


def qr_png(text: str) -> bytes:
    """``text`` as a QR code (segno, pure Python), a PNG."""
    import io

    import segno

    out = io.BytesIO()
    segno.make_qr(text, error="l").save(out, kind="png", scale=4, border=4)
    return out.getvalue()


def sign_off_pdf(record: AuditionRecord, signed: dict[str, Any] | None = None) -> bytes:
    """The sheet of ``record`` as PDF bytes; ``signed`` (trainer.history.signing.sign_record)
    adds the school's signature: its key's fingerprint, a QR code of the signed summary and
    the whole signed record attached."""
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
    # signed: the verdict judged from the answers, as signed; else the run row's
    passed = record.verdict.passed if signed is not None else record.passed
    line(f"Result: {'PASSED' if passed else 'FAILED'}", 14, "B", 8)
    if v.retake_from is not None:
        line(f"A retake may be sat from {v.retake_from:%Y-%m-%d}.")

    heading("Written part")
    line(
        f"{v.written_right} of {v.written_questions} right ({v.written_pass_mark}% to pass): "
        f"{'passed' if v.written_passed else 'failed'}"
    )
    heading("Practical part: grade and pace by area")
    for area in v.areas:
        grade = "failed" if area.grade is None else area.grade.grade
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
    if signed is None:
        line(f"Code: {record.code}", 12, "B", 7)
        line("Unsigned sheet: the code matches the school's history, which proves nothing.", 10)
    else:
        _signature(pdf, signed, line)
    pdf.ln(10)
    line("Proctor's signature: ______________________    Trainee's signature: ______________")
    return bytes(pdf.output())


def _signature(pdf: Any, signed: dict[str, Any], line: Any) -> None:
    """The school's signature: who signed, the key's fingerprint, the QR code, the record."""
    import io
    import json

    from trainer.history.signing import unb64url

    token = signed["signature"]
    header = json.loads(unb64url(token.split(".")[0]))
    line(f"Signed with {signed['record']['school']}'s key, fingerprint:", 10)
    line(header["kid"], 10, "B")
    line(
        "Check it with the school's published public key: "
        "ezbac audition verify SHEET --key school-key.pub (or scan the code).",
        9,
    )
    size = 60.0
    if pdf.get_y() + size > pdf.h - pdf.b_margin - 20:
        size = max(35.0, pdf.h - pdf.b_margin - 20 - pdf.get_y())
    pdf.image(io.BytesIO(qr_png(token)), x=pdf.l_margin, w=size, h=size)
    attached = json.dumps(signed, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    pdf.embed_file(
        bytes=attached.encode("ascii"),
        basename=ATTACHMENT,
        mime_type="application/json",
        desc="The audition's record and the school's signature (ezbac audition verify)",
        compress=False,
    )
