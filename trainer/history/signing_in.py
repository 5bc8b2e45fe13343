"""Signing in and out of the roster (``trainer.history.people``), and the desk a trainer
signs in at (``Desk``).

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
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from trainer.errors import EzbacError
from trainer.history.backend import HistoryStore
from trainer.history.people import (
    MAX_NAME,
    SCRYPT_LEN,
    SCRYPT_MAXMEM,
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    Person,
    PersonError,
    Policy,
    SignIn,
    add,
    check_name,
    check_secret,
    name_key,
    person_from_row,
    policy,
    rename,
    reset,
    retire,
    roster,
    set_language,
    shown_name,
)
from trainer.history.rows import from_db_time, to_db_time


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
                    who.name if who else shown_name(name)[1:-1],
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
        return SignIn(None, str(exc), "typed")
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
        return SignIn(None, f"{who.name} is retired and cannot sign in", "retired", who.name)
    if got.outcome == "not-instructor" and who is not None:
        return SignIn(None, f"{who.name} is not an instructor", "not-instructor", who.name)
    shown = shown_name(typed)[1:-1]
    if got.wait:
        whole = max(1, int(got.wait + 0.999))
        until = (now + timedelta(seconds=whole)).astimezone(UTC) if whole >= 60 else None
        held = _held(shown, got.wait, now, got.place)
        outcome = "held" if got.outcome == "held" else "wrong"
        said = held if outcome == "held" else f"{WRONG}; {held}"
        return SignIn(None, said, outcome, shown, whole, until, bool(got.place))
    return SignIn(None, WRONG, "wrong", shown)


def _checked_on_server(
    store: HistoryStore, key: str, typed: str, derived: str, instructor: bool, event: str
) -> _Outcome:
    m = store.placeholder
    ((outcome, pid, name, role, retired, created, wait, place),) = store.write(
        [
            (
                f"SELECT * FROM ezbac_sign_in({m}, {m}, {m}, {m}, {m})",
                (key, shown_name(typed)[1:-1], derived, instructor, event),
            )
        ]
    )[0]
    who = None if pid is None else person_from_row((pid, name, role, retired, created))
    if who is not None and outcome == "ok":
        who = replace(who, language=_language_on_server(store, who.person_id))
    return _Outcome(str(outcome), who, None if wait is None else float(wait), str(place or ""))


def _language_on_server(store: HistoryStore, person_id: str) -> str:
    """The language of the person just signed in ("" when the terminal's role may not read
    it: roles made before schema v10 and not granted it since)."""
    try:
        rows = store.select(
            f"SELECT language FROM people WHERE person_id = {store.placeholder}", (person_id,)
        )
    except EzbacError:
        return ""
    return "" if not rows or rows[0][0] is None else str(rows[0][0])


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
            f"SELECT person_id, name, role, retired, created_at, language, secret FROM people "
            f"WHERE name_key = {m}",
            (key,),
        )
        who = person_from_row(rows[0][:6]) if rows else None
        stored = str(rows[0][6]) if rows else ""
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
                    who.name if who else shown_name(typed)[1:-1],
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

    def set_language(self, name: str, code: str) -> Person:
        return set_language(self.store, name, code)
