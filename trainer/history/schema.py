"""The history schema's identity and versions, the same on both backends: what makes a
database ours (APPLICATION_ID), which version this ezbac writes, the tables and columns each
version must have, and the one check of a version found (``version_problem``).

Each backend keeps its steps in its own SQL (SQLite: trainer.history.migrations; PostgreSQL:
trainer.history.migrations_pg), one step per version, producing the same tables and columns.
"""

from __future__ import annotations

from collections.abc import Callable

#: 'ezbc' as a big-endian 32-bit integer: PRAGMA application_id in an SQLite file, the
#: marker table's application_id on a server, so a foreign database is told apart from ours.
APPLICATION_ID = 0x657A6263

#: The version this ezbac writes: both backends have this many steps.
SCHEMA_VERSION = 11

#: Tables and columns each version must have: a database claiming a version without them is
#: damaged, not ours to write to.
REQUIRED_COLUMNS: dict[int, dict[str, frozenset[str]]] = {
    1: {
        "sessions": frozenset(
            (
                "session_id",
                "trainee",
                "drill_id",
                "drill_title",
                "mode",
                "started_at",
                "finished_at",
                "questions",
                "correct",
                "passed",
            )
        ),
        "answers": frozenset(
            (
                "id",
                "session_id",
                "trainee",
                "drill_id",
                "step",
                "skill",
                "cards",
                "answer",
                "expected",
                "correct",
                "seconds",
                "answered_at",
            )
        ),
    },
}
REQUIRED_COLUMNS[2] = {
    "sessions": REQUIRED_COLUMNS[1]["sessions"] | {"abandoned", "reference_opened"},
    "answers": REQUIRED_COLUMNS[1]["answers"] | {"bet", "wager", "family"},
}
REQUIRED_COLUMNS[3] = {
    "sessions": REQUIRED_COLUMNS[2]["sessions"] | {"retry_of"},
    "answers": REQUIRED_COLUMNS[2]["answers"],
}
REQUIRED_COLUMNS[4] = REQUIRED_COLUMNS[3]
REQUIRED_COLUMNS[5] = {
    "sessions": REQUIRED_COLUMNS[4]["sessions"],
    "answers": REQUIRED_COLUMNS[4]["answers"] | {"answer_key"},
}
REQUIRED_COLUMNS[6] = {
    **REQUIRED_COLUMNS[5],
    "answer_totals": frozenset(("trainee", "skill", "answered", "correct", "seconds", "last_at")),
}
REQUIRED_COLUMNS[7] = {
    **REQUIRED_COLUMNS[6],
    "sessions": REQUIRED_COLUMNS[6]["sessions"] | {"person_id", "proctor_id"},
    "people": frozenset(
        (
            "person_id",
            "name",
            "name_key",
            "role",
            "secret",
            "retired",
            "created_at",
            "failures",
            "locked_until",
        )
    ),
    "signins": frozenset(("id", "person_id", "name", "event", "at")),
    "settings": frozenset(("name", "value")),
    "trainee_links": frozenset(("trainee", "person_id", "linked_at")),
}

REQUIRED_COLUMNS[8] = {
    **REQUIRED_COLUMNS[7],
    "signin_holds": frozenset(("name_key", "place", "failures", "locked_until")),
    "signin_pepper": frozenset(("pepper",)),
}

REQUIRED_COLUMNS[9] = {
    **REQUIRED_COLUMNS[8],
    "sessions": REQUIRED_COLUMNS[8]["sessions"] | {"retake_of"},
}

REQUIRED_COLUMNS[10] = {
    **REQUIRED_COLUMNS[9],
    "people": REQUIRED_COLUMNS[9]["people"] | {"language"},
}

REQUIRED_COLUMNS[11] = {
    **REQUIRED_COLUMNS[10],
    "answers": REQUIRED_COLUMNS[10]["answers"] | {"seats"},
}

#: The version from which a roster name's key is NFKC and case-folded (it was case-folded
#: only): the step's statements are followed by ``name_keys_again``, run by each backend.
NAME_KEYS_VERSION = 8


def name_keys_again(rows: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """The keys to store again, ``(new key, person_id)``, for the roster's ``(person_id,
    name, key)`` rows: each name's key as trainer.history.people reads it now.  A key
    another person holds already (two names that were told apart and are one now) is left
    as it was: an instructor renames one of them."""
    from trainer.history.people import name_key

    taken = {key for _, _, key in rows}
    changes = []
    for person_id, name, key in sorted(rows):
        new = name_key(name)
        if new != key and new not in taken:
            taken.add(new)
            changes.append((new, person_id))
    return changes


def newer(version: int) -> str:
    """Why a history written by a newer ezbac is refused."""
    return (
        f"written by a newer ezbac: schema version {version}, this version knows up to "
        f"{SCHEMA_VERSION}; upgrade ezbac"
    )


def version_problem(version: int, columns: Callable[[str], set[str]]) -> str | None:
    """Why a history claiming ``version`` (1 or more) may not be used, or None; ``columns``
    gives a table's column names as the backend finds them."""
    if version > SCHEMA_VERSION:
        return newer(version)
    required = REQUIRED_COLUMNS.get(version)
    if required is None:
        return f"damaged: unknown schema version {version}"
    for table, wanted in required.items():
        have = columns(table)
        if not wanted <= have:
            return f"damaged: table {table} lacks {', '.join(sorted(wanted - have))}"
    return None
