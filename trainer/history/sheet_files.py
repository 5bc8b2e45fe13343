"""Writing an audition's sign-off sheet to a file, never over anything else.

A sheet is written only where nothing is, or over a sheet of the same kind when asked
(``replace``): never over the history it was read from (or the files SQLite keeps beside
it), a file the command reads, a folder, a device, a named pipe, or any other file.  A
sheet is recognised by its content: a PDF whose Creator is ezbac (the only PDF ezbac
makes), a JSON object with an audition's ``run_id`` and ``trainee``.  The file is written
whole or not at all (``trainer.paths.write_bytes_atomic``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from trainer.paths import check_output, write_bytes_atomic

SheetKind = Literal["pdf", "json"]

#: What fpdf2 writes in a PDF's information dictionary for ``set_creator("ezbac")``.
PDF_CREATOR = b"/Creator (ezbac)"


def is_sheet(data: bytes, kind: SheetKind) -> bool:
    """Whether ``data`` is a sign-off sheet of that ``kind`` as ezbac writes it."""
    if kind == "pdf":
        return data.startswith(b"%PDF-") and PDF_CREATOR in data
    from trainer.jsonfile import BadJSONError, loads

    try:
        doc = loads(data)
    except (BadJSONError, ValueError):
        return False
    if isinstance(doc, dict) and isinstance(doc.get("record"), dict):
        doc = doc["record"]  # a record wrapped with what signs it
    return isinstance(doc, dict) and {"run_id", "trainee"} <= doc.keys()


def write_sheet(
    target: Path,
    data: bytes,
    kind: SheetKind,
    *,
    reads: Sequence[tuple[Path, str]] = (),
    replace: bool = False,
    replace_how: str = "delete it first",
) -> None:
    """Write the sheet ``data`` at ``target`` (see the module); OutputRefusedError (one
    line) if that would replace anything else, OSError if the write fails."""
    what = "an audition sign-off sheet" + (" (JSON)" if kind == "json" else " (PDF)")
    check_output(
        target,
        what=what,
        is_ours=lambda head: is_sheet(head, kind),
        reads=reads,
        replace=replace,
        replace_how=replace_how,
    )
    write_bytes_atomic(target, data)
