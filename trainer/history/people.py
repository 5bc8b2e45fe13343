"""Who is training: the roster, signing in, and the school's sign-in settings, kept
in the history (schema v7, v8) so every terminal and browser tab on it follows the same rules.

Written once for both backends, through the HistoryStore interface (``select``, ``write``,
the backend's ``placeholder``).

Secrets (a PIN or a passphrase) are stored only as a salted scrypt hash (the standard
library's ``hashlib.scrypt``: memory-hard, no new dependency).  Parameters: n=2**14, r=8, p=1,
a 16-byte random salt, a 32-byte key: 16 MiB per check, and 0.25 s measured on 2 cores at
load 7 (2026-11-25), so guessing offline costs memory as well as time, while a sign-in
stays well under a second.
Each hash carries its parameters, so they can be raised later without breaking old ones.
A PIN has few possibilities: what guards it online is the lockout, counted in the history
(table ``signin_holds``, schema v8: every terminal sees the same count): after
``slow_after`` wrong tries in a row each try waits twice as long as the last (2 s, 4 s,
8 s...), after ``lock_after`` the name is locked for ``lock_minutes``.  A try is counted
before it is checked, in one transaction, so tries made at once count one by one.  Tries are
counted per name typed (names not on the roster too) and, for an instructor, per terminal:
no trainee can lock an instructor out of the school.  A wrong PIN and an unknown name get
the same line after the same work.  On a server the check runs in the server (see
``sign_in``).  Every sign-in, failure and sign-out is a row of ``signins``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from trainer.errors import BadInputError
from trainer.history.backend import HistoryStore
from trainer.history.rows import from_db_time, to_db_time

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
    line) saying why not."""

    person: Person | None
    message: str = ""

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
        raise PersonError(f"the name is longer than {MAX_NAME} characters")
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
        raise PersonError(f"the PIN or passphrase is longer than {MAX_SECRET} characters")
    if any(0xD800 <= ord(c) <= 0xDFFF for c in secret):
        raise PersonError("the PIN or passphrase is not valid UTF-8 text; type it in UTF-8")
    if any(unicodedata.category(c) == "Cc" for c in secret):
        raise PersonError("the PIN or passphrase holds a control character")
    return secret


def check_role(role: str) -> str:
    if role not in ROLES:
        raise PersonError(f"role {role[:20]!r}: a person is a trainee or an instructor")
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
        raise PersonError(
            f"idle time {new.idle_minutes}: from {IDLE_LIMITS[0]} to {IDLE_LIMITS[1]} minutes"
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

_PERSON = "SELECT person_id, name, role, retired, created_at FROM people"


def _person(row: tuple[object, ...]) -> Person:
    return Person(str(row[0]), str(row[1]), str(row[2]), bool(row[3]), str(row[4]))


def roster(store: HistoryStore, *, retired: bool = True) -> list[Person]:
    """Everyone on the roster by name (without the retired unless ``retired``)."""
    where = "" if retired else " WHERE retired = 0"
    return [_person(r) for r in store.select(f"{_PERSON}{where} ORDER BY name_key")]


def find(store: HistoryStore, name: str) -> Person | None:
    """The person called ``name`` (any case), or None."""
    mark = store.placeholder
    rows = store.select(f"{_PERSON} WHERE name_key = {mark}", (name_key(name.strip()),))
    return _person(rows[0]) if rows else None


def person(store: HistoryStore, name: str) -> Person:
    """The person called ``name``; PersonError naming it when there is none."""
    found = find(store, name)
    if found is None:
        raise PersonError(f"no one called {_shown(name)} on the roster")
    return found


def by_id(store: HistoryStore, person_id: str) -> Person | None:
    rows = store.select(f"{_PERSON} WHERE person_id = {store.placeholder}", (person_id,))
    return _person(rows[0]) if rows else None


def _shown(name: str) -> str:
    """A typed name fit to quote in a message: one line, no control characters, short."""
    clean = "".join(c if unicodedata.category(c)[0] != "C" else "?" for c in " ".join(name.split()))
    return repr(clean[:MAX_NAME] + ("..." if len(clean) > MAX_NAME else ""))


def add(store: HistoryStore, name: str, role: str, secret: str, now: datetime) -> Person:
    """Put a new person on the roster (their secret stored as its hash only)."""
    name, role, secret = check_name(name), check_role(role), check_secret(secret)
    if find(store, name) is not None:
        raise PersonError(f"{_shown(name)} is on the roster already")
    new = Person(uuid.uuid4().hex, name, role, False, to_db_time(now))
    mark = store.placeholder
    store.write(
        [
            (
                "INSERT INTO people (person_id, name, name_key, role, secret, retired, "
                f"created_at) VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, 0, {mark})",
                (new.person_id, name, name_key(name), role, hash_secret(secret), new.created_at),
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
        raise PersonError(f"{_shown(who.name)} is the only instructor; add another one first")
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
        raise PersonError(f"{_shown(new_name)} is on the roster already")
    if new_name != who.name and new_name in _trainees(store) and other is None:
        raise PersonError(
            f"{_shown(new_name)} has a history of their own: link it to a person instead "
            "(ezbac people link)"
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
        raise PersonError(f"no history under the name {_shown(old_name)}")
    owner = find(store, old)
    if owner is not None and owner.person_id != who.person_id:
        raise PersonError(f"{_shown(old)} is a roster person's name; rename them first")
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


def record(store: HistoryStore, who: Person | None, name: str, event: str, now: datetime) -> None:
    """One row of ``signins``: in, out, idle (signed out for idleness), wrong, held (tried
    while held back), unknown, retired, proctor (a PIN given for one act)."""
    m = store.placeholder
    store.write(
        [
            (
                f"INSERT INTO signins (person_id, name, event, at) VALUES ({m}, {m}, {m}, {m})",
                (
                    None if who is None else who.person_id,
                    who.name if who else _shown(name)[1:-1],
                    event,
                    to_db_time(now),
                ),
            )
        ]
    )


#: What a wrong PIN and a name not on the roster both say: the same line, after the same
#: work (a key derived either way), so sign-in tells nobody who is on the roster.
WRONG = "wrong name, PIN or passphrase"


def _on_server(store: HistoryStore) -> bool:
    """Whether ``store`` is a server's history (its sign-in is checked by the server)."""
    return store.placeholder == "%s"


def _salt_of(stored: str) -> str | None:
    """``scrypt$N$r$p$salt`` of a stored hash, or None if it is no hash of ours."""
    parts = stored.split("$")
    return "$".join(parts[:5]) if len(parts) == 6 and parts[0] == "scrypt" else None


def _stand_in(key: str, pepper: str) -> str:
    """The salt a name not on the roster gets: the same every time, unknowable without the
    history's pepper (the server's ezbac_signin_salt computes the same)."""
    digest = hashlib.md5((key + pepper).encode(), usedforsecurity=False).hexdigest()
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${digest}"


def salt(store: HistoryStore, key: str) -> str:
    """The scrypt parameters and salt a sign-in derives its key with, for the name key
    ``key`` (a stand-in for a name not on the roster).  The stored hash itself never leaves
    the server: a terminal's role may not read it (trainer.history.roles)."""
    m = store.placeholder
    if _on_server(store):
        return str(store.select(f"SELECT ezbac_signin_salt({m})", (key,))[0][0])
    rows = store.select(f"SELECT secret FROM people WHERE name_key = {m}", (key,))
    found = _salt_of(str(rows[0][0])) if rows else None
    if found is not None:
        return found
    pepper = "".join(str(r[0]) for r in store.select("SELECT pepper FROM signin_pepper"))
    return _stand_in(key, pepper)


def derive(secret: str, spec: str) -> str:
    """The key (hex) ``secret`` gives with the parameters and salt ``spec``: what a sign-in
    sends to be compared with the stored one ("" for parameters of no hash of ours)."""
    try:
        kind, n, r, p, salt_hex = spec.split("$")
        if kind != "scrypt":
            return ""
        return hashlib.scrypt(
            secret.encode(),
            salt=bytes.fromhex(salt_hex),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=SCRYPT_LEN,
            maxmem=SCRYPT_MAXMEM,
        ).hex()
    except (ValueError, OverflowError, MemoryError):
        return ""


@dataclass(frozen=True, slots=True)
class _Outcome:
    """What the check of one try came to (the server's ezbac_sign_in returns the same)."""

    outcome: str  # ok, wrong, held, retired, not-instructor
    person: Person | None = None
    wait: float | None = None  # seconds held back from now
    place: str = ""  # where the hold applies: "" the school, else a terminal


def sign_in(
    store: HistoryStore,
    name: str,
    secret: str,
    now: datetime,
    *,
    instructor: bool = False,
    event: str = "in",
    place: str = "",
) -> SignIn:
    """Check ``name``'s ``secret`` against the roster, counting the try towards the lockout
    before it is checked (parallel tries count one by one, and none is checked past the
    lock); every outcome recorded.  ``instructor``: only an instructor may (a proctor's
    PIN).  ``place``: this terminal, where an instructor's wrong tries hold them back (a
    server knows its terminals by their database role and ignores it).

    A name not on the roster costs the same work and gets the same line as a wrong PIN.  On
    a server the check runs in the server (ezbac_sign_in, schema v8) on a key derived here:
    the stored hash never reaches a terminal."""
    try:
        check_secret(secret)
        typed = check_name(name)
    except PersonError as exc:
        return SignIn(None, str(exc))
    key = name_key(typed)
    derived = derive(secret, salt(store, key))
    if _on_server(store):
        got = _checked_on_server(store, key, typed, derived, instructor, event)
    else:
        got = _checked_here(store, key, typed, derived, now, instructor, event, place)
    who = got.person
    if got.outcome == "ok" and who is not None:
        return SignIn(who)
    if got.outcome == "retired" and who is not None:
        return SignIn(None, f"{who.name} is retired and cannot sign in")
    if got.outcome == "not-instructor" and who is not None:
        return SignIn(None, f"{who.name} is not an instructor")
    shown = _shown(typed)[1:-1]
    if got.outcome == "held" and got.wait:
        return SignIn(None, _held(shown, got.wait, now, got.place))
    if got.wait:
        return SignIn(None, f"{WRONG}; " + _held(shown, got.wait, now, got.place))
    return SignIn(None, WRONG)


def _checked_on_server(
    store: HistoryStore, key: str, typed: str, derived: str, instructor: bool, event: str
) -> _Outcome:
    m = store.placeholder
    ((outcome, pid, name, role, retired, created, wait, place),) = store.write(
        [
            (
                f"SELECT * FROM ezbac_sign_in({m}, {m}, {m}, {m}, {m})",
                (key, _shown(typed)[1:-1], derived, instructor, event),
            )
        ]
    )[0]
    who = None if pid is None else _person((pid, name, role, retired, created))
    return _Outcome(str(outcome), who, None if wait is None else float(wait), str(place or ""))


def _checked_here(
    store: HistoryStore,
    key: str,
    typed: str,
    derived: str,
    now: datetime,
    instructor: bool,
    event: str,
    place: str,
) -> _Outcome:
    """The server's ezbac_sign_in in Python, for an SQLite history: one write transaction
    (BEGIN IMMEDIATE), so tries from every program on the file count one by one."""
    m = store.placeholder
    at = to_db_time(now)
    rules = policy(store)
    with store.transaction() as tx:
        rows = tx.rows(
            f"SELECT person_id, name, role, retired, created_at, secret FROM people "
            f"WHERE name_key = {m}",
            (key,),
        )
        who = _person(rows[0][:5]) if rows else None
        stored = str(rows[0][5]) if rows else ""
        where = place if who is not None and who.instructor else ""
        tx.rows(
            f"INSERT INTO signin_holds (name_key, place) VALUES ({m}, {m}) "
            "ON CONFLICT (name_key, place) DO NOTHING",
            (key, where),
        )
        ((failures, locked),) = tx.rows(
            f"SELECT failures, locked_until FROM signin_holds WHERE name_key = {m} AND place = {m}",
            (key, where),
        )

        def log(what: str) -> None:
            tx.rows(
                f"INSERT INTO signins (person_id, name, event, at) VALUES ({m}, {m}, {m}, {m})",
                (
                    None if who is None else who.person_id,
                    who.name if who else _shown(typed)[1:-1],
                    what,
                    at,
                ),
            )

        if locked is not None and str(locked) > at:
            log("held")
            return _Outcome("held", None, (from_db_time(locked) - now).total_seconds(), where)
        salted = _salt_of(stored)
        right = (
            who is not None
            and salted is not None
            and bool(derived)
            and hmac.compare_digest(stored.encode(), f"{salted}${derived}".encode())
        )
        if not right:
            tries = int(failures) + 1
            wait = hold(rules, tries)
            until = None if wait is None else to_db_time(now + wait)
            tx.rows(
                f"UPDATE signin_holds SET failures = {m}, locked_until = {m} "
                f"WHERE name_key = {m} AND place = {m}",
                (tries, until, key, where),
            )
            log("unknown" if who is None else "wrong")
            return _Outcome("wrong", None, None if wait is None else wait.total_seconds(), where)
        assert who is not None
        tx.rows(
            f"UPDATE signin_holds SET failures = 0, locked_until = NULL "
            f"WHERE name_key = {m} AND place = {m}",
            (key, where),
        )
        outcome = (
            "retired"
            if who.retired
            else "not-instructor"
            if instructor and not who.instructor
            else "ok"
        )
        log(event if outcome == "ok" else outcome)
        return _Outcome(outcome, who, None, where)


def hold(rules: Policy, failures: int) -> timedelta | None:
    """How long a name is held back after ``failures`` wrong tries in a row: a lock from
    ``lock_after`` on, a delay doubling from 2 s after ``slow_after`` (never longer than the
    lock)."""
    if failures >= rules.lock_after:
        return timedelta(minutes=rules.lock_minutes)
    if failures > rules.slow_after:
        return timedelta(
            seconds=min(2.0 ** min(failures - rules.slow_after, 30), rules.lock_minutes * 60.0)
        )
    return None


def _held(name: str, seconds: float, now: datetime, place: str) -> str:
    """One line: who is held back, how long, until when (UTC), and where."""
    whole = max(1, int(seconds + 0.999))
    where = " at this terminal" if place else ""
    if whole >= 60:
        until = (now + timedelta(seconds=whole)).astimezone(UTC)
        return (
            f"{name} is locked for {(whole + 59) // 60} min, until {until:%H:%M} UTC, after "
            f"wrong tries{where}"
        )
    return f"{name} may try again in {whole} s{where}"


def sign_out(store: HistoryStore, who: Person, now: datetime, *, idle: bool = False) -> None:
    record(store, who, who.name, "idle" if idle else "out", now)


def signins(store: HistoryStore, person_id: str | None = None) -> list[tuple[str, str, str]]:
    """Sign-in events in the order they were recorded: (name, event, at) - of one person
    when given.  (A server stamps a sign-in with its own clock, a sign-out with the
    terminal's.)"""
    m = store.placeholder
    where, params = ("", ()) if person_id is None else (f" WHERE person_id = {m}", (person_id,))
    rows = store.select(f"SELECT name, event, at FROM signins{where} ORDER BY id", params)
    return [(str(r[0]), str(r[1]), str(r[2])) for r in rows]


# -- the trainer's desk ----------------------------------------------------------------------


def utc_now() -> datetime:
    return datetime.now(UTC)


def terminal_name() -> str:
    """This machine's name: where an instructor's wrong tries hold them back on a file's
    history (a server tells its terminals apart by their database role)."""
    import socket

    return socket.gethostname()[:MAX_NAME] or "this terminal"


class Desk:
    """The sign-in desk of one trainer (a terminal or a browser tab): the functions above on
    one history, at the time ``now`` says.  What the trainer's screens call (trainer.tui);
    every failure is an EzbacError with a one-line message (PersonError, HistoryError)."""

    def __init__(
        self, store: HistoryStore, now: Callable[[], datetime] = utc_now, place: str = ""
    ) -> None:
        self.store = store
        self.now = now
        #: this terminal, where an instructor's wrong tries hold them back (sign_in)
        self.place = place or terminal_name()

    def policy(self) -> Policy:
        return policy(self.store)

    def sign_in(self, name: str, secret: str, *, instructor: bool = False) -> SignIn:
        event = "proctor" if instructor else "in"
        return sign_in(
            self.store,
            name,
            secret,
            self.now(),
            instructor=instructor,
            event=event,
            place=self.place,
        )

    def sign_out(self, who: Person, *, idle: bool = False) -> None:
        sign_out(self.store, who, self.now(), idle=idle)

    def roster(self) -> list[Person]:
        return roster(self.store)

    def add(self, name: str, role: str, secret: str) -> Person:
        return add(self.store, name, role, secret, self.now())

    def rename(self, name: str, new_name: str) -> Person:
        return rename(self.store, name, new_name, self.now())

    def reset(self, name: str, secret: str) -> Person:
        return reset(self.store, name, secret)

    def retire(self, name: str, *, back: bool = False) -> Person:
        return retire(self.store, name, back=back)
