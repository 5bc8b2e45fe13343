"""Reading ezbac's own JSON files (the spool, settings.json, checked.json, the drill-listing
cache) safely, in one place.

They are ezbac's own, but a disk, another program or a person can leave anything in them, and
each is read at the trainer's start: a failure there must be one line, never a crash that keeps
the trainer from starting.  Python's ``json`` recurses once per level of nesting (a file of
100,000 ``[`` raised RecursionError, which is no ValueError), and it reads ``NaN``,
``Infinity`` and ``1e999`` as floats that no history column should hold (a NaN answer time was
refused by the database and blocked every answer behind it; ``1e999`` was stored and made
``report --format json`` print ``Infinity``, which is not JSON).  ``loads`` refuses all of
these with a ``BadJSONError`` (a ValueError) that says what and where, before parsing deeply.
"""

from __future__ import annotations

import json
import math
import re

from trainer.errors import BadInputError

#: Deeper than any of ezbac's files (the spool's records are two levels deep).
MAX_DEPTH = 16
#: Longer than any of ezbac's files; a larger one is not one of them.
MAX_BYTES = 4 * 1024 * 1024


class BadJSONError(BadInputError):
    """Not a JSON document ezbac can have written; the message says why (and, for JSON
    syntax, the line and column)."""


#: A JSON string (escapes included, or unterminated up to the end): what the quick nesting
#: check leaves out.  Linear: the two alternatives never start on the same character.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def _depth_problem(text: str) -> str | None:
    """Nesting deeper than MAX_DEPTH (a bounded, flat check: no recursion).  The brackets
    outside strings are counted by the regular-expression engine, which keeps the launch
    (three of these files are read before the first screen) from paying a Python loop per
    character; only a document found too deep is scanned again to say where."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return _where_too_deep(text)
    return None


def _where_too_deep(text: str) -> str:
    """Where ``text`` first nests deeper than MAX_DEPTH: a scan a character at a time."""
    depth, in_string, escaped = 0, False, False
    line, column = 1, 0
    for ch in text:
        column += 1
        if ch == "\n":
            line, column = line + 1, 0
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return f"line {line} column {column}: nested deeper than {MAX_DEPTH} levels"
        elif ch in "]}":
            depth -= 1
    return f"nested deeper than {MAX_DEPTH} levels"


def _constant(name: str) -> float:
    raise BadJSONError(f"{name} is not a number ezbac writes")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSONError(f"{text[:20]} is too large a number")
    return value


def loads(data: str | bytes) -> object:
    """The document in ``data``; BadJSONError for one too large, too deep, not JSON, or
    holding NaN, Infinity or a number too large to be finite."""
    if len(data) > MAX_BYTES:
        raise BadJSONError(f"larger than {MAX_BYTES // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise BadJSONError(f"not UTF-8 text (byte {exc.start + 1})") from None
    problem = _depth_problem(text)
    if problem is not None:
        raise BadJSONError(problem)
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_finite)
    except BadJSONError:
        raise
    except json.JSONDecodeError as exc:
        raise BadJSONError(f"line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of over 4,300 digits
        raise BadJSONError(" ".join(str(exc).split())[:80] or "not JSON") from None
