"""`ezbac audition`: an audition's sign-off sheet (PDF, or JSON for a school's own systems)
signed with the school's key, the school's key and revocation list, and the check of a sheet
with the school's public key alone (a code: only whether the history still matches it)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.cli.common import COMMANDS, UsageError, error_joiner, roster_language
from trainer.cli.options import add_db_argument
from trainer.history.signing import read_small
from trainer.i18n import _

if TYPE_CHECKING:
    from datetime import datetime

    from trainer.cli.parser import Parser
    from trainer.curriculum.model import Curriculum
    from trainer.history.audition_record import AuditionRecord
    from trainer.history.backend import HistoryStore
    from trainer.history.sheet_files import OutKind
    from trainer.history.signing import Revocations, SchoolKey, Signer

#: `verify`: not verified (unsigned, changed, another key's, revoked).
EXIT_NOT_VERIFIED = 1
#: Where a script gives the key's passphrase (else --passphrase-file, else it is asked).
PASSPHRASE_ENV = "EZBAC_KEY_PASSPHRASE"


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    parser = sub.add_parser(
        "audition",
        help=_(COMMANDS["audition"]),
        description=(
            _(
                "An audition's record: 'key' makes the school's signing key; 'sign' writes the\n"
                "sign-off sheet (PDF, or JSON) signed with it; 'verify' checks a sheet with the\n"
                "school's public key alone; 'revoke' adds a sheet to the school's signed\n"
                "revocation list; 'badge' writes it as an Open Badges 3.0 credential (VC-JWT);\n"
                "'record' writes an unsigned sheet. verify: exit 0 verified, 1 not verified\n"
                "(unsigned, changed, another key's or revoked), 2 usage or a mistyped code."
            )
        ),
        epilog=(
            _(
                "examples:\n"
                "  ezbac audition key --out school-key.pem --school 'Lucky Star'\n"
                "  ezbac audition sign --trainee Alex --key school-key.pem --out alex.pdf\n"
                "  ezbac audition verify alex.pdf --key school-key.pub --revoked revoked.jws\n"
                "  ezbac audition revoke 3f2a9c0e... --key school-key.pem --list revoked.jws \\\n"
                "      --reason 'signed in error'\n"
                "A code (an unsigned sheet's) is read whatever its case and separators; its last\n"
                "character is a check character, so a code mistyped is told as such (exit 2); a\n"
                "code is never verified, only matched against the history (exit 1)."
            )
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    record = actions.add_parser("record", help=_("write an audition's sign-off sheet (unsigned)"))
    _which_run(record)
    record.add_argument("--out", metavar="FILE", help=_("where (default: audition-NAME-DATE.pdf)"))
    record.add_argument("--json", action="store_true", help=_("JSON (to stdout unless --out)"))
    _replace_option(record)
    sign = actions.add_parser(
        "sign", help=_("write an audition's sheet signed with the school's key (instructors)")
    )
    _which_run(sign)
    _key_option(sign, _("the school's private key file (PEM, passphrase-protected)"))
    sign.add_argument("--out", metavar="FILE", help=_("where (default: audition-NAME-DATE.pdf)"))
    sign.add_argument(
        "--json", action="store_true", help=_("the signed JSON (stdout unless --out)")
    )
    _replace_option(sign)
    for each in (sign,):
        _instructor_option(each)
    badge = actions.add_parser(
        "badge", help=_("an audition as an Open Badges 3.0 credential signed with the school's key")
    )
    _which_run(badge)
    _key_option(badge, _("the school's private key file (PEM, passphrase-protected)"))
    badge.add_argument("--out", metavar="FILE", help=_("where (.jwt; default: standard output)"))
    _replace_option(badge)
    _instructor_option(badge)
    verify = actions.add_parser(
        "verify", help=_("check a sheet's signature with the school's public key")
    )
    verify.add_argument(
        "sheet",
        metavar="SHEET",
        help=_("the sheet: its PDF or JSON file, its QR code's text, or its code"),
    )
    verify.add_argument("--key", metavar="FILE", help=_("the school's public key (.pub)"))
    verify.add_argument("--revoked", metavar="FILE", help=_("the school's revocation list"))
    verify.add_argument("--json", action="store_true", help=_("the verified record as JSON"))
    key = actions.add_parser(
        "key", help=_("make the school's signing key (private PEM and public .pub)")
    )
    key.add_argument(
        "--out", metavar="FILE", help=_("the private key file to make (school-key.pem)")
    )
    key.add_argument("--school", metavar="NAME", help=_("the school (default: the curriculum's)"))
    _passphrase_option(key)
    revoke = actions.add_parser("revoke", help=_("add an audition to the school's revocation list"))
    revoke.add_argument("run_id", metavar="RUN_ID", help=_("the run id printed on the sheet"))
    _key_option(revoke, _("the school's private key file"))
    revoke.add_argument("--list", metavar="FILE", help=_("the revocation list to make or extend"))
    revoke.add_argument("--reason", metavar="TEXT", help=_("why, published with the list"))
    for each in (record, sign, badge, verify, key):
        each.add_argument(
            "--curriculum",
            metavar="FILE",
            help=_("the audition it is judged on (default: the ezbac folder's, else bundled)"),
        )
    for each in (record, sign, badge, verify, key, revoke):
        add_db_argument(each)
        each.set_defaults(handler=run)


def _which_run(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run_id", nargs="?", metavar="RUN_ID", help=_("the audition's run id"))
    parser.add_argument("--trainee", metavar="NAME", help=_("their latest audition instead"))


def _replace_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--replace",
        action="store_true",
        help=_("write over an existing file of the same kind ezbac made (never anything else)"),
    )


def _instructor_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--instructor",
        metavar="NAME",
        help=_("who signs, with the school's sign-in on (their PIN is asked)"),
    )


def _passphrase_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--passphrase-file",
        metavar="FILE",
        help=_("the key's passphrase, its first line (else ${env}, else asked)").format(
            env=PASSPHRASE_ENV
        ),
    )


def _key_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--key", metavar="FILE", help=what)
    _passphrase_option(parser)


def run(args: argparse.Namespace) -> int:
    if args.action == "key":
        return _new_key(args)
    if args.action == "revoke":
        return _revoke(args)
    if args.action == "verify":
        return _verify(args)
    run_id = _given(args.run_id, "RUN_ID")
    trainee = _given(args.trainee, "--trainee")
    if (run_id is None) == (trainee is None):
        raise UsageError(f"audition {args.action}: give a RUN_ID or --trainee NAME (one of them)")
    signer = _signer(args) if args.action in ("sign", "badge") else None
    curriculum = _curriculum(args.curriculum)
    signin = False
    with _history(args.db) as store:
        from trainer.history.audition_record import audition_record, find_run

        record = audition_record(store, find_run(store, run_id, trainee), curriculum)
        language = roster_language(store, record.run.trainee)  # the trainee's, unless --lang
        if signer is not None:
            from trainer.history.people import policy

            signin = policy(store).signin  # the school's sign-in: an instructor signs
    if signer is not None and signin:
        _instructor_signs(args)
    if signer is None:
        return _write(record, args, args.json, language=language)
    if args.action == "badge":
        return _badge(record, signer, args)
    from trainer.history.signing import KeyFileError, sign_record

    try:
        signed = sign_record(record.signed_record(), signer)
    except KeyFileError as exc:
        raise UsageError(str(exc)) from None
    return _write(record, args, args.json, signed, language)


def _instructor_signs(args: argparse.Namespace) -> None:
    """With the school's sign-in on, only an instructor signs: --instructor NAME and their
    PIN (asked without echo at a terminal, else the next line of standard input), checked
    and recorded by the roster like a proctor's PIN; one line and exit 2 otherwise."""
    from trainer.history import signing_in
    from trainer.history.store import HistoryError, open_history, resolve_db

    name = _given(args.instructor, "--instructor")
    if name is None:
        raise UsageError(
            "the school's sign-in is on: only an instructor signs (--instructor NAME, "
            "their PIN is asked); nothing was signed"
        )
    if sys.stdin.isatty():
        import getpass

        try:
            pin = getpass.getpass(f"PIN or passphrase for {name}: ")
        except EOFError:
            pin = ""
    else:
        pin = sys.stdin.readline(10_000).removesuffix("\n").removesuffix("\r")
    if not pin:
        raise UsageError(f"no PIN given for {name}; nothing was signed")
    from datetime import UTC, datetime

    try:
        with open_history(resolve_db(args.db)) as store:
            result = signing_in.sign_in(
                store, name, pin, datetime.now(UTC), instructor=True, event="proctor"
            )
    except HistoryError as exc:
        raise UsageError(str(exc)) from None
    if not result.ok:
        raise UsageError(f"{result.message}; nothing was signed")


@contextmanager
def _history(db: str | None) -> Iterator[HistoryStore]:
    from trainer.history.store import HistoryError, db_is_missing, open_history, resolve_db

    path = resolve_db(db)
    if db_is_missing(path):
        raise UsageError(f"no training history at {path}")
    try:
        with open_history(path, readonly=True) as store:
            yield store
    except HistoryError as exc:
        raise UsageError(str(exc)) from None


def _given(value: str | None, what: str) -> str | None:
    """An argument given empty is an error; not given, None."""
    if value is not None and not value.strip():
        raise UsageError(f"{what}: empty")
    return None if value is None else value.strip()


def _needed(value: str | None, what: str) -> str:
    given = _given(value, what)
    if given is None:
        raise UsageError(f"{what} is needed")
    return given


def _curriculum(option: str | None) -> Curriculum:
    from trainer.curriculum.catalogue import load_curriculum
    from trainer.curriculum.loader import CurriculumFileError

    try:
        curriculum = load_curriculum(option)
    except CurriculumFileError as exc:
        from trainer.words.files import problem_lines

        raise UsageError(error_joiner().join(problem_lines(exc))) from None
    if curriculum.audition is None:
        raise UsageError(f"the curriculum {curriculum.name!r} sets no audition")
    return curriculum


# -- the school's key --------------------------------------------------------------------------


def _passphrase(args: argparse.Namespace, twice: bool) -> bytes:
    """The key's passphrase: --passphrase-file's first line, else $EZBAC_KEY_PASSPHRASE, else
    typed without echo at a terminal (twice for a new key), else one line of standard input.
    Never printed; empty is an error."""
    import os

    given = _given(args.passphrase_file, "--passphrase-file")
    if given is not None:  # its first line, as bytes: whatever encoding it was typed in
        lines = read_small(given, "a passphrase file", 10_000).splitlines()
        raw = lines[0] if lines else b""
        if not raw:
            raise UsageError(f"--passphrase-file {given}: its first line is empty")
        return raw
    if PASSPHRASE_ENV in os.environ:
        phrase = os.environ[PASSPHRASE_ENV]
    elif sys.stdin.isatty():
        import getpass

        try:
            phrase = getpass.getpass("The key's passphrase: ")
            if twice and phrase and getpass.getpass("Again, to be sure: ") != phrase:
                raise UsageError("the two passphrases differ; nothing was made")
        except EOFError:
            phrase = ""
    else:
        phrase = sys.stdin.readline(10_000).removesuffix("\n").removesuffix("\r")
    if not phrase:
        raise UsageError("the key's passphrase is empty")
    return phrase.encode("utf-8", "surrogateescape")


def _signer(args: argparse.Namespace) -> Signer:
    """The school's private key of --key, unlocked; its school is the public file's beside it
    (FILE.pub), which must be its public half."""
    from trainer.history.signing import KeyFileError, open_signer

    path = Path(_needed(args.key, "--key"))
    if path.suffix == ".pub":
        raise UsageError(f"--key {path}: that is the public key; give the private one (.pem)")
    read_small(str(path), "a key file", 100_000)  # named before the passphrase is asked
    try:
        return open_signer(path, _passphrase(args, twice=False))
    except KeyFileError as exc:
        raise UsageError(str(exc)) from None


def _create(path: Path, data: bytes, mode: int) -> None:
    """Write a new file (never over an existing one) readable by ``mode``."""
    import os

    from trainer.paths import os_error_line

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        raise UsageError(f"{path}: already exists; ezbac never writes over a key") from None
    except OSError as exc:
        raise UsageError(os_error_line(exc)) from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def _new_key(args: argparse.Namespace) -> int:
    import json as json_

    from trainer.history.signing import KeyFileError, new_key

    out = Path(_needed(args.out, "--out"))
    public_path = out.with_suffix(".pub")
    if out == public_path:
        raise UsageError(f"--out {out}: name the private key file .pem, not .pub")
    school = _given(args.school, "--school") or _curriculum(args.curriculum).school
    if not school:
        raise UsageError("--school NAME is needed: the curriculum names no school")
    if not school.isprintable() or len(school) > 120:
        raise UsageError("--school: a school's name is printable text of at most 120 characters")
    for path in (out, public_path):
        if path.exists() or path.is_symlink():
            raise UsageError(f"{path}: already exists; ezbac never writes over a key")
    try:
        pem, public = new_key(school, _passphrase(args, twice=True))
    except KeyFileError as exc:
        raise UsageError(str(exc)) from None
    _create(out, pem, 0o600)
    _create(public_path, (json_.dumps(public.as_json(), indent=2) + "\n").encode(), 0o644)
    print(f"{out}: {school}'s private key (keep it offline, with its passphrase)")
    print(f"{public_path}: its public key, to publish")
    print(f"fingerprint: {public.fingerprint}")
    return 0


# -- verifying a sheet -------------------------------------------------------------------------


def _public(args: argparse.Namespace) -> SchoolKey:
    from trainer.history.signing import KeyFileError, read_public

    path = _needed(args.key, "--key")
    try:
        return read_public(read_small(path, "a public key file", 1_000_000), path)
    except KeyFileError as exc:
        raise UsageError(str(exc)) from None


#: Where `verify` keeps the issue date of the newest revocation list it has seen for each
#: school key (in the ezbac folder), so an older list handed over later is refused.
SEEN_LISTS = "revocation-lists-seen.json"


def _revoked(args: argparse.Namespace, key: SchoolKey) -> Revocations | None:
    """The school's revocation list of --revoked, checked with its key, and no older than
    the newest list of that key this computer has seen (which it then remembers)."""
    from trainer.history.signing import RefusedError, read_revocations

    path = _given(args.revoked, "--revoked")
    if path is None:
        return None
    text = read_small(path, "a revocation list", 1_000_000).decode("ascii", "replace")
    try:
        revocations = read_revocations(text, key)
    except RefusedError as exc:
        raise UsageError(f"{path}: not {key.school}'s revocation list ({exc})") from None
    _newest_list(path, key, revocations)
    return revocations


def _newest_list(path: str, key: SchoolKey, revocations: Revocations) -> None:
    """Refuse a list older than the newest of ``key`` seen here (a stale list drops later
    revocations); remember this one's date when it is the newest.  The record is ezbac's
    own file in the ezbac folder; one that cannot be read is started again."""
    from datetime import datetime

    from trainer.paths import os_error_line, user_data_dir, write_atomic

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
            f"{path}: {key.school}'s revocation list issued {_when(issued)} is older than "
            f"the one of {_when(newest)} already seen here; fetch the school's current list"
        )
    if newest is None or issued > newest:
        seen[key.fingerprint] = issued.isoformat()
        body = {"ezbac_revocation_lists_seen": 1, "keys": seen}
        try:
            write_atomic(seen_file, json.dumps(body, indent=2) + "\n")
        except OSError as exc:
            raise UsageError(os_error_line(exc)) from None


def _when(at: datetime) -> str:
    from datetime import UTC

    return f"{at.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC"


def _list_line(key: SchoolKey, revocations: Revocations | None) -> str:
    if revocations is None:
        return (
            "(no revocation list checked: fetch the school's current list and give it with "
            "--revoked FILE)"
        )
    return (
        f"(checked against {key.school}'s revocation list issued {_when(revocations.issued_at)}, "
        f"{len(revocations.revoked)} revoked; a newer list may revoke more: fetch the "
        "school's current one)"
    )


def _verify(args: argparse.Namespace) -> int:
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

    given = _needed(args.sheet, "SHEET")
    qr_text = len(given) > 100 and looks_signed(given)
    if not qr_text and not _exists(given):
        code = _typed_code(given)
        if code is None:
            raise UsageError(
                f"SHEET {given[:60]!r}: no such file, and not a QR code's text or a "
                "verification code (like 1A2B3C4D-ABCD-EFGH-JKLM-O)"
            )
        return _unsigned_code(args, code)
    key = _public(args)
    revocations = _revoked(args, key)
    revoked = {} if revocations is None else revocations.revoked
    token: str | None
    record = None
    if qr_text:
        token = given  # the QR code's text: the signed summary only
    else:
        data = read_small(given, "a sheet", 20_000_000)
        try:
            if data.startswith(b"%PDF"):
                sheet = find_in_pdf(data)
            elif data.lstrip().startswith(b"{"):
                try:
                    sheet = json.loads(data.decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    raise UsageError(f"{given}: not a sheet's JSON") from None
            else:
                sheet = {"signature": data.decode("ascii", "replace").strip(), "record": None}
        except RefusedError as exc:
            return _refused(given, str(exc))
        if not isinstance(sheet, dict) or not isinstance(sheet.get("signature"), str):
            return _unsigned_sheet(args, given, sheet)
        token = sheet["signature"]
        record = sheet.get("record")
        if record is not None and not isinstance(record, dict):
            return _refused(given, "its record is not a JSON object")
    try:
        if jws_header(token).get("typ") == BADGE_TYPE:
            return _verified_badge(args, verify_badge(token, key, revoked), key, revocations)
        verified = verify_signed(token, record, key, revoked)
    except RefusedError as exc:
        return _refused(given if len(given) < 100 else "the QR code", str(exc))
    s = verified.summary
    if args.json:
        body = {"summary": s, "record": verified.record, "revocation_list": _list(revocations)}
        print(json.dumps(body, indent=2, ensure_ascii=False))
        return 0
    trainee, proctor = s.get("trainee") or {}, s.get("proctor") or {}
    print(
        f"verified: signed by {key.school} (key {key.fingerprint}): "
        f"{trainee.get('name')}'s audition of {str(s.get('sat_at'))[:10]}, "
        f"proctor {proctor.get('name')}{_proctor_words(proctor.get('verified') is True)}: "
        f"{s.get('verdict')}"
    )
    if verified.record is None:
        print("(the QR code's summary: the full record is in the sheet's PDF or JSON)")
    elif isinstance(link := verified.record.get("retake_of"), dict):
        areas = ", ".join(str(a) for a in link.get("areas") or ())
        print(
            f"a retake of {areas} of sitting {link.get('run_id')}, whose record is signed with it"
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
        f"verified: an Open Badges 3.0 credential signed by {key.school} (key "
        f"{key.fingerprint}): {', '.join(map(str, names)) or '?'}, {claims.get('name')}, "
        f"{str(claims.get('validFrom'))[:10]}: {next((s for s in status if s), '?')}"
    )
    print(_list_line(key, revocations))
    return 0


def _refused(what: str, why: str) -> int:
    print(f"not verified: {what}: {why}")
    return EXIT_NOT_VERIFIED


def _unsigned_sheet(args: argparse.Namespace, given: str, sheet: object) -> int:
    """A sheet with no signature: never verified (exit 1); with its code and a history at
    hand, whether that history still matches it (which proves nothing against whoever can
    write the history).  One line."""
    from trainer.errors import BadInputError
    from trainer.history.audition_record import NotVerifiedError, verify
    from trainer.history.store import db_is_missing, resolve_db

    code = sheet.get("verification_code") if isinstance(sheet, dict) else None
    head = f"unsigned: {given} carries no school signature, so it is not verified"
    if not isinstance(code, str):
        print(head)
    elif db_is_missing(resolve_db(args.db)):
        print(f"{head} (its code {code} can be checked against a history with --db)")
    else:
        try:
            with _history(args.db) as store:
                verify(store, code, _curriculum(args.curriculum))
        except NotVerifiedError:
            print(f"{head}; the history no longer matches its code {code}")
        except BadInputError as exc:
            print(f"{head}; its code was not checked ({exc})")
        else:
            print(
                f"{head}; the history still matches its code {code}, which whoever can write "
                "the history could have made"
            )
    return EXIT_NOT_VERIFIED


def _exists(given: str) -> bool:
    try:
        return Path(given).exists() or Path(given).is_symlink()
    except (OSError, ValueError):  # a name too long, a NUL: no file by that name
        return False


def _typed_code(given: str) -> str | None:
    """``given`` as a verification code in its printed form (any case, spaces or nothing for
    the dashes, its check character checked: a typo is one line, exit 2); None when it is
    no code at all."""
    from trainer.errors import BadInputError
    from trainer.history.audition_record import MistypedCodeError, checked_code

    try:
        return checked_code(given)
    except MistypedCodeError:
        raise
    except BadInputError:
        return None


def _proctor_words(verified: bool) -> str:
    return " (signed in)" if verified else " (unverified: typed, no sign-in)"


def _unsigned_code(args: argparse.Namespace, code: str) -> int:
    """A code is never a signature: say whether the history still matches it, exit 1 (a
    typo, exit 2, is told apart from a record changed since the sheet)."""
    from trainer.history.audition_record import OLD_SHAPE, NotVerifiedError, verify

    curriculum = _curriculum(args.curriculum)
    with _history(args.db) as store:
        try:
            record = verify(store, code, curriculum)
        except NotVerifiedError as exc:
            if args.json:
                body = {"signed": False, "verified": False, "history_matches": False}
                print(json.dumps(body | {"why": str(exc)}, indent=2, ensure_ascii=False))
            else:
                print(f"unsigned, not verified: {exc}")
            return EXIT_NOT_VERIFIED
    if args.json:  # the record the history holds, never as if verified
        body = {"signed": False, "verified": False, "history_matches": True}
        print(json.dumps(body | {"record": record.as_json()}, indent=2, ensure_ascii=False))
        return EXIT_NOT_VERIFIED
    school = record.school or f"a school not named ({record.path})"
    print(
        f"unsigned: the code of {record.run.trainee}'s audition at {school}, "
        f"{record.run.started_at:%Y-%m-%d}, proctor {record.proctor}"
        f"{_proctor_words(record.proctor_verified)}, matches this history's rows, which "
        "whoever can write the history could have made; only a signed sheet is verified"
    )
    if OLD_SHAPE.match(code):
        print("(an old-shape code, printed before codes had a check character)")
    return EXIT_NOT_VERIFIED


# -- revoking ----------------------------------------------------------------------------------


def _revoke(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime, timedelta

    from trainer.history.audition_record import RUN_ID_SHAPE
    from trainer.history.signing import (
        RefusedError,
        read_revocations,
        revocation_entries,
        revocation_list,
    )

    run_id = _needed(args.run_id, "RUN_ID").lower()
    if not RUN_ID_SHAPE.match(run_id):
        raise UsageError(f"RUN_ID {run_id!r}: not a run id (32 hex digits, on the sheet)")
    reason = _needed(args.reason, "--reason")
    target = Path(_needed(args.list, "--list"))
    signer = _signer(args)
    earlier: list[dict[str, str]] = []
    at = datetime.now(UTC).replace(microsecond=0)
    if target.exists():
        text = read_small(str(target), "a revocation list", 1_000_000).decode("ascii", "replace")
        try:
            earlier = revocation_entries(text, signer.public)
            # issued after the list it extends, whatever this computer's clock says
            at = max(at, read_revocations(text, signer.public).issued_at + timedelta(seconds=1))
        except RefusedError as exc:
            raise UsageError(f"{target}: not this key's revocation list ({exc})") from None
    token, entries = revocation_list(signer, earlier, run_id, reason, at)
    from trainer.paths import os_error_line, write_atomic

    try:
        write_atomic(target, token + "\n")
    except OSError as exc:
        raise UsageError(os_error_line(exc)) from None
    print(f"{target}: {len(entries)} revoked, signed by {signer.public.school}; publish it")
    return 0


def _badge(record: AuditionRecord, signer: Signer, args: argparse.Namespace) -> int:
    from trainer.history.badge import badge_jwt
    from trainer.history.signing import KeyFileError, school_mismatch

    try:
        school_mismatch(record.school, signer.public.school)
    except KeyFileError as exc:
        raise UsageError(str(exc)) from None
    token = badge_jwt(record.signed_record(), signer)
    if args.out is None:
        print(token)
        return 0
    target = Path(_needed(args.out, "--out"))
    _write_out(target, (token + "\n").encode("ascii"), "jwt", args)
    print(f"{target}: {record.run.trainee}'s audition as an Open Badges 3.0 credential (VC-JWT)")
    return 0


# -- writing a sheet ---------------------------------------------------------------------------


def _write(
    record: AuditionRecord,
    args: argparse.Namespace,
    as_json: bool,
    signed: dict[str, Any] | None = None,
    language: str | None = None,
) -> int:
    if as_json:
        # signed: only what is signed (a field beside it would be read as if it were)
        body = record.as_json() if signed is None else signed
        text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
        if args.out is None:
            sys.stdout.write(text)
            return 0
        data: bytes | Callable[[], bytes] = text.encode()
    else:
        from trainer.words.sheet import sign_off_pdf

        # the trainee's language, or --lang; made once --out is found fit to write
        data = partial(sign_off_pdf, record, signed, language)
    kind: OutKind = "json" if as_json else "pdf"
    out = _given(args.out, "--out")
    target = Path(out if out is not None else record.file_name(kind))
    _write_out(target, data, kind, args)
    what = "signed" if signed is not None else f"unsigned, verification code {record.code}"
    print(f"{target}: {record.run.trainee}'s audition, {what}")
    return 0


# -- never writing over a file ezbac did not make for it ---------------------------------------


def _reads(args: argparse.Namespace) -> list[tuple[Path, str]]:
    """The files this command reads: the history and the files SQLite keeps beside it, the
    curriculum, the key, its public half and the passphrase file."""
    from trainer.history.sheet_files import history_reads
    from trainer.history.store import resolve_db

    files: list[tuple[Path, str]] = []
    history = resolve_db(args.db)
    if isinstance(history, Path):
        files += history_reads(history)
    curriculum = _curriculum(args.curriculum).source
    if curriculum is not None:
        files.append((curriculum, "the curriculum file"))
    key = getattr(args, "key", None)
    if key:
        files += [
            (Path(key), "the school's key"),
            (Path(key).with_suffix(".pub"), "the school's public key"),
        ]
    phrase = getattr(args, "passphrase_file", None)
    if phrase:
        files.append((Path(phrase), "the passphrase file"))
    return files


def _write_out(
    target: Path, data: bytes | Callable[[], bytes], kind: OutKind, args: argparse.Namespace
) -> None:
    """``data`` written at ``target`` by the one safe writer (trainer.history.sheet_files);
    a refusal or a failed write is one line, exit 2."""
    from trainer.history.sheet_files import write_out
    from trainer.paths import os_error_line

    try:
        write_out(target, data, kind, reads=_reads(args), replace=bool(args.replace))
    except OSError as exc:
        raise UsageError(os_error_line(exc)) from None
