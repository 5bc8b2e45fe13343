"""Who is training: the roster and the school's sign-in settings, kept
in the history (schema v7, v8) so every terminal and browser tab on it follows the same rules.

Written once for both backends, through the HistoryStore interface (``select``, ``write``,
the backend's ``placeholder``).

Secrets (a PIN or a passphrase) are stored only as a salted scrypt hash (the standard
library's ``hashlib.scrypt``: memory-hard, no new dependency).  Parameters: n=2**14, r=8, p=1,
a 16-byte random salt, a 32-byte key: 16 MiB per check, and 0.25 s measured on 2 cores at
load 7 (2026-11-25), so guessing offline costs memory as well as time, while a sign-in
stays well under a second.
Each hash carries its parameters, so they can be raised later without breaking old ones.
Signing in and out, the lockout and the desk a trainer signs in at are
``trainer.history.signing_in``'s.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
import uuid
from dataclasses import dataclass, replace
from datetime import datetime

from trainer.errors import BadInputError
from trainer.history.backend import HistoryStore
from trainer.history.rows import to_db_time

TRAINEE = "trainee"
INSTRUCTOR = "instructor"
ROLES = (TRAINEE, INSTRUCTOR)
MAX_NAME = 40  # trainer.prefs.MAX_NAME: a roster name is a trainee name
MAX_SECRET = 1024

#: scrypt's cost (see the module's docstring); a stored hash names its own.
SCRYPT_N, SCRYPT_R, SCRYPT_P, SCRYPT_LEN, SALT_BYTES = 2**14, 8, 1, 32, 16
SCRYPT_MAXMEM = 64 * 1024 * 1024


class PersonError(BadInputError):
    """A roster change or a sign-in refused: the message is one line and never holds the
    secret."""


@dataclass(frozen=True, slots=True)
class Person:
    person_id: str
    name: str
    role: str
    retired: bool = False
    created_at: str = ""
    #: The language the trainer speaks to them (a catalogue's code as stored, unchecked here:
    #: the edges check it); "" for the terminal's.
    language: str = ""

    @property
    def instructor(self) -> bool:
        return self.role == INSTRUCTOR


@dataclass(frozen=True, slots=True)
class Policy:
    """The school's settings for the whole history (the ``settings`` table)."""

    signin: bool = False
    idle_minutes: int = 5
    slow_after: int = 2
    lock_after: int = 5
    lock_minutes: int = 15


#: Settings as stored: each one's name and how its text is read.
SETTING_NAMES = ("signin", "idle_minutes", "slow_after", "lock_after", "lock_minutes")
IDLE_LIMITS = (1, 240)


@dataclass(frozen=True, slots=True)
class SignIn:
    """What a sign-in attempt came to: ``person`` when it succeeded, else ``message`` (one
    line, English: the command line's) saying why not, and what happened for the screens to
    word (trainer.words.record): ``refusal`` (``typed``: the name or secret could not be a
    roster's, ``wrong``, ``held``, ``retired``, ``not-instructor``), ``name`` as shown,
    ``wait`` (seconds held back, after a wrong try too), ``until`` (when a lock ends) and
    ``here`` (held at this terminal only)."""

    person: Person | None
    message: str = ""
    refusal: str = ""
    name: str = ""
    wait: int | None = None
    until: datetime | None = None
    here: bool = False

    @property
    def ok(self) -> bool:
        return self.person is not None


# -- checking what is typed ------------------------------------------------------------------


#: Characters that show nothing (Unicode's default-ignorable code points and the blank
#: fillers): a name holding one looks like a name without it, so it is refused.
_INVISIBLE = frozenset(
    (0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFEFF, 0xFFA0)
).union(
    range(0x180B, 0x1810),
    range(0x200B, 0x2010),
    range(0x202A, 0x202F),
    range(0x2060, 0x2070),
    range(0xFE00, 0xFE10),
    range(0xFFF0, 0xFFF9),
    range(0x1BCA0, 0x1BCA4),
    range(0x1D173, 0x1D17B),
    range(0xE0000, 0xE1000),
)
#: Combining marks in a row, at most (and never the same one twice, which looks like once):
#: more stack on one letter and hide what is under them.
MAX_MARKS = 2


def check_name(text: str) -> str:
    """A roster name as stored: spaces collapsed, composed (NFC), 1 to MAX_NAME characters;
    no control or formatting character (an escape sequence, a right-to-left override), none
    that shows nothing (a zero-width space, a Hangul filler), no bytes that were not UTF-8
    (a terminal sending Latin-1), no pile of combining marks."""
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise PersonError("the name is not valid UTF-8 text; type it again in UTF-8")
    if any(ord(c) in _INVISIBLE for c in text):
        raise PersonError("the name holds an invisible character; use letters, digits and spaces")
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if not name:
        raise PersonError("the name is empty")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise PersonError("the name holds a control character; use letters, digits and spaces")
    marks, apart = 0, unicodedata.normalize("NFD", name)  # each accent a mark of its own
    for i, c in enumerate(apart):
        marks = marks + 1 if unicodedata.combining(c) or unicodedata.category(c) == "Me" else 0
        if marks > MAX_MARKS or (marks and (i == 0 or (marks > 1 and c == apart[i - 1]))):
            raise PersonError("the name holds stacked accents; type each letter once")
    if len(name) > MAX_NAME:
        from trainer.engine.said import Said

        raise PersonError(Said("the name is longer than {most} characters", most=MAX_NAME))
    if not name_key(name).strip():
        raise PersonError("the name is empty")
    return name


def name_key(name: str) -> str:
    """What two names must not share on one roster, and what a typed name is looked up by:
    spaces collapsed, Unicode's compatibility form (NFKC), case-folded.  "Ann", "ann" and
    "ＡＮＮ" (full-width) are one key; so are "Ánn" typed composed and with a combining
    accent."""
    folded = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    return " ".join(unicodedata.normalize("NFKC", folded).split())


def check_secret(secret: str) -> str:
    """The secret as given, or PersonError saying what is wrong with it (never the secret)."""
    if not secret:
        raise PersonError("the PIN or passphrase is empty")
    if len(secret) > MAX_SECRET:
        from trainer.engine.said import Said

        raise PersonError(
            Said("the PIN or passphrase is longer than {most} characters", most=MAX_SECRET)
        )
    if any(0xD800 <= ord(c) <= 0xDFFF for c in secret):
        raise PersonError("the PIN or passphrase is not valid UTF-8 text; type it in UTF-8")
    if any(unicodedata.category(c) == "Cc" for c in secret):
        raise PersonError("the PIN or passphrase holds a control character")
    return secret


def check_role(role: str) -> str:
    if role not in ROLES:
        from trainer.engine.said import Said

        raise PersonError(
            Said("role {role}: a person is a trainee or an instructor", role=repr(role[:20]))
        )
    return role


def hash_secret(secret: str, salt: bytes | None = None) -> str:
    """``scrypt$N$r$p$salt$key`` (hex), salted with fresh random bytes."""
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = hashlib.scrypt(
        secret.encode(),
        salt=salt,
        n=SCRYPT_N,
        r=SCRYPT_R,
        p=SCRYPT_P,
        dklen=SCRYPT_LEN,
        maxmem=SCRYPT_MAXMEM,
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def verify_secret(secret: str, stored: str) -> bool:
    """Whether ``secret`` is the one ``stored`` was made from (compared in constant time); a
    stored value that is no hash of ours matches nothing."""
    try:
        kind, n, r, p, salt, key = stored.split("$")
        if kind != "scrypt":
            return False
        given = hashlib.scrypt(
            secret.encode(),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(key) // 2,
            maxmem=SCRYPT_MAXMEM,
        )
        return hmac.compare_digest(given, bytes.fromhex(key))
    except (ValueError, OverflowError, MemoryError):
        return False


# -- the school's settings -------------------------------------------------------------------


def policy(store: HistoryStore) -> Policy:
    """The settings stored in the history (the defaults for any not set, or unreadable)."""
    found = dict(store.select("SELECT name, value FROM settings"))
    values: dict[str, object] = {}
    if "signin" in found:
        values["signin"] = found["signin"] == "on"
    for name in SETTING_NAMES[1:]:
        text = str(found.get(name, ""))
        if text.isascii() and text.isdigit() and 0 < int(text) <= 10_000:
            values[name] = int(text)
    return replace(Policy(), **values)  # type: ignore[arg-type]


def set_policy(store: HistoryStore, **changes: object) -> Policy:
    """Store ``changes`` (signin=True, idle_minutes=10...) for every terminal; the result."""
    new = replace(policy(store), **changes)  # type: ignore[arg-type]
    if not IDLE_LIMITS[0] <= new.idle_minutes <= IDLE_LIMITS[1]:
        from trainer.engine.said import Said

        raise PersonError(
            Said(
                "idle time {minutes}: from {least} to {most} minutes",
                minutes=new.idle_minutes,
                least=IDLE_LIMITS[0],
                most=IDLE_LIMITS[1],
            )
        )
    mark = store.placeholder
    upsert = (
        f"INSERT INTO settings (name, value) VALUES ({mark}, {mark}) "
        "ON CONFLICT (name) DO UPDATE SET value = excluded.value"
    )
    store.write(
        [
            (upsert, (name, _setting_text(getattr(new, name))))
            for name in SETTING_NAMES
            if name in changes
        ]
    )
    return new


def _setting_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


# -- the roster ------------------------------------------------------------------------------

_PERSON = "SELECT person_id, name, role, retired, created_at, language FROM people"
#: The longest language code stored: ``zh_Hant_HK`` and the like, with room to spare.
MAX_LANGUAGE = 32


def person_from_row(row: tuple[object, ...]) -> Person:
    """A person from ``(person_id, name, role, retired, created_at[, language])``; a
    language that is no text (a file's holder may write anything) is kept as its text."""
    language = "" if len(row) < 6 or row[5] is None else str(row[5])
    return Person(str(row[0]), str(row[1]), str(row[2]), bool(row[3]), str(row[4]), language)


def check_language_code(code: str) -> str:
    """``code`` fit to store as a person's language: "" (the terminal's) or a short word of
    ASCII letters, digits and ``_``.  Which languages exist is the edges' to say (they check
    it against the catalogues before calling here)."""
    if code and (
        len(code) > MAX_LANGUAGE or not code.isascii() or not code.replace("_", "").isalnum()
    ):
        from trainer.engine.said import Said

        raise PersonError(
            Said("language {code}: not a language's code", code=repr(code[:MAX_LANGUAGE]))
        )
    return code


def set_language(store: HistoryStore, name: str, code: str) -> Person:
    """``name``'s language from now on (``code`` "": the terminal's)."""
    code = check_language_code(code)
    who = person(store, name)
    mark = store.placeholder
    store.write(
        [(f"UPDATE people SET language = {mark} WHERE person_id = {mark}", (code, who.person_id))]
    )
    return replace(who, language=code)


def roster(store: HistoryStore, *, retired: bool = True) -> list[Person]:
    """Everyone on the roster by name (without the retired unless ``retired``)."""
    where = "" if retired else " WHERE retired = 0"
    return [person_from_row(r) for r in store.select(f"{_PERSON}{where} ORDER BY name_key")]


def find(store: HistoryStore, name: str) -> Person | None:
    """The person called ``name`` (any case), or None."""
    mark = store.placeholder
    rows = store.select(f"{_PERSON} WHERE name_key = {mark}", (name_key(name.strip()),))
    return person_from_row(rows[0]) if rows else None


def person(store: HistoryStore, name: str) -> Person:
    """The person called ``name``; PersonError naming it when there is none."""
    found = find(store, name)
    if found is None:
        from trainer.engine.said import Said

        raise PersonError(Said("no one called {name} on the roster", name=shown_name(name)))
    return found


def by_id(store: HistoryStore, person_id: str) -> Person | None:
    rows = store.select(f"{_PERSON} WHERE person_id = {store.placeholder}", (person_id,))
    return person_from_row(rows[0]) if rows else None


def shown_name(name: str) -> str:
    """A typed name fit to quote in a message: one line, no control characters, short."""
    clean = "".join(c if unicodedata.category(c)[0] != "C" else "?" for c in " ".join(name.split()))
    return repr(clean[:MAX_NAME] + ("..." if len(clean) > MAX_NAME else ""))


def add(
    store: HistoryStore, name: str, role: str, secret: str, now: datetime, language: str = ""
) -> Person:
    """Put a new person on the roster (their secret stored as its hash only), spoken to in
    ``language`` ("": the terminal's)."""
    name, role, secret = check_name(name), check_role(role), check_secret(secret)
    language = check_language_code(language)
    if find(store, name) is not None:
        from trainer.engine.said import Said

        raise PersonError(Said("{name} is on the roster already", name=shown_name(name)))
    new = Person(uuid.uuid4().hex, name, role, False, to_db_time(now), language)
    m = store.placeholder
    store.write(
        [
            (
                "INSERT INTO people (person_id, name, name_key, role, secret, retired, "
                f"created_at, language) VALUES ({m}, {m}, {m}, {m}, {m}, 0, {m}, {m})",
                (
                    new.person_id,
                    name,
                    name_key(name),
                    role,
                    hash_secret(secret),
                    new.created_at,
                    language,
                ),
            )
        ]
    )
    return new


def instructors(store: HistoryStore) -> list[Person]:
    return [p for p in roster(store, retired=False) if p.instructor]


def reset(store: HistoryStore, name: str, secret: str) -> Person:
    """A new secret for ``name``, and any lock on them lifted (at every terminal)."""
    secret = check_secret(secret)
    who = person(store, name)
    mark = store.placeholder
    store.write(
        [
            (
                f"UPDATE people SET secret = {mark}, failures = 0, locked_until = NULL "
                f"WHERE person_id = {mark}",
                (hash_secret(secret), who.person_id),
            ),
            (f"DELETE FROM signin_holds WHERE name_key = {mark}", (name_key(who.name),)),
        ]
    )
    return who


def retire(store: HistoryStore, name: str, *, back: bool = False) -> Person:
    """Retire ``name`` (``back``: return them): they can no longer sign in, and keep their
    history.  The last instructor is not retired: nobody could manage the roster."""
    who = person(store, name)
    if not back and who.instructor and [p.person_id for p in instructors(store)] == [who.person_id]:
        from trainer.engine.said import Said

        raise PersonError(
            Said(
                "{name} is the only instructor; add another one first",
                name=shown_name(who.name),
            )
        )
    mark = store.placeholder
    store.write(
        [
            (
                f"UPDATE people SET retired = {mark} WHERE person_id = {mark}",
                (0 if back else 1, who.person_id),
            )
        ]
    )
    return replace(who, retired=not back)


#: The runs whose rows are kept whole (schema v8): finished exams, by session id.
_KEPT_RUNS = "SELECT session_id FROM sessions WHERE mode = 'exam' AND finished_at IS NOT NULL"


def _follow(
    store: HistoryStore, old: str, new: str, person_id: str, now: datetime
) -> list[tuple[str, tuple[object, ...]]]:
    """The statements moving every row stored under ``old`` to ``new`` (the person's name),
    their totals added to the person's, and ``old`` kept as linked to ``person_id``: reports
    follow the person.  A finished exam stays as it was sat, its name and person included
    (schema v8): its sheet names the trainee as they were at the sitting, and the link ties
    that name to the person (rows.trainee_where, queries.listed_names)."""
    m = store.placeholder
    moved: list[tuple[str, tuple[object, ...]]] = []
    if old != new:
        moved += [
            (
                f"UPDATE sessions SET trainee = {m} WHERE trainee = {m} "
                f"AND session_id NOT IN ({_KEPT_RUNS})",
                (new, old),
            ),
            (
                f"UPDATE answers SET trainee = {m} WHERE trainee = {m} "
                f"AND session_id NOT IN ({_KEPT_RUNS})",
                (new, old),
            ),
            (
                "INSERT INTO answer_totals (trainee, skill, answered, correct, seconds, last_at) "
                f"SELECT {m}, skill, answered, correct, seconds, last_at FROM answer_totals "
                f"WHERE trainee = {m} ON CONFLICT (trainee, skill) DO UPDATE SET "
                "answered = answer_totals.answered + excluded.answered, "
                "correct = answer_totals.correct + excluded.correct, "
                "seconds = answer_totals.seconds + excluded.seconds, "
                "last_at = CASE WHEN excluded.last_at > answer_totals.last_at "
                "THEN excluded.last_at ELSE answer_totals.last_at END",
                (new, old),
            ),
            (f"DELETE FROM answer_totals WHERE trainee = {m}", (old,)),
        ]
    return [
        *moved,
        (
            f"UPDATE sessions SET person_id = {m} WHERE trainee = {m} AND person_id IS NULL "
            f"AND session_id NOT IN ({_KEPT_RUNS})",
            (person_id, new),
        ),
        (
            f"INSERT INTO trainee_links (trainee, person_id, linked_at) VALUES ({m}, {m}, {m}) "
            "ON CONFLICT (trainee) DO UPDATE SET person_id = excluded.person_id, "
            "linked_at = excluded.linked_at",
            (old, person_id, to_db_time(now)),
        ),
    ]


def rename(store: HistoryStore, name: str, new_name: str, now: datetime) -> Person:
    """Call ``name`` ``new_name`` from now on; their history is listed under the new name."""
    who = person(store, name)
    new_name = check_name(new_name)
    other = find(store, new_name)
    if other is not None and other.person_id != who.person_id:
        from trainer.engine.said import Said

        raise PersonError(Said("{name} is on the roster already", name=shown_name(new_name)))
    if new_name != who.name and new_name in _trainees(store) and other is None:
        from trainer.engine.said import Said

        raise PersonError(
            Said(
                "{name} has a history of their own: link it to a person instead (ezbac "
                "people link)",
                name=shown_name(new_name),
            )
        )
    m = store.placeholder
    store.write(
        [
            (
                f"UPDATE people SET name = {m}, name_key = {m} WHERE person_id = {m}",
                (new_name, name_key(new_name), who.person_id),
            ),
            *_follow(store, who.name, new_name, who.person_id, now),
        ]
    )
    return replace(who, name=new_name)


def link(store: HistoryStore, old_name: str, name: str, now: datetime) -> tuple[Person, int]:
    """File every run and answer stored under the trainee name ``old_name`` (from before
    sign-in, or typed by hand) under the roster person ``name``; the person and how many
    runs moved."""
    who = person(store, name)
    old = " ".join(old_name.split())
    if old not in _trainees(store):
        from trainer.engine.said import Said

        raise PersonError(Said("no history under the name {name}", name=shown_name(old_name)))
    owner = find(store, old)
    if owner is not None and owner.person_id != who.person_id:
        from trainer.engine.said import Said

        raise PersonError(
            Said("{name} is a roster person's name; rename them first", name=shown_name(old))
        )
    m = store.placeholder
    (count,) = store.select(f"SELECT COUNT(*) FROM sessions WHERE trainee = {m}", (old,))[0]
    store.write(_follow(store, old, who.name, who.person_id, now))
    return who, int(count)


def trainee_named(store: HistoryStore, typed: str) -> str:
    """The trainee on record that ``typed`` names, compared as roster names are
    (``name_key``: any case, full-width letters, accents typed either way): the name itself
    when it is on record, else the one name on record with its key; else the name as typed
    (a caller then says nothing is recorded).  PersonError for a name no roster may hold."""
    name = check_name(typed)
    known = _trainees(store)
    if name in known:
        return name
    same = sorted(t for t in known if name_key(t) == name_key(name))
    return same[0] if len(same) == 1 else name


def _trainees(store: HistoryStore) -> set[str]:
    from trainer.history.rows import read_trainees

    return set(read_trainees(store))


# -- signing in ------------------------------------------------------------------------------


# -- the trainer's desk ----------------------------------------------------------------------
