"""The audition's sign-off sheet as a page, through fpdf2 (pure Python, well kept): one A4
page a school files and a casino's HR desk reads without help.  What it says is worded at the
edge (``trainer.words.sheet``, from the message catalogue of the sheet's language); this
module lays it out: lines, headings and a table, each text in the sheet's language with its
English beside it (``Text``), the verification block's free column (a signed sheet's key
fingerprint and QR code) and the signed record attached.

The verification block and the signatures are in a left column: the right ``VERIFY_ROOM``
millimetres, from ``Sheet.verify_top`` to the page's foot, hold what a signed sheet adds to
check it (the key's fingerprint and the QR code); nothing else is printed there.

The font is Noto Sans CJK (SIL Open Font License 1.1; Debian's ``fonts-noto-cjk``, which
``.ci/run`` installs): one family that carries Simplified and Traditional Chinese, Korean
Hangul, Vietnamese and every Latin letter, embedded as a subset of the characters printed.
Its face follows the sheet's language (``FACES``: the Chinese characters' regional forms).
A missing font is one line naming it (``SheetFontError``), never a sheet in another font.  A
character the font lacks (an emoji in a name), or a control or formatting one (a line break,
a right-to-left override), is printed "?", on the line it was given; the JSON keeps it whole.
"""

from __future__ import annotations

import io
import json
import os
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.errors import UnavailableError

if TYPE_CHECKING:
    from fpdf import FPDF

#: Millimetres at the right of the verification block left free (a QR code, a fingerprint).
VERIFY_ROOM = 60.0
#: Type sizes (points) and their line heights (mm): the body, the tables and the smaller
#: lines, the fine print.  Small enough that a sheet with every field at its cap, signed,
#: holds one page (tests/formats/test_text_fields.py).
BODY, BODY_LINE = 9.5, 4.6
SMALL, SMALL_LINE = 8.5, 4.0
FINE, FINE_LINE = 8.0, 3.6
#: The English beside a line in another language: a size smaller, grey.
BESIDE, BESIDE_LINE, BESIDE_GREY = 7.0, 3.2, 90
#: The sheet's letters at this percent of their width: Noto Sans CJK's Latin is wider than
#: the Helvetica the sheet was laid out in, and a sheet with every field at its cap still
#: holds one page.
STRETCH = 90
#: The smallest QR code a signed sheet prints (mm; any phone reads it), and the height the
#: free column needs for it (the fingerprint's label and lines above it): the verification
#: block starts on a page with that much left, never split from its column.
QR_MIN = 40.0
VERIFY_HEIGHT = 4 * 3.5 + QR_MIN + 1
#: The signed record's attachment in the PDF (uncompressed ASCII JSON: ``verify`` finds it
#: without a PDF reader, trainer.history.signing.find_in_pdf).
ATTACHMENT = "audition-record.json"

#: The sheet's font: its name, its two files (regular, bold: OpenType collections) and where
#: they are looked for (Debian's fonts-noto-cjk first); a folder named by ``FONT_DIR_ENV`` is
#: looked in instead of them.
FONT_NAME = "Noto Sans CJK"
FONT_FILES = {"": "NotoSansCJK-Regular.ttc", "B": "NotoSansCJK-Bold.ttc"}
FONT_DIRS = (
    Path("/usr/share/fonts/opentype/noto"),  # Debian, Ubuntu: fonts-noto-cjk
    Path("/usr/share/fonts/google-noto-cjk"),  # Fedora: google-noto-sans-cjk-ttc-fonts
    Path("/usr/share/fonts/noto-cjk"),  # Arch: noto-fonts-cjk
)
FONT_DIR_ENV = "EZBAC_SHEET_FONTS"
#: The face of the collection each language's sheet is set in (its Chinese characters'
#: regional forms): 0 JP, 1 KR, 2 SC, 3 TC, 4 HK.  Traditional Chinese takes TC, the
#: Taiwan standard forms, which Macau's and Hong Kong's readers read as their own.
FACES = {"en": 2, "zh_Hans": 2, "zh_Hant": 3, "vi": 2, "ko": 1}
_FAMILY = "sheet"
#: The languages written without spaces between words: their lines break at any character.
CHAR_WRAP = frozenset({"zh_Hans", "zh_Hant"})


class SheetFontError(UnavailableError):
    """The sheet's font is not installed."""


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (a name too long, a loop: not one)."""
    try:
        return path.is_file()
    except OSError:
        return False


def font_files(
    environ: Mapping[str, str] | None = None, dirs: Sequence[Path] = FONT_DIRS
) -> dict[str, Path]:
    """The sheet's font files by style, from the first of ``dirs`` that holds both, or
    only from the folder ``FONT_DIR_ENV`` names when it is set; SheetFontError (one line
    naming the font and how to install it) when none does."""
    env = os.environ if environ is None else environ
    named = env.get(FONT_DIR_ENV)
    for folder in [Path(named)] if named else dirs:
        found = {style: folder / name for style, name in FONT_FILES.items()}
        if all(_is_file(path) for path in found.values()):
            return found
    from trainer.engine.said import Said

    where = (
        Said("in {folder} ({env})", folder=named, env=FONT_DIR_ENV)
        if named
        else Said("in the system's font folders")
    )
    raise SheetFontError(
        Said(
            "the sign-off sheet's font {font} ({file}) is missing {where}: install "
            "Debian's fonts-noto-cjk, or name the folder holding its files in {env}",
            font=FONT_NAME,
            file=FONT_FILES[""],
            where=where,
            env=FONT_DIR_ENV,
        )
    )


@dataclass(frozen=True, slots=True)
class Text:
    """A text of the sheet in its language, and the same in English (the same string for
    data: a name, a code, a number)."""

    local: str
    english: str

    @classmethod
    def plain(cls, text: str) -> Text:
        return cls(text, text)


def _shown(text: str, cmap: dict[int, str] | None) -> str:
    """``text`` as the sheet prints it, on the line it was given: a control character (a line
    break, an escape), a formatting one (a right-to-left override) or one the font lacks is
    "?", so no name can start a line of its own or vanish."""

    def lacks(c: str) -> bool:
        return cmap is not None and ord(c) not in cmap and not c.isspace()

    # composed first: a Vietnamese name typed as letters and combining marks (NFD) prints
    # as the font's own accented letters, not marks set loose beside them
    return "".join(
        "?" if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") or lacks(c) else c
        for c in unicodedata.normalize("NFC", text)
    )


class Sheet:
    """The page being written: a line of text, a heading, a table."""

    def __init__(self, pdf: FPDF, language: str, signed: dict[str, Any] | None = None) -> None:
        self.pdf = pdf
        #: The sheet's language (a code of trainer.i18n.LANGUAGES).
        self.language = language
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

    def font(self, style: str, size: float) -> None:
        """The sheet's font, bold or regular (it has no italic: "I" is regular)."""
        self.pdf.set_font(_FAMILY, "B" if "B" in style else "", size)

    def shown(self, text: str) -> str:
        font = self.pdf.current_font
        return _shown(text, getattr(font, "cmap", None))

    def _cell(
        self, text: str, size: float, style: str, height: float, width: float, local: bool
    ) -> None:
        from fpdf.enums import WrapMode, XPos, YPos

        # Chinese is written without spaces: a line of it breaks between any two characters
        chars = local and self.language in CHAR_WRAP
        self.font(style, size)
        self.pdf.multi_cell(
            width,
            height,
            self.shown(text),
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
            align="L" if chars else "J",
            wrapmode=WrapMode.CHAR if chars else WrapMode.WORD,
        )

    def line(
        self,
        text: Text | str,
        size: float = BODY,
        style: str = "",
        height: float = BODY_LINE,
        width: float | None = None,
    ) -> None:
        """A line (wrapped in ``width``) in the sheet's language, then its English in a
        smaller grey line where it differs."""
        text = Text.plain(text) if isinstance(text, str) else text
        w = self.width if width is None else width
        self._cell(text.local, size, style, height, w, True)
        if text.english != text.local:
            self.pdf.set_text_color(BESIDE_GREY)
            self._cell(text.english, min(size, BESIDE), style, BESIDE_LINE, w, False)
            self.pdf.set_text_color(0)

    def keep(self, height: float) -> None:
        """A new page unless ``height`` mm are left on this one (a block kept whole)."""
        pdf = self.pdf
        if float(pdf.get_y()) + height > float(pdf.page_break_trigger):
            pdf.add_page()

    def heading(self, text: Text) -> None:
        self.pdf.ln(1.5)
        self.line(text, 10.5, "B", 5.5)

    def table(
        self,
        head: Sequence[Text],
        rows: Sequence[Sequence[Text]],
        widths: tuple[int, ...],
    ) -> None:
        """Rows under a bold head, a rule between rows, no columns drawn; no markdown read
        in a cell (a name's asterisks are printed as typed).  The head carries the English
        beside each column's name; the rows are in the sheet's language only (numbers,
        grades and titles as recorded), so a row keeps to its lines."""
        from fpdf.enums import TableBordersLayout

        self.font("", SMALL)
        with self.pdf.table(
            col_widths=widths,
            borders_layout=TableBordersLayout.HORIZONTAL_LINES,
            line_height=SMALL_LINE,
            text_align="LEFT",
            width=self.width,
            padding=(0.3, 0),  # a little air between a row's text and its rules
        ) as table:
            row = table.row()
            for cell in head:
                both = cell.local if cell.local == cell.english else f"{cell.local} {cell.english}"
                row.cell(self.shown(both))
            for cells in rows:
                row = table.row()
                for cell in cells:
                    row.cell(self.shown(cell.local))

    def fingerprint(self, label: Text, kid: str, token: str) -> None:
        """In the free column from ``verify_top``: the label, the key's fingerprint (8 groups
        of 4 a line) and the QR code of ``token`` (the signed summary)."""
        pdf = self.pdf
        top = float(self.verify_top if self.verify_top is not None else pdf.get_y())
        bottom = float(pdf.get_y())
        x = float(pdf.l_margin) + self.left_column + 1  # the free column, 1 mm in
        room = VERIFY_ROOM - 1
        y = top
        labels = [label.local] if label.local == label.english else [label.local, label.english]
        for n, part in enumerate(labels):
            pdf.set_xy(x, y)
            self.font("", 7.5 if n == 0 else 6.5)
            pdf.cell(room, 3.5, self.shown(part))
            y += 3.5
        groups = kid.split()
        pdf.set_font("Courier", "B", 7)
        lines = [" ".join(groups[n : n + 8]) for n in range(0, len(groups), 8)]
        for text in lines:
            pdf.set_xy(x, y)
            pdf.cell(room, 3.5, _shown(text, None).encode("latin-1", "replace").decode("latin-1"))
            y += 3.5
        qr_top = y + 0.5
        size = min(room, float(pdf.h) - float(pdf.b_margin) - qr_top)
        pdf.image(io.BytesIO(qr_png(token)), x=x, y=qr_top, w=size, h=size)
        pdf.set_xy(pdf.l_margin, bottom)

    def attach(self, signed: dict[str, Any]) -> None:
        """The whole signed record attached to the PDF (ASCII JSON, uncompressed)."""
        attached = json.dumps(signed, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        self.pdf.embed_file(
            bytes=attached.encode("ascii"),
            basename=ATTACHMENT,
            mime_type="application/json",
            desc="The audition's record and the school's signature (ezbac audition verify)",
            compress=False,
        )

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def qr_png(text: str) -> bytes:
    """``text`` as a QR code (segno, pure Python), a PNG with its quiet zone (4 modules)."""
    import segno

    out = io.BytesIO()
    segno.make_qr(text, error="l").save(out, kind="png", scale=4, border=4)
    return out.getvalue()


def open_sheet(
    language: str, title: str, created: datetime, signed: dict[str, Any] | None = None
) -> Sheet:
    """A new A4 sheet in ``language`` (its font's face, ``FACES``), its first page open;
    SheetFontError when the font is missing."""
    from fpdf import FPDF

    files = font_files()
    face = FACES.get(language, FACES["en"])
    pdf = FPDF(format="A4")
    for style, path in files.items():
        try:
            pdf.add_font(_FAMILY, style, str(path), collection_font_number=face)
        except Exception as exc:  # fontTools' TTLibError, struct.error, OSError ...
            from trainer.engine.said import Said

            raise SheetFontError(
                Said(
                    "{path}: the sign-off sheet's font {font} cannot be read ({kind}): "
                    "install Debian's fonts-noto-cjk again",
                    path=str(path),
                    font=FONT_NAME,
                    kind=type(exc).__name__,
                )
            ) from None
    sheet = Sheet(pdf, language, signed)
    sheet.font("", BODY)
    pdf.set_title(sheet.shown(title))
    pdf.set_lang(language.replace("_", "-"))
    pdf.set_creator("ezbac")
    pdf.set_creation_date(created)
    pdf.set_margins(15, 12, 15)
    pdf.set_auto_page_break(True, 12)
    pdf.add_page()
    pdf.set_stretching(STRETCH)
    return sheet
