"""`ezbac audition verify`: a sheet checked with the school's public key alone (its PDF, its
JSON, its QR code's text, an Open Badges credential), or a code matched against the history
(never verified).  Every line in the language spoken; ``--json`` the same in every
language."""

from __future__ import annotations

import argparse
import json
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.cli.audition_common import (
    EXIT_NOT_VERIFIED,
    curriculum,
    given,
    history,
    needed,
    read_file,
    refused,
    worded,
)
from trainer.cli.common import UsageError, os_line
from trainer.i18n import N_, _

if TYPE_CHECKING:
    from datetime import datetime

    from trainer.history.signing import Revocations, SchoolKey

#: Where `verify` keeps the issue date of the newest revocation list it has seen for each
#: school key (in the ezbac folder), so an older list handed over later is refused.
SEEN_LISTS = "revocation-lists-seen.json"


def _public(args: argparse.Namespace) -> SchoolKey:
    from trainer.history.signing import KeyFileError, read_public

    path = needed(args.key, "--key")
    try:
        return read_public(read_file(path, N_("a public key file"), 1_000_000), path)
    except KeyFileError as exc:
        raise refused(exc) from None


def _revoked(args: argparse.Namespace, key: SchoolKey) -> Revocations | None:
    """The school's revocation list of --revoked, checked with its key, and no older than
    the newest list of that key this computer has seen (which it then remembers)."""
    from trainer.history.signing import RefusedError, read_revocations

    path = given(args.revoked, "--revoked")
    if path is None:
        return None
    text = read_file(path, N_("a revocation list"), 1_000_000).decode("ascii", "replace")
    try:
        revocations = read_revocations(text, key)
    except RefusedError as exc:
        raise UsageError(
            _("{path}: not {school}'s revocation list ({why})").format(
                path=path, school=key.school, why=worded(exc)
            )
        ) from None
    _newest_list(path, key, revocations)
    return revocations


def _newest_list(path: str, key: SchoolKey, revocations: Revocations) -> None:
    """Refuse a list older than the newest of ``key`` seen here (a stale list drops later
    revocations); remember this one's date when it is the newest.  The record is ezbac's
    own file in the ezbac folder; one that cannot be read is started again."""
    from datetime import datetime

    from trainer.paths import user_data_dir, write_atomic

    seen_file = user_data_dir() / SEEN_LISTS
    seen: dict[str, str] = {}
    try:
        if seen_file.is_file():  # never opened when it is a pipe or a device: no wait
            loaded = json.loads(seen_file.read_bytes()[:1_000_000])
            if isinstance(loaded, dict) and isinstance(loaded.get("keys"), dict):
                seen = {k: v for k, v in loaded["keys"].items() if isinstance(v, str)}
    except (OSError, ValueError, RecursionError):
        pass
    newest = None
    with suppress(KeyError, ValueError):
        newest = datetime.fromisoformat(seen[key.fingerprint])
    if newest is not None and newest.tzinfo is None:
        newest = None
    issued = revocations.issued_at
    if newest is not None and issued < newest:
        raise UsageError(
            _(
                "{path}: {school}'s revocation list issued {issued} is older than the one of "
                "{newest} already seen here; fetch the school's current list"
            ).format(path=path, school=key.school, issued=_when(issued), newest=_when(newest))
        )
    if newest is None or issued > newest:
        seen[key.fingerprint] = issued.isoformat()
        body = {"ezbac_revocation_lists_seen": 1, "keys": seen}
        try:
            write_atomic(seen_file, json.dumps(body, indent=2) + "\n")
        except OSError as exc:
            raise UsageError(os_line(exc)) from None


def _when(at: datetime) -> str:
    from datetime import UTC

    return _("{time} UTC").format(time=f"{at.astimezone(UTC):%Y-%m-%d %H:%M:%S}")


def _list_line(key: SchoolKey, revocations: Revocations | None) -> str:
    if revocations is None:
        return _(
            "(no revocation list checked: fetch the school's current list and give it with "
            "--revoked FILE)"
        )
    return _(
        "(checked against {school}'s revocation list issued {issued}, {count} revoked; a "
        "newer list may revoke more: fetch the school's current one)"
    ).format(school=key.school, issued=_when(revocations.issued_at), count=len(revocations.revoked))


#: The verdict a signed summary carries, and a badge's result status, as shown.
_VERDICTS = {
    "passed": lambda: _("passed"),
    "failed": lambda: _("failed"),
    "Completed": lambda: _("Completed"),
    "Failed": lambda: _("Failed"),
}


def _verdict(value: object) -> str:
    shown = _VERDICTS.get(str(value))
    return shown() if shown is not None else str(value)


def verify(args: argparse.Namespace) -> int:
    """A sheet checked with the school's public key alone; exit 1 unless it verifies."""
    from trainer.history.signing import (
        BADGE_TYPE,
        RefusedError,
        find_in_pdf,
        jws_header,
        looks_signed,
        verify_badge,
        verify_signed,
    )

    sheet_given = needed(args.sheet, "SHEET")
    qr_text = len(sheet_given) > 100 and looks_signed(sheet_given)
    if not qr_text and not _exists(sheet_given):
        code = _typed_code(sheet_given)
        if code is None:
            raise UsageError(
                _(
                    "SHEET {sheet}: no such file, and not a QR code's text or a verification "
                    "code (like 1A2B3C4D-ABCD-EFGH-JKLM-O)"
                ).format(sheet=repr(sheet_given[:60]))
            )
        return _unsigned_code(args, code)
    key = _public(args)
    revocations = _revoked(args, key)
    revoked = {} if revocations is None else revocations.revoked
    token: str | None
    record = None
    if qr_text:
        token = sheet_given  # the QR code's text: the signed summary only
    else:
        data = read_file(sheet_given, N_("a sheet"), 20_000_000)
        try:
            if data.startswith(b"%PDF"):
                sheet = find_in_pdf(data)
            elif data.lstrip().startswith(b"{"):
                try:
                    sheet = json.loads(data.decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    raise UsageError(
                        _("{path}: not a sheet's JSON").format(path=sheet_given)
                    ) from None
            else:
                sheet = {"signature": data.decode("ascii", "replace").strip(), "record": None}
        except RefusedError as exc:
            return _refused(sheet_given, worded(exc))
        if not isinstance(sheet, dict) or not isinstance(sheet.get("signature"), str):
            return _unsigned_sheet(args, sheet_given, sheet)
        token = sheet["signature"]
        record = sheet.get("record")
        if record is not None and not isinstance(record, dict):
            return _refused(sheet_given, _("its record is not a JSON object"))
    try:
        if jws_header(token).get("typ") == BADGE_TYPE:
            return _verified_badge(args, verify_badge(token, key, revoked), key, revocations)
        verified = verify_signed(token, record, key, revoked)
    except RefusedError as exc:
        what = sheet_given if len(sheet_given) < 100 else _("the QR code")
        return _refused(what, worded(exc))
    s = verified.summary
    if args.json:
        body = {"summary": s, "record": verified.record, "revocation_list": _list(revocations)}
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    trainee, proctor = s.get("trainee") or {}, s.get("proctor") or {}
    print(
        _(
            "verified: signed by {school} (key {fingerprint}): {trainee}'s audition of {date}, "
            "proctor {proctor}{how}: {verdict}"
        ).format(
            school=key.school,
            fingerprint=key.fingerprint,
            trainee=trainee.get("name"),
            date=str(s.get("sat_at"))[:10],
            proctor=proctor.get("name"),
            how=_proctor_words(proctor.get("verified") is True),
            verdict=_verdict(s.get("verdict")),
        )
    )
    if verified.record is None:
        print(_("(the QR code's summary: the full record is in the sheet's PDF or JSON)"))
    elif isinstance(link := verified.record.get("retake_of"), dict):
        areas = ", ".join(str(a) for a in link.get("areas") or ())
        print(
            _("a retake of {areas} of sitting {run_id}, whose record is signed with it").format(
                areas=areas, run_id=link.get("run_id")
            )
        )
    print(_list_line(key, revocations))
    return 0


def _list(revocations: Revocations | None) -> dict[str, object] | None:
    if revocations is None:
        return None
    return {
        "issued_at": revocations.issued_at.isoformat(),
        "revoked": len(revocations.revoked),
    }


def _verified_badge(
    args: argparse.Namespace,
    claims: dict[str, Any],
    key: SchoolKey,
    revocations: Revocations | None,
) -> int:
    if args.json:
        body = {"credential": claims, "revocation_list": _list(revocations)}
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    subject = claims.get("credentialSubject") or {}
    names = [i.get("identityHash") for i in subject.get("identifier") or [] if isinstance(i, dict)]
    status = [r.get("status") for r in subject.get("result") or [] if isinstance(r, dict)]
    print(
        _(
            "verified: an Open Badges 3.0 credential signed by {school} (key {fingerprint}): "
            "{names}, {name}, {date}: {status}"
        ).format(
            school=key.school,
            fingerprint=key.fingerprint,
            names=", ".join(map(str, names)) or "?",
            name=claims.get("name"),
            date=str(claims.get("validFrom"))[:10],
            status=_verdict(next((s for s in status if s), "?")),
        )
    )
    print(_list_line(key, revocations))
    return 0


def _refused(what: str, why: str) -> int:
    print(_("not verified: {what}: {why}").format(what=what, why=why))
    return EXIT_NOT_VERIFIED


def _unsigned_sheet(args: argparse.Namespace, path: str, sheet: object) -> int:
    """A sheet with no signature: never verified (exit 1); with its code and a history at
    hand, whether that history still matches it (which proves nothing against whoever can
    write the history).  One line."""
    from trainer.errors import BadInputError
    from trainer.history.audition_record import NotVerifiedError
    from trainer.history.audition_record import verify as verify_code
    from trainer.history.store import db_is_missing, resolve_db

    code = sheet.get("verification_code") if isinstance(sheet, dict) else None
    head = _("unsigned: {path} carries no school signature, so it is not verified").format(
        path=path
    )
    if not isinstance(code, str):
        print(head)
    elif db_is_missing(resolve_db(args.db)):
        print(
            _("{head} (its code {code} can be checked against a history with --db)").format(
                head=head, code=code
            )
        )
    else:
        try:
            with history(args.db) as store:
                verify_code(store, code, curriculum(args.curriculum))
        except NotVerifiedError:
            print(
                _("{head}; the history no longer matches its code {code}").format(
                    head=head, code=code
                )
            )
        except BadInputError as exc:
            print(_("{head}; its code was not checked ({why})").format(head=head, why=worded(exc)))
        else:
            print(
                _(
                    "{head}; the history still matches its code {code}, which whoever can "
                    "write the history could have made"
                ).format(head=head, code=code)
            )
    return EXIT_NOT_VERIFIED


def _exists(path: str) -> bool:
    try:
        return Path(path).exists() or Path(path).is_symlink()
    except (OSError, ValueError):  # a name too long, a NUL: no file by that name
        return False


def _typed_code(text: str) -> str | None:
    """``text`` as a verification code in its printed form (any case, spaces or nothing for
    the dashes, its check character checked: a typo is one line, exit 2); None when it is
    no code at all."""
    from trainer.errors import BadInputError
    from trainer.history.audition_record import MistypedCodeError, checked_code

    try:
        return checked_code(text)
    except MistypedCodeError as exc:
        raise refused(exc) from None
    except BadInputError:
        return None


def _proctor_words(verified: bool) -> str:
    return _(" (signed in)") if verified else _(" (unverified: typed, no sign-in)")


def _unsigned_code(args: argparse.Namespace, code: str) -> int:
    """A code is never a signature: say whether the history still matches it, exit 1 (a
    typo, exit 2, is told apart from a record changed since the sheet)."""
    from trainer.history.audition_record import OLD_SHAPE, NotVerifiedError
    from trainer.history.audition_record import verify as verify_code

    judged_on = curriculum(args.curriculum)
    with history(args.db) as store:
        try:
            record = verify_code(store, code, judged_on)
        except NotVerifiedError as exc:
            if args.json:  # English, as every machine-read field: str(exc)
                body = {"signed": False, "verified": False, "history_matches": False}
                print(json.dumps(body | {"why": str(exc)}, indent=2, ensure_ascii=False))
            else:
                print(_("unsigned, not verified: {why}").format(why=worded(exc)))
            return EXIT_NOT_VERIFIED
    if args.json:  # the record the history holds, never as if verified
        body = {"signed": False, "verified": False, "history_matches": True}
        print(json.dumps(body | {"record": record.as_json()}, indent=2, ensure_ascii=False))
        return EXIT_NOT_VERIFIED
    school = record.school or _("a school not named ({path})").format(path=record.path)
    print(
        _(
            "unsigned: the code of {trainee}'s audition at {school}, {date}, proctor "
            "{proctor}{how}, matches this history's rows, which whoever can write the history "
            "could have made; only a signed sheet is verified"
        ).format(
            trainee=record.run.trainee,
            school=school,
            date=f"{record.run.started_at:%Y-%m-%d}",
            proctor=record.proctor,
            how=_proctor_words(record.proctor_verified),
        )
    )
    if OLD_SHAPE.match(code):
        print(_("(an old-shape code, printed before codes had a check character)"))
    return EXIT_NOT_VERIFIED
