"""A skill key as a value: one parse, one format (the keys themselves: trainer.skills).

A key is stored in the history as text, ``family:part:part`` (``natural``, ``player:5``,
``payout:banker:push``, ``table:pay:dragon7``); ``SkillKey.parse`` reads it and
``str(key)`` writes it back, the same text.  A curriculum names keys by shell-style
patterns (``banker:*``, ``payout:*:win``): a ``SkillPattern``.

Standard library only, below every other layer: the history, the session and the file
formats (a curriculum's patterns) all read keys.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import translate

from trainer.errors import BadInputError

#: Between a key's family and its parts.
SEP = ":"

#: The skill families of the coup, in the order results and reports list them.
FAMILIES: tuple[str, ...] = ("natural", "player", "banker", "outcome", "payout", "table")
#: Families of the dealer's procedure, listed after the coup's: the report adds
#: their columns at the end.  The review deals coups, so it drills only FAMILIES.
PROCEDURE_FAMILIES: tuple[str, ...] = ("shoe", "call", "spot", "violation", "irregularity")
ALL_FAMILIES: tuple[str, ...] = FAMILIES + PROCEDURE_FAMILIES


class SkillKeyError(BadInputError):
    """A text that is not a skill key, named with the reason."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r} is not a skill key: {reason}")


@dataclass(frozen=True, slots=True)
class SkillKey:
    """A skill key: its ``family`` (``payout``) and its ``parts`` (``("banker", "push")``).
    Every piece is non-empty and holds no ``:``, so ``SkillKey.parse(str(k)) == k``."""

    family: str
    parts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for piece in self.pieces:
            if not piece or SEP in piece:
                raise SkillKeyError(
                    SEP.join(self.pieces), "an empty part" if not piece else f"{piece!r} holds ':'"
                )

    @classmethod
    def parse(cls, text: str) -> SkillKey:
        """The key ``text`` spells; SkillKeyError (a ValueError) for an empty text or an
        empty part (``payout::win``, ``table:``): a history row holds any text."""
        if not text:
            raise SkillKeyError(text, "it is empty")
        family, *parts = text.split(SEP)
        if "" in (family, *parts):
            raise SkillKeyError(text, "an empty part")
        return cls(family, tuple(parts))

    @classmethod
    def of(cls, family: str, *parts: str | int) -> SkillKey:
        """A key built from its pieces (an enum's ``.value``, a total as a number), e.g.
        ``SkillKey.of("table", "pay", bet.value)``, ``SkillKey.of("player", 5)``."""
        return cls(family, tuple(str(p) for p in parts))

    @property
    def pieces(self) -> tuple[str, ...]:
        """The family then the parts: what a ``match`` statement takes apart."""
        return (self.family, *self.parts)

    def with_parts(self, *parts: str) -> SkillKey:
        """This key with ``parts`` added at its end: ``spot:ERROR`` -> ``spot:ERROR:fix``."""
        return SkillKey(self.family, (*self.parts, *parts))

    def __str__(self) -> str:
        return SEP.join(self.pieces)

    def matches(self, pattern: SkillPattern) -> bool:
        return pattern.matches(self)


def family_of(text: str) -> str:
    """The family of a stored key's text, whatever its shape (a malformed key from a
    history row included): the text before its first ``:``, or all of it."""
    return text.partition(SEP)[0]


def last_part(text: str) -> str:
    """The last piece of a stored key's text, whatever its shape (the family if it has no
    parts)."""
    return text.rpartition(SEP)[2]


_MATCHERS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _matcher(patterns: tuple[str, ...]) -> re.Pattern[str]:
    matcher = _MATCHERS.get(patterns)
    if matcher is None:
        matcher = _MATCHERS[patterns] = re.compile("|".join(translate(p) for p in patterns))
    return matcher


@dataclass(frozen=True, slots=True)
class SkillPattern:
    """A shell-style pattern over keys (fnmatch, case-sensitive): ``*`` any run of
    characters (``:`` included: ``payout:*`` is every payout key), ``?`` one character."""

    text: str

    @property
    def family(self) -> str:
        """The family the pattern names (the text before its first ``:``)."""
        return family_of(self.text)

    def matches(self, key: SkillKey | str) -> bool:
        return matches_any((self.text,), key)


def is_pattern(text: str) -> bool:
    """Whether ``text`` is a pattern (holds ``*``, ``?`` or ``[``) rather than one key."""
    return any(c in text for c in "*?[")


def matches_any(patterns: tuple[str, ...], key: SkillKey | str) -> bool:
    """Whether ``key`` matches any of the shell-style ``patterns``, by one regular
    expression per set of patterns, compiled once: a class view matches every trainee's
    keys against every goal."""
    return _matcher(patterns).match(str(key)) is not None


def prefix(family: str, *parts: str | int) -> str:
    """The text every key under ``family`` (and ``parts``) begins with, its ``:`` included:
    ``prefix("table", "pay") == "table:pay:"``.  The one way to test a stored key's text
    by its start, in Python (``startswith``) or SQL (``LIKE`` with ``%`` appended, the
    pieces holding no ``%`` or ``_`` of their own)."""
    return str(SkillKey.of(family, *parts)) + SEP
