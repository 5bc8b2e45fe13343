"""Writing an audition's sign-off sheet, or its Open Badges credential, to a file, never
over anything else: the one safe writer of `ezbac audition record|sign|badge --out` and of
the verdict screen's `s` and `k`.

A file is written only where nothing is, or over a file of the same kind ezbac made when
asked (``replace``): never over a file the command reads (the history and the files SQLite
keeps beside it, the curriculum, the school's key, its public half, the passphrase file,
under any name that reaches them), a folder, a device, a named pipe, a link to nothing, or
any other file (``trainer.paths.check_output``).  A file is recognised by its content
(``is_ours``).  It is written whole or not at all, and a file that appears meanwhile is
never written over (``trainer.paths.write_bytes_atomic``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal

from trainer.paths import check_output, history_files, write_bytes_atomic

OutKind = Literal["pdf", "json", "jwt"]

#: What each kind of file is called in a refusal.
OUT_KINDS: dict[OutKind, str] = {
    "pdf": "an audition sign-off sheet (PDF)",
    "json": "an audition sign-off sheet (JSON)",
    "jwt": "an Open Badges credential (.jwt)",
}

#: What fpdf2 writes in a PDF's information dictionary for ``set_creator("ezbac")``: the
#: only PDFs ezbac makes are sheets.
PDF_CREATOR = b"/Creator (ezbac)"


def is_ours(head: bytes, kind: OutKind) -> bool:
    """Whether ``head`` (a file's first bytes) is a file of ``kind`` as ezbac writes it: a
    PDF whose Creator is ezbac; a JSON sheet, unsigned (its ``run_id``, ``trainee`` and
    ``verification_code``) or signed (the signed sheet's mark, the record it signs and its
    signature); a
    VC-JWT Open Badges credential."""
    if kind == "pdf":
        return head.startswith(b"%PDF-") and PDF_CREATOR in head
    from trainer.history.signing import BADGE_TYPE, SHEET_MARK, RefusedError, jws_header, unb64url
    from trainer.jsonfile import BadJSONError, loads

    if kind == "json":
        try:
            doc = loads(head)
        except BadJSONError:
            return False
        if not isinstance(doc, dict):
            return False
        if SHEET_MARK in doc:  # signed: the mark, the record signed and its signature
            signed = doc.get("record")
            return (
                isinstance(signed, dict)
                and {"run_id", "trainee"} <= signed.keys()
                and isinstance(doc.get("signature"), str)
            )
        return {"run_id", "trainee", "verification_code"} <= doc.keys()
    text = head.decode("ascii", "replace").strip()
    try:
        if jws_header(text).get("typ") != BADGE_TYPE:
            return False
        claims = json.loads(unb64url(text.split(".")[1]))
    except (RefusedError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(claims, dict) and "OpenBadgeCredential" in (claims.get("type") or [])


def history_reads(history: Path) -> list[tuple[Path, str]]:
    """A history file and the files SQLite keeps beside it, each named "the history" (a
    sheet written at its -wal or -journal would be read as the history's journal)."""
    return [(path, "the history") for path in history_files(history)]


def write_out(
    target: Path,
    data: bytes | Callable[[], bytes],
    kind: OutKind,
    *,
    reads: Sequence[tuple[Path, str]] = (),
    replace: bool = False,
) -> None:
    """Write ``data``, a file of ``kind``, at ``target`` (see the module): OutputRefusedError
    (one line) if that would replace anything else, OSError if the write fails (naming
    ``target``; FileExistsError when a file appeared there meanwhile).  ``data`` may be
    what makes it (a sheet takes seconds to set in its font): made only once ``target`` is
    found fit, so a refusal never waits for it."""
    there = check_output(
        target,
        what=OUT_KINDS[kind],
        is_ours=lambda head: is_ours(head, kind),
        reads=reads,
        replace=replace,
    )
    write_bytes_atomic(target, data() if callable(data) else data, replace=there)
