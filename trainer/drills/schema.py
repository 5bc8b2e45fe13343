"""The drill file format, written once: the loader checks keys against it and the JSON
Schema shipped for editors (``drill.schema.json``, ``ezbac drills schema``) is generated
from it, so the two cannot drift apart.

Semantic checks (cards, amounts, the engine's answers, satisfiable filters) live in the
loader; the schema only describes shapes, names and documentation for completion.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

SCHEMA_ID = "https://ezbac.invalid/drill.schema.json"
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
LEVELS = ("beginner", "intermediate", "advanced")
MODES = ("practice", "exam")
ORDERS = ("shuffled", "as_written")
STEPS = ("player_draws", "banker_draws", "outcome", "payout")
WHOLE_COUP = "coup"
OUTCOMES = ("player", "banker", "tie", "dragon7", "panda8")
BETS = ("player", "banker", "tie", "dragon7", "panda8")
RESULTS = ("win", "push", "lose")
DECKS = (8, 6)
MAX_QUESTIONS = 1000
MAX_SECONDS = 3600
MAX_WEIGHT = 1000
#: Filters per drill: each is checked against every coup class when the file loads.
MAX_FILTERS = 100
MAX_FILE_BYTES = 1024 * 1024
MAX_BETS = len(BETS)
#: Coups per run when a drill with generate filters does not say.
DEFAULT_QUESTIONS = 10

# The safety rules of reading a drill file, shared by the loader and the listing scan so a
# file the listing shows is never one the loader refuses for its shape (or the reverse).
MAX_DEPTH = 20
YAML_TAG = "tag:yaml.org,2002:"
#: The tags a drill file may carry: the core schema's own and "!" (non-specific, no effect).
CORE_TAGS = frozenset(
    YAML_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map")
) | {"!"}

_AMOUNT_TEXT = r"^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$"
_RANGE = r"^\s*\d+\s*-\s*\d+\s*$"
_CARD = r"^\s*(10|[2-9AaTtJjQqKk])[shdcSHDC♠♥♦♣]\s*$"


@dataclass(frozen=True)
class Obj:
    """A mapping with known keys."""

    fields: dict[str, Field]
    doc: str = ""

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(name for name, f in self.fields.items() if f.required)


@dataclass(frozen=True)
class ListOf:
    item: Obj
    max_items: int | None = None


@dataclass(frozen=True)
class BetMap:
    """A mapping from bet names to values of ``kind``."""

    kind: str


@dataclass(frozen=True)
class Field:
    kind: str | Obj | ListOf | BetMap
    doc: str
    required: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class TextProblem(ValueError):
    """Why some bytes are not a drill file's text; ``line`` is 0 when no line is to blame."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def drill_text(data: bytes) -> str:
    """The text of a drill file's bytes, or TextProblem: size, binary and UTF-8 checks."""
    if len(data) > MAX_FILE_BYTES:
        raise TextProblem(f"file is too large (more than {MAX_FILE_BYTES:,} bytes)")
    if b"\x00" in data:
        raise TextProblem("is a binary file, not a YAML drill file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TextProblem(
            f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save the file as UTF-8",
            data[: exc.start].count(b"\n") + 1,
        ) from None


def yaml_loader() -> Any:
    """PyYAML's libyaml loader when it was built with one (several times faster), else the
    pure-Python one; both compose the same nodes with the same marks (only the wording of
    syntax errors differs).  PyYAML is imported here, not at the top, so neither this module
    nor a warm listing needs it."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _amount(doc: str) -> dict[str, Any]:
    return {
        "description": doc,
        "oneOf": [
            {"type": "number", "exclusiveMinimum": 0},
            {"type": "string", "pattern": _AMOUNT_TEXT},
        ],
    }


def _values(lo: int, hi: int, doc: str) -> dict[str, Any]:
    one = [{"type": "integer", "minimum": lo, "maximum": hi}, {"type": "string", "pattern": _RANGE}]
    return {
        "description": doc,
        "oneOf": [*one, {"type": "array", "minItems": 1, "items": {"oneOf": one}}],
    }


RANGE = Obj(
    {
        "min": Field("amount", "Smallest wager.", required=True),
        "max": Field("amount", "Largest wager.", required=True),
        "step": Field("amount", "Chip unit: wagers are min, min+step, ... up to max (default 1)."),
    },
    "A wager drawn uniformly from min, min+step, ..., max.",
)

FILTER = Obj(
    {
        "weight": Field("weight", "Share of generated coups from this filter (default 1)."),
        "player_total": Field("total", "Player's two-card total(s): 5, \"0-5\" or [3, 6-7]."),
        "banker_total": Field("total", "Banker's two-card total(s)."),
        "natural": Field("bool", "true: a natural 8 or 9 on either hand; false: no natural."),
        "player_draws": Field("bool", "Whether the Player draws a third card."),
        "banker_draws": Field("bool", "Whether the Banker draws a third card."),
        "player_third": Field("total", "Point value(s) of the Player's third card (0 = 10/J/Q/K)."),
        "banker_third": Field("total", "Point value(s) of the Banker's third card."),
        "player_final": Field("total", "Player's final total(s)."),
        "banker_final": Field("total", "Banker's final total(s)."),
        "outcome": Field("outcomes", "Outcome(s): player, banker, tie, dragon7, panda8."),
        "cards": Field("cardcount", "Number of cards dealt: 4, 5 or 6."),
    },
    "Generated coups: every coup of a freshly shuffled shoe that matches all the fields.",
)

EXPECT = Obj(
    {
        "natural": Field("bool", "Whether the coup is a natural."),
        "player_draws": Field("bool", "Whether the Player draws."),
        "banker_draws": Field("bool", "Whether the Banker draws."),
        "outcome": Field("outcome", "The outcome."),
        "payouts": Field(BetMap("result"), "What happens to each bet: win, push or lose."),
    },
    "The answers the instructor expects; checked against the engine when the file loads.",
)

COUP = Obj(
    {
        "cards": Field(
            "cards", "The cards in shoe order (P B P B, then third cards): \"4h 3s 2d Kc 8h\".",
            required=True,
        ),
        "note": Field("text", "The lesson, shown with the answer."),
        "expect": Field(EXPECT, EXPECT.doc),
        "bets": Field(BetMap("amount"), "Fixed wagers on the layout for this coup."),
    },
    "A coup written out card by card.",
)

SHOE = Obj(
    {
        "decks": Field("decks", "Decks in the shoe: 8 (default) or 6."),
        "paytable": Field(BetMap("odds"), "What each bet pays to 1: tie 8, dragon7 40, panda8 25."),
    },
    "The shoe and house rules.",
)

DRILL = Obj(
    {
        "id": Field("id", "Short name used on the command line: lowercase, digits, - and _.",
                    required=True),
        "title": Field("text", "Title shown in the drill list.", required=True),
        "description": Field("text", "One paragraph: what the drill trains.", required=True),
        "level": Field("level", "beginner, intermediate or advanced."),
        "tags": Field("tags", "Free-form tags."),
        "mode": Field("mode", "practice (feedback after each answer) or exam (at the end)."),
        "ask": Field(
            "ask",
            "What is asked about each coup: player_draws, banker_draws, outcome, payout "
            "(a list), or coup for the whole coup step by step.",
            required=True,
        ),
        "questions": Field(
            "questions",
            "Coups per run (default: the number of fixed coups, or "
            f"{DEFAULT_QUESTIONS} with generate).",
        ),
        "order": Field("order", "shuffled (default) or as_written (fixed coups first, in order)."),
        "pass_mark": Field("percent", "Percent of questions to pass: 80 or \"80%\" (default 80)."),
        "time_limit": Field("seconds", "Seconds allowed per question (optional)."),
        "shoe": Field(SHOE, SHOE.doc),
        "bets": Field(
            BetMap("betspec"),
            "Wagers for payout questions: an amount (banker: 25) or a range "
            "(dragon7: {min: 5, max: 100, step: 5}).",
        ),
        "bets_per_coup": Field(
            "betcount",
            "How many of those bets each coup's layout gets: 2, or a range like \"1-2\" "
            "(a random choice of bets per coup; default: all of them).",
        ),
        "coups": Field(ListOf(COUP), "Fixed coups."),
        "generate": Field(
            ListOf(FILTER, MAX_FILTERS),
            f"Filters for generated coups (at most {MAX_FILTERS}); weights mix them.",
        ),
    },
    "An ezbac drill: what is asked, about which coups, how it is scored.",
)


def _scalar_schema(kind: str, doc: str) -> dict[str, Any]:
    steps = [*STEPS, WHOLE_COUP]
    simple: dict[str, dict[str, Any]] = {
        "id": {"type": "string", "pattern": ID_PATTERN},
        "text": {"type": "string", "minLength": 1},
        "level": {"enum": list(LEVELS)},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "mode": {"enum": list(MODES)},
        "ask": {
            "oneOf": [
                {"enum": steps},
                {"type": "array", "items": {"enum": steps}, "minItems": 1, "uniqueItems": True},
            ]
        },
        "questions": {"type": "integer", "minimum": 1, "maximum": MAX_QUESTIONS},
        "order": {"enum": list(ORDERS)},
        "percent": {
            "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": 100},
                {"type": "string", "pattern": r"^\s*(100|[1-9]?[0-9])\s*%?\s*$"},
            ]
        },
        "seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
        "decks": {"enum": list(DECKS)},
        "bool": {"type": "boolean"},
        "outcome": {"enum": list(OUTCOMES)},
        "outcomes": {
            "oneOf": [
                {"enum": list(OUTCOMES)},
                {"type": "array", "items": {"enum": list(OUTCOMES)}, "minItems": 1},
            ]
        },
        "result": {"enum": list(RESULTS)},
        "weight": {"type": "integer", "minimum": 1, "maximum": MAX_WEIGHT},
        "cards": {
            "oneOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string", "pattern": _CARD}},
            ]
        },
    }
    if kind in ("amount", "odds"):
        return _amount(doc)
    if kind == "total":
        return _values(0, 9, doc)
    if kind == "cardcount":
        return _values(4, 6, doc)
    if kind == "betcount":
        return {
            "description": doc,
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": MAX_BETS},
                {"type": "string", "pattern": _RANGE},
            ],
        }
    if kind == "betspec":
        return {"description": doc, "oneOf": [_amount("A fixed wager."), _object(RANGE, doc)]}
    return {"description": doc, **simple[kind]}


def _object(obj: Obj, doc: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "description": doc or obj.doc,
        "additionalProperties": False,
        "properties": {name: _field(f) for name, f in obj.fields.items()},
    }
    if obj.required:
        out["required"] = list(obj.required)
    return out


def _field(f: Field) -> dict[str, Any]:
    kind = f.kind
    if isinstance(kind, Obj):
        return _object(kind, f.doc)
    if isinstance(kind, ListOf):
        out = {"type": "array", "description": f.doc, "items": _object(kind.item, kind.item.doc)}
        if kind.max_items is not None:
            out["maxItems"] = kind.max_items
        return out
    if isinstance(kind, BetMap):
        value = _scalar_schema(kind.kind, f.doc)
        return {
            "type": "object",
            "description": f.doc,
            "additionalProperties": False,
            "properties": {bet: value for bet in BETS},
        }
    return _scalar_schema(kind, f.doc)


def json_schema() -> dict[str, Any]:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "ezbac drill",
        **_object(DRILL, DRILL.doc),
        "anyOf": [{"required": ["coups"]}, {"required": ["generate"]}],
    }
    return schema


def schema_text() -> str:
    """The schema as shipped in ``drill.schema.json`` (stable formatting, trailing newline)."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
