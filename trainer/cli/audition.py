"""`ezbac audition`: an audition's sign-off sheet (PDF, or JSON for a school's own systems)
signed with the school's key, the school's key and revocation list, and the check of a sheet
with the school's public key alone (a code: only whether the history still matches it)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.cli.audition_common import (
    curriculum,
    given,
    history,
    needed,
    read_file,
    refused,
    worded,
)
from trainer.cli.common import COMMANDS, UsageError, os_line, roster_language
from trainer.cli.options import add_db_argument
from trainer.i18n import N_, _

if TYPE_CHECKING:
    from trainer.cli.parser import Parser
    from trainer.history.audition_record import AuditionRecord
    from trainer.history.sheet_files import OutKind
    from trainer.history.signing import Signer
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
        from trainer.cli.audition_verify import verify

        return verify(args)
    run_id = given(args.run_id, "RUN_ID")
    trainee = given(args.trainee, "--trainee")
    if (run_id is None) == (trainee is None):
        raise UsageError(
            _("audition {action}: give a RUN_ID or --trainee NAME (one of them)").format(
                action=args.action
            )
        )
    signer = _signer(args) if args.action in ("sign", "badge") else None
    judged_on = curriculum(args.curriculum)
    signin = False
    with history(args.db) as store:
        from trainer.errors import EzbacError
        from trainer.history.audition_record import audition_record, find_run

        try:
            record = audition_record(store, find_run(store, run_id, trainee), judged_on)
        except EzbacError as exc:  # no such audition, a retake's link that does not hold
            raise refused(exc) from None
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
        raise refused(exc) from None
    return _write(record, args, args.json, signed, language)


def _instructor_signs(args: argparse.Namespace) -> None:
    """With the school's sign-in on, only an instructor signs: --instructor NAME and their
    PIN (asked without echo at a terminal, else the next line of standard input), checked
    and recorded by the roster like a proctor's PIN; one line and exit 2 otherwise."""
    from trainer.history import signing_in
    from trainer.history.store import HistoryError, open_history, resolve_db

    name = given(args.instructor, "--instructor")
    if name is None:
        raise UsageError(
            _(
                "the school's sign-in is on: only an instructor signs (--instructor NAME, "
                "their PIN is asked); nothing was signed"
            )
        )
    if sys.stdin.isatty():
        import getpass

        try:
            pin = getpass.getpass(_("PIN or passphrase for {name}: ").format(name=name))
        except EOFError:
            pin = ""
    else:
        pin = sys.stdin.readline(10_000).removesuffix("\n").removesuffix("\r")
    if not pin:
        raise UsageError(_("no PIN given for {name}; nothing was signed").format(name=name))
    from datetime import UTC, datetime

    try:
        with open_history(resolve_db(args.db)) as store:
            result = signing_in.sign_in(
                store, name, pin, datetime.now(UTC), instructor=True, event="proctor"
            )
    except HistoryError as exc:
        raise refused(exc) from None
    if not result.ok:
        from trainer.words.record import sign_in_refusal

        raise UsageError(_("{why}; nothing was signed").format(why=sign_in_refusal(result)))


# -- the school's key --------------------------------------------------------------------------


def _passphrase(args: argparse.Namespace, twice: bool) -> bytes:
    """The key's passphrase: --passphrase-file's first line, else $EZBAC_KEY_PASSPHRASE, else
    typed without echo at a terminal (twice for a new key), else one line of standard input.
    Never printed; empty is an error."""
    import os

    phrase_file = given(args.passphrase_file, "--passphrase-file")
    if phrase_file is not None:  # its first line, as bytes: whatever encoding it was typed in
        lines = read_file(phrase_file, N_("a passphrase file"), 10_000).splitlines()
        raw = lines[0] if lines else b""
        if not raw:
            raise UsageError(
                _("--passphrase-file {path}: its first line is empty").format(path=phrase_file)
            )
        return raw
    if PASSPHRASE_ENV in os.environ:
        phrase = os.environ[PASSPHRASE_ENV]
    elif sys.stdin.isatty():
        import getpass

        try:
            phrase = getpass.getpass(_("The key's passphrase: "))
            if twice and phrase and getpass.getpass(_("Again, to be sure: ")) != phrase:
                raise UsageError(_("the two passphrases differ; nothing was made"))
        except EOFError:
            phrase = ""
    else:
        phrase = sys.stdin.readline(10_000).removesuffix("\n").removesuffix("\r")
    if not phrase:
        raise UsageError(_("the key's passphrase is empty"))
    return phrase.encode("utf-8", "surrogateescape")


def _signer(args: argparse.Namespace) -> Signer:
    """The school's private key of --key, unlocked; its school is the public file's beside it
    (FILE.pub), which must be its public half."""
    from trainer.history.signing import KeyFileError, open_signer

    path = Path(needed(args.key, "--key"))
    if path.suffix == ".pub":
        raise UsageError(
            _("--key {path}: that is the public key; give the private one (.pem)").format(path=path)
        )
    try:
        read_file(str(path), N_("a key file"), 100_000)  # named before the passphrase is asked
        return open_signer(path, _passphrase(args, twice=False))
    except KeyFileError as exc:
        raise refused(exc) from None


def _never_over(path: Path) -> str:
    return _("{path}: already exists; ezbac never writes over a key").format(path=path)


def _create(path: Path, data: bytes, mode: int) -> None:
    """Write a new file (never over an existing one) readable by ``mode``."""
    import os

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except FileExistsError:
        raise UsageError(_never_over(path)) from None
    except OSError as exc:
        raise UsageError(os_line(exc)) from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def _new_key(args: argparse.Namespace) -> int:
    import json as json_

    from trainer.history.signing import KeyFileError, new_key

    out = Path(needed(args.out, "--out"))
    public_path = out.with_suffix(".pub")
    if out == public_path:
        raise UsageError(
            _("--out {path}: name the private key file .pem, not .pub").format(path=out)
        )
    school = given(args.school, "--school") or curriculum(args.curriculum).school
    if not school:
        raise UsageError(_("--school NAME is needed: the curriculum names no school"))
    if not school.isprintable() or len(school) > 120:
        raise UsageError(_("--school: a school's name is printable text of at most 120 characters"))
    for path in (out, public_path):
        if path.exists() or path.is_symlink():
            raise UsageError(_never_over(path))
    try:
        pem, public = new_key(school, _passphrase(args, twice=True))
    except KeyFileError as exc:
        raise refused(exc) from None
    _create(out, pem, 0o600)
    _create(public_path, (json_.dumps(public.as_json(), indent=2) + "\n").encode(), 0o644)
    print(
        _("{path}: {school}'s private key (keep it offline, with its passphrase)").format(
            path=out, school=school
        )
    )
    print(_("{path}: its public key, to publish").format(path=public_path))
    print(_("fingerprint: {fingerprint}").format(fingerprint=public.fingerprint))
    return 0


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

    run_id = needed(args.run_id, "RUN_ID").lower()
    if not RUN_ID_SHAPE.match(run_id):
        raise UsageError(
            _("RUN_ID {run_id}: not a run id (32 hex digits, on the sheet)").format(
                run_id=repr(run_id)
            )
        )
    reason = needed(args.reason, "--reason")
    target = Path(needed(args.list, "--list"))
    signer = _signer(args)
    earlier: list[dict[str, str]] = []
    at = datetime.now(UTC).replace(microsecond=0)
    if target.exists():
        text = read_file(str(target), N_("a revocation list"), 1_000_000).decode("ascii", "replace")
        try:
            earlier = revocation_entries(text, signer.public)
            # issued after the list it extends, whatever this computer's clock says
            at = max(at, read_revocations(text, signer.public).issued_at + timedelta(seconds=1))
        except RefusedError as exc:
            raise UsageError(
                _("{path}: not this key's revocation list ({why})").format(
                    path=target, why=worded(exc)
                )
            ) from None
    token, entries = revocation_list(signer, earlier, run_id, reason, at)
    from trainer.paths import write_atomic

    try:
        write_atomic(target, token + "\n")
    except OSError as exc:
        raise UsageError(os_line(exc)) from None
    print(
        _("{path}: {count} revoked, signed by {school}; publish it").format(
            path=target, count=len(entries), school=signer.public.school
        )
    )
    return 0


def _badge(record: AuditionRecord, signer: Signer, args: argparse.Namespace) -> int:
    from trainer.history.badge import badge_jwt
    from trainer.history.signing import KeyFileError, school_mismatch

    try:
        school_mismatch(record.school, signer.public.school)
    except KeyFileError as exc:
        raise refused(exc) from None
    token = badge_jwt(record.signed_record(), signer)
    if args.out is None:
        print(token)
        return 0
    target = Path(needed(args.out, "--out"))
    _write_out(target, (token + "\n").encode("ascii"), "jwt", args)
    print(
        _("{path}: {trainee}'s audition as an Open Badges 3.0 credential (VC-JWT)").format(
            path=target, trainee=record.run.trainee
        )
    )
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
        from trainer.history.sheet import SheetFontError
        from trainer.words.sheet import sign_off_pdf

        def make() -> bytes:  # made once --out is found fit to write
            try:
                return sign_off_pdf(record, signed, language)  # the trainee's, or --lang
            except SheetFontError as exc:  # the font missing or damaged: one line, worded
                raise refused(exc) from None

        data = make
    kind: OutKind = "json" if as_json else "pdf"
    out = given(args.out, "--out")
    target = Path(out if out is not None else record.file_name(kind))
    _write_out(target, data, kind, args)
    if signed is not None:
        line = _("{path}: {trainee}'s audition, signed")
    else:
        line = _("{path}: {trainee}'s audition, unsigned, verification code {code}")
    print(line.format(path=target, trainee=record.run.trainee, code=record.code))
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
    source = curriculum(args.curriculum).source
    if source is not None:
        files.append((source, N_("the curriculum file")))
    key = getattr(args, "key", None)
    if key:
        files += [
            (Path(key), N_("the school's key")),
            (Path(key).with_suffix(".pub"), N_("the school's public key")),
        ]
    phrase = getattr(args, "passphrase_file", None)
    if phrase:
        files.append((Path(phrase), N_("the passphrase file")))
    return files


def _write_out(
    target: Path, data: bytes | Callable[[], bytes], kind: OutKind, args: argparse.Namespace
) -> None:
    """``data`` written at ``target`` by the one safe writer (trainer.history.sheet_files);
    a refusal or a failed write is one line, exit 2."""
    from trainer.history.sheet_files import write_out
    from trainer.paths import OutputRefusedError

    try:
        write_out(target, data, kind, reads=_reads(args), replace=bool(args.replace))
    except OutputRefusedError as exc:  # it would replace what ezbac did not make for it
        from trainer.words.output import refusal

        raise UsageError(refusal(exc)) from None
    except OSError as exc:
        raise UsageError(os_line(exc)) from None
