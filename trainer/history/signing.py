"""A school's signature on an audition's record: Ed25519 (through ``cryptography``), in the
compact JSON Web Signature form (RFC 7515, ``alg`` EdDSA, RFC 8037) that Open Badges 3.0's
VC-JWT proof uses too.  Plain values in, plain values out: no history, no terminal.

- The school's key: a PKCS#8 PEM file encrypted with a passphrase, kept outside the history;
  its public half is published as a small JSON file (the school's name, the raw key in
  base64url, its fingerprint: the SHA-256 of the raw 32-byte key, hex in groups of four).
- The full record (``canonical``: sorted-key compact JSON, UTF-8) is too long for a QR code,
  so the school signs a *summary* of it (who, when, the verdict, each area's grade, the red
  lines crossed) that carries the record's SHA-256: the signature covers every field of
  the record through that digest.  The QR code holds the signed summary (the JWS), the
  sheet's JSON the full record and the same JWS.
- A revocation list: the run ids a school withdrew, a JWS signed with the same key.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from trainer.engine.said import Said
from trainer.errors import BadInputError, EzbacError

#: The sheet JSON's mark: ``{"ezbac_signed_audition": 1, "record": …, "signature": JWS}``.
SHEET_MARK = "ezbac_signed_audition"
SHEET_VERSION = 1
#: The JWS ``typ`` of a signed audition summary and of a revocation list.
SUMMARY_TYPE = "ezbac-audition+jws"
REVOCATION_TYPE = "ezbac-revocations+jws"
PUBLIC_KIND = "ezbac-school-public-key"
#: An Open Badges 3.0 credential's VC-JWT (trainer.history.badge).
BADGE_TYPE = "JWT"
#: A compact JWS: three base64url parts (bounded: a sheet's summary is well under this).
MAX_TOKEN = 64_000
_TOKEN = re.compile(r"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$")


class KeyFileError(BadInputError):
    """A key file that cannot be used (unreadable, not a key, wrong passphrase): exit 2."""


class NotSignedError(EzbacError):
    """A sheet with no school signature (made before signing, or only a code): exit 1."""


class RefusedError(EzbacError):
    """A signed sheet that does not verify (changed, another key, revoked): exit 1."""


def canonical(value: Any) -> bytes:
    """Sorted-key compact JSON in UTF-8: the one byte form that is signed and digested."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode()


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value)).hexdigest()


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise RefusedError(Said("the signature is damaged (not base64url)")) from None


def fingerprint(raw: bytes) -> str:
    """The SHA-256 of the raw public key, upper-case hex in groups of four."""
    hexed = hashlib.sha256(raw).hexdigest().upper()
    return " ".join(hexed[i : i + 4] for i in range(0, len(hexed), 4))


# -- the school's keys -------------------------------------------------------------------------


@dataclass(frozen=True)
class SchoolKey:
    """A school's public key, as it publishes it."""

    school: str
    raw: bytes  # the 32-byte Ed25519 public key

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.raw)

    def as_json(self) -> dict[str, str]:
        return {
            "kind": PUBLIC_KIND,
            "school": self.school,
            "algorithm": "Ed25519",
            "public_key": b64url(self.raw),
            "fingerprint": self.fingerprint,
        }

    def jwk(self) -> dict[str, str]:
        """The key as a JSON Web Key (RFC 8037)."""
        return {"kty": "OKP", "crv": "Ed25519", "x": b64url(self.raw)}

    def did(self) -> str:
        """The key as a ``did:key`` (multicodec ed25519-pub 0xed01, base58btc)."""
        return "did:key:z" + _base58(b"\xed\x01" + self.raw)

    def check(self, message: bytes, signature: bytes) -> bool:
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        try:
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except InvalidSignature:
            return False
        return True


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _base58(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    out = ""
    while number:
        number, digit = divmod(number, 58)
        out = _B58[digit] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


class Signer:
    """A school's private key, unlocked, with the school's name."""

    def __init__(self, private: Any, school: str) -> None:
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self._private = private
        raw = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public = SchoolKey(school, raw)

    def sign(self, message: bytes) -> bytes:
        return bytes(self._private.sign(message))

    def jws(self, payload: bytes, typ: str) -> str:
        """A compact JWS of ``payload`` (header: EdDSA, the key's fingerprint as ``kid``)."""
        return self.compact({"alg": "EdDSA", "typ": typ, "kid": self.public.fingerprint}, payload)

    def compact(self, header: Mapping[str, Any], payload: bytes) -> str:
        """A compact JWS (RFC 7515) of ``payload`` under ``header``."""
        signing_input = f"{b64url(canonical(header))}.{b64url(payload)}"
        return f"{signing_input}.{b64url(self.sign(signing_input.encode('ascii')))}"


def new_key(school: str, passphrase: bytes) -> tuple[bytes, SchoolKey]:
    """A new school key: the encrypted PKCS#8 PEM of its private half, and its public half."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import (
        BestAvailableEncryption,
        Encoding,
        PrivateFormat,
    )

    if not passphrase:
        raise KeyFileError(Said("the passphrase is empty"))
    private = Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        Encoding.PEM, PrivateFormat.PKCS8, BestAvailableEncryption(passphrase)
    )
    return pem, Signer(private, school).public


def load_signer(pem: bytes, passphrase: bytes, school: str, where: str) -> Signer:
    """The private key of ``pem`` (read from ``where``) unlocked with ``passphrase``; one
    KeyFileError line naming the file when it is not an encrypted Ed25519 key or the
    passphrase is wrong."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    if not passphrase:
        raise KeyFileError(Said("the key's passphrase is empty"))
    if b"ENCRYPTED PRIVATE KEY" not in pem:
        raise KeyFileError(
            Said("{where}: not a passphrase-protected private key (PKCS#8 PEM)", where=where)
        )
    try:
        private = load_pem_private_key(pem, password=passphrase)
    except (ValueError, TypeError):
        # cryptography says "Bad decrypt. Incorrect password?" or that it cannot parse it
        raise KeyFileError(
            Said("{where}: wrong passphrase, or not a key file", where=where)
        ) from None
    except Exception:  # a malformed structure can surface as an unsupported-algorithm error
        raise KeyFileError(Said("{where}: not a key file ezbac can read", where=where)) from None
    if not isinstance(private, Ed25519PrivateKey):
        raise KeyFileError(Said("{where}: not an Ed25519 key", where=where))
    return Signer(private, school)


def read_small(path: Path | str, what: str, limit: int = 100_000) -> bytes:
    """A small regular file's bytes (a key, a public key, a passphrase, a sheet, a list),
    read without ever waiting (``read_capped``: a named pipe is refused, never opened to
    block); KeyFileError naming the file otherwise."""
    from trainer.paths import SpecialFileError, os_reason, read_capped

    try:
        data = read_capped(path, limit)
    except SpecialFileError as exc:
        raise KeyFileError(
            Said(
                "{path}: {what} must be a regular file, not {kind}",
                path=str(path),
                what=Said(what),
                kind=exc.kind,
            )
        ) from None
    except OSError as exc:
        raise KeyFileError(Said("{path}: {why}", path=str(path), why=os_reason(exc))) from None
    if len(data) > limit:
        raise KeyFileError(
            Said(
                "{path}: too large for {what} (over {limit} bytes)",
                path=str(path),
                what=Said(what),
                limit=f"{limit:,}",
            )
        )
    return data


def open_signer(path: Path, passphrase: bytes) -> Signer:
    """The school's private key file ``path`` unlocked, with its school and public half from
    the public file beside it (the same name, ``.pub``), which must be its public half."""
    public_path = path.with_suffix(".pub")
    if public_path == path:
        raise KeyFileError(
            Said("{path}: that is the public key; give the private one (.pem)", path=str(path))
        )
    pem = read_small(path, Said("a key file"))
    public = read_public(
        read_small(public_path, Said("the public key beside it")), str(public_path)
    )
    signer = load_signer(pem, passphrase, public.school, str(path))
    if signer.public.raw != public.raw:
        raise KeyFileError(
            Said("{public}: not the public half of {path}", public=str(public_path), path=str(path))
        )
    return signer


def read_public(data: bytes, where: str) -> SchoolKey:
    """A school's published key file (``SchoolKey.as_json``); one line naming ``where``."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise KeyFileError(
            Said("{where}: not a school's public key file (JSON)", where=where)
        ) from None
    if not isinstance(doc, dict) or doc.get("kind") != PUBLIC_KIND:
        raise KeyFileError(
            Said(
                "{where}: not a school's public key file (kind {kind})",
                where=where,
                kind=repr(PUBLIC_KIND),
            )
        )
    school, key = doc.get("school"), doc.get("public_key")
    if not isinstance(school, str) or not school.strip() or not isinstance(key, str):
        raise KeyFileError(Said("{where}: the school or the public key is missing", where=where))
    try:
        raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise KeyFileError(
            Said("{where}: the public key is not a 32-byte Ed25519 key", where=where)
        )
    public = SchoolKey(school, raw)
    if doc.get("fingerprint") not in (None, public.fingerprint):
        raise KeyFileError(Said("{where}: the fingerprint written is not the key's", where=where))
    return public


# -- signed tokens -----------------------------------------------------------------------------


def looks_signed(text: str) -> bool:
    """``text`` has a compact JWS's shape (a QR code's text, not a file name)."""
    return len(text) <= MAX_TOKEN and _TOKEN.match(text.strip()) is not None


def jws_header(token: str) -> dict[str, Any]:
    """The header of a compact JWS, unverified (which kind of signed thing it is)."""
    token = token.strip()
    if len(token) > MAX_TOKEN or not _TOKEN.match(token):
        raise RefusedError(Said("not a signed record (a JWS of three base64url parts)"))
    try:
        header = json.loads(unb64url(token.split(".")[0]))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RefusedError(Said("the signature's header is damaged")) from None
    if not isinstance(header, dict) or header.get("alg") != "EdDSA":
        raise RefusedError(Said("not an Ed25519 (EdDSA) signature"))
    return header


def open_jws(token: str, key: SchoolKey, typ: str) -> dict[str, Any]:
    """The payload of a compact JWS that ``key`` signed; RefusedError says why not."""
    header = jws_header(token)
    head64, body64, sig64 = token.strip().split(".")
    if header.get("typ") != typ:
        raise RefusedError(
            Said(
                "not a {wanted} (it is {typ})",
                wanted=typ.split("+")[0],
                typ=repr(header.get("typ")),
            )
        )
    signer = header.get("kid")
    if typ == BADGE_TYPE:  # a VC-JWT names its key by the public key itself (jwk)
        jwk = header.get("jwk")
        signer = (
            fingerprint(unb64url(str(jwk.get("x", ""))))
            if isinstance(jwk, dict) and jwk.get("kty") == "OKP" and jwk.get("crv") == "Ed25519"
            else None
        )
    if signer != key.fingerprint:
        raise RefusedError(
            Said(
                "signed by another key (fingerprint {signer}), not {school}'s ({fingerprint})",
                signer=str(signer),
                school=key.school,
                fingerprint=key.fingerprint,
            )
        )
    if not key.check(f"{head64}.{body64}".encode("ascii"), unb64url(sig64)):
        raise RefusedError(
            Said(
                "the signature does not match: changed since {school} signed it, or signed by "
                "another key",
                school=key.school,
            )
        )
    try:
        payload = json.loads(unb64url(body64))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RefusedError(Said("the signed summary is not JSON")) from None
    if not isinstance(payload, dict):
        raise RefusedError(Said("the signed summary is not a JSON object"))
    return payload


# -- the record's summary ----------------------------------------------------------------------


def summary_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the QR code carries of a full record (``AuditionRecord.signed_record``), with the
    record's SHA-256: every field of the record is signed through it.  Kept short (the key is
    named by the JWS header's ``kid``; the roster ids are in the record) so the QR code's
    modules stay large enough for a phone in the sheet's free column."""
    return {
        "v": SHEET_VERSION,
        "school": record["school"],
        "run": record["run_id"],
        "trainee": {"name": record["trainee"]["name"]},
        "proctor": {
            "name": record["proctor"]["name"],
            "verified": record["proctor"]["verified"],
        },
        "sat_at": record["sat_at"],
        "verdict": record["verdict"],
        "grades": {a["id"]: a["grade"] for a in record["areas"]},
        "red_lines_crossed": [r["id"] for r in record["red_lines"] if r["crossed"]],
        "record_sha256": digest(record),
    }


def school_mismatch(school: str, key_school: str) -> None:
    """KeyFileError unless the record's school is the key's (one line saying which)."""
    if not school:
        raise KeyFileError(
            Said(
                "the curriculum names no school (its 'school' field), the key is {school}'s: "
                "give the curriculum that names it (--curriculum FILE)",
                school=repr(key_school),
            )
        )
    if school != key_school:
        raise KeyFileError(
            Said(
                "the record names the school {school}, the key is {key_school}'s",
                school=repr(school),
                key_school=repr(key_school),
            )
        )


def sign_record(record: Mapping[str, Any], signer: Signer) -> dict[str, Any]:
    """The signed sheet: the full record and the JWS of its summary."""
    school_mismatch(record["school"], signer.public.school)
    summary = summary_of(record)
    return {
        SHEET_MARK: SHEET_VERSION,
        "record": dict(record),
        "signature": signer.jws(canonical(summary), SUMMARY_TYPE),
    }


@dataclass(frozen=True)
class Verified:
    """A sheet whose signature ``key`` checks: the signed summary, and the full record when
    the sheet carried it (a QR code carries the summary only)."""

    key: SchoolKey
    summary: dict[str, Any]
    record: dict[str, Any] | None


def verify_signed(
    token: str,
    record: Mapping[str, Any] | None,
    key: SchoolKey,
    revoked: Mapping[str, str] | None = None,
) -> Verified:
    """Check a signed summary (and the full record beside it, if given) against ``key`` and
    the school's revocation list (run id: why); RefusedError names the first problem."""
    summary = open_jws(token, key, SUMMARY_TYPE)
    if summary.get("school") != key.school:
        raise RefusedError(
            Said(
                "the sheet names the school {school}, the key is {key_school}'s",
                school=repr(summary.get("school")),
                key_school=repr(key.school),
            )
        )
    if record is not None:
        try:
            expected = summary_of(record)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RefusedError(
                Said("the record is not an audition record (fields missing)")
            ) from None
        changed = sorted(k for k in expected if expected[k] != summary.get(k))
        changed += sorted(k for k in summary if k not in expected)
        if changed:
            what = [c for c in changed if c != "record_sha256"] or ["an answer or detail"]
            raise RefusedError(
                Said(
                    "the record was changed since it was signed ({fields})", fields=", ".join(what)
                )
            )
    run = summary.get("run")
    if revoked and isinstance(run, str) and run in revoked:
        raise RefusedError(Said("revoked by {school}: {why}", school=key.school, why=revoked[run]))
    return Verified(key, summary, None if record is None else dict(record))


def verify_badge(
    token: str, key: SchoolKey, revoked: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The claims of an Open Badges credential (VC-JWT) ``key`` signed, its issuer the
    school and not revoked; RefusedError says why not."""
    claims = open_jws(token, key, BADGE_TYPE)
    issuer = claims.get("issuer")
    if not isinstance(issuer, dict) or issuer.get("name") != key.school:
        raise RefusedError(Said("the credential's issuer is not {school}", school=key.school))
    if issuer.get("id") != key.did() or claims.get("iss") != key.did():
        raise RefusedError(Said("the credential's issuer id is not this key's did:key"))
    run = str(claims.get("jti", "")).removeprefix("urn:uuid:").replace("-", "")
    if revoked and run in revoked:
        raise RefusedError(Said("revoked by {school}: {why}", school=key.school, why=revoked[run]))
    return claims


# -- the revocation list -----------------------------------------------------------------------


@dataclass(frozen=True)
class Revocations:
    """A school's revocation list as ``key`` checked it: when it was issued, and the run ids
    it revokes with when and why."""

    issued_at: datetime
    revoked: dict[str, str]


def read_revocations(token: str, key: SchoolKey) -> Revocations:
    """The list ``key``'s school signed: its issue date and the run ids it revoked, with when
    and why (RefusedError if the list is not its, or has no issue date)."""
    payload = open_jws(token, key, REVOCATION_TYPE)
    entries = _entries(payload, key)
    try:
        issued = datetime.fromisoformat(str(payload.get("issued_at")))
    except ValueError:
        issued = None
    if issued is None or issued.tzinfo is None:
        raise RefusedError(Said("the list has no issue date"))
    out: dict[str, str] = {}
    for entry in entries:
        if isinstance(entry.get("run"), str):
            when = str(entry.get("at", ""))[:10]
            out[entry["run"]] = ", ".join(t for t in (when, str(entry.get("reason", ""))) if t)
    return Revocations(issued, out)


def revocation_list(
    signer: Signer,
    earlier: Iterable[dict[str, str]],
    run: str,
    reason: str,
    at: datetime,
) -> tuple[str, list[dict[str, str]]]:
    """The school's list with ``run`` added (once), signed: the JWS and its entries."""
    entries = [e for e in earlier if e.get("run") != run]
    entries.append({"run": run, "at": at.isoformat(timespec="seconds"), "reason": reason})
    payload = {
        "school": signer.public.school,
        "key": signer.public.fingerprint,
        "issued_at": at.isoformat(timespec="seconds"),
        "revoked": entries,
    }
    return signer.jws(canonical(payload), REVOCATION_TYPE), entries


def revocation_entries(token: str, key: SchoolKey) -> list[dict[str, str]]:
    return _entries(open_jws(token, key, REVOCATION_TYPE), key)


def _entries(payload: Mapping[str, Any], key: SchoolKey) -> list[dict[str, str]]:
    entries = payload.get("revoked")
    if payload.get("school") != key.school or not isinstance(entries, list):
        raise RefusedError(Said("not this school's revocation list"))
    return [e for e in entries if isinstance(e, dict)]


# -- finding the signed record in a sheet -------------------------------------------------------


def find_in_pdf(data: bytes) -> dict[str, Any] | None:
    """The signed sheet JSON a PDF carries as an uncompressed attachment (ASCII JSON that
    begins with SHEET_MARK), found without a PDF reader; None when it has none."""
    mark = ('{"' + SHEET_MARK + '"').encode()
    at = data.find(mark)
    if at < 0:
        return None
    end = data.find(b"endstream", at)
    chunk = data[at : end if end > 0 else len(data)]
    try:
        value, _ = json.JSONDecoder().raw_decode(chunk.decode("ascii"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RefusedError(Said("the sheet's signed record is damaged")) from None
    return value if isinstance(value, dict) else None
