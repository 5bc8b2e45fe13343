"""The drill file format, declared once (see ``trainer.fileformat.declare``).

Every field's name, kind (and so its reader), default, doc and whether a drill list shows
it is here.  From this one table come: the loader's keys, required fields and readers
(``trainer.drills.loader``), the model's defaults (``trainer.drills.model``), the fields the
cheap listing reads (``trainer.drills.listing``) and the JSON Schema shipped for editors
(``trainer.drills.schema``: ``drill.schema.json``, ``ezbac drills schema``).

Semantic checks (cards, amounts, the engine's answers, satisfiable filters) live in the
loader's readers; this module only declares.  It imports neither PyYAML nor the engine,
so a warm launch can read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from trainer.fileformat.declare import (
    AnyOf,
    Field,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    ScalarReads,
    phrase,
    reads,
)

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA_ID = "https://ezbac.invalid/drill.schema.json"
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
LEVELS = ("beginner", "intermediate", "advanced")
MODES = ("practice", "exam")
ORDERS = ("shuffled", "as_written")
STEPS = ("player_draws", "banker_draws", "outcome", "payout", "commission", "fee")
WHOLE_COUP = "coup"
#: ``ask: table``: whole tables worked per coup (asked alone, with a ``table:`` section).
TABLE_ASK = "table"
CHIP_ENTRIES = ("typed", "chips", "either")
MAX_SEATS = 14  # the largest table a house may have
#: The dealer's procedure: asked instead of (call, spot) or besides (shoe) the
#: coup's steps.  shoe: one continuous shoe, burn and cut card included; call: the dealer's
#: call at each step; spot: a coup replayed as a dealer dealt it, error or not.
SHOE_KIND, CALL_KIND, SPOT_KIND = "shoe", "call", "spot"
#: Protecting the game: violations alone: moments at a dealt table (the table
#: section's layouts), some with a player violation to catch and answer as the house says;
#: irregularities alone: what goes wrong in the deal, and the remedy taught at the house.
VIOLATIONS_KIND, IRREGULARITIES_KIND = "violations", "irregularities"
KINDS = (SHOE_KIND, CALL_KIND, SPOT_KIND, VIOLATIONS_KIND, IRREGULARITIES_KIND)
SPOT_LEVELS = ("coup", "table")
#: A "last coups" shoe drill starts this many coups before the cut card comes out.
MIN_LAST_COUPS, MAX_LAST_COUPS = 1, 40
OUTCOMES = ("player", "banker", "tie", "dragon7", "panda8")
BETS = ("player", "banker", "tie", "dragon7", "panda8")
RESULTS = ("win", "push", "lose")
DECKS = (8, 6)
MAX_QUESTIONS = 1000
MAX_SECONDS = 3600
MAX_WEIGHT = 1000
MAX_FILE_BYTES = 1024 * 1024
MAX_BETS = len(BETS)
#: Filters per drill: each is checked against every coup class when the file loads.
MAX_FILTERS = 100
#: Coups per run when a drill with generate filters does not say.
DEFAULT_QUESTIONS = 10


class DrillReads(ScalarReads, Protocol):
    """The drill file's own readers, named below (``trainer.drills.loader`` implements them;
    their values are its types, so ``object`` here)."""

    def drill_id(self, node: Node, path: str) -> object: ...
    def mode(self, node: Node, path: str) -> object: ...
    def order(self, node: Node, path: str) -> object: ...
    def decks(self, node: Node, path: str) -> object: ...
    def outcome(self, node: Node, path: str) -> object: ...
    def outcomes(self, node: Node, path: str) -> object: ...
    def result(self, node: Node, path: str) -> object: ...
    def cards(self, node: Node, path: str) -> object: ...
    def bet_count(self, node: Node, path: str) -> object: ...
    def bet_spec(self, node: Node, path: str) -> object: ...
    def count_range(self, node: Node, path: str, most: int, what: str) -> object: ...
    def tags(self, node: Node, path: str) -> object: ...
    def ask(self, node: Node, path: str) -> object: ...
    def rate(self, node: Node, path: str) -> object: ...
    def house(self, node: Node, path: str) -> object: ...
    def mistakes_file(self, node: Node, path: str) -> object: ...
    def error_ids(self, node: Node, path: str) -> object: ...
    def spot_settings(self, node: Node, path: str) -> object: ...
    def table_spec(self, node: Node, path: str) -> object: ...
    def coups(self, node: Node, path: str) -> object: ...
    def filters(self, node: Node, path: str) -> object: ...


_AMOUNT_TEXT = r"^\$?\s*([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]{1,2})?$"
_RANGE = r"^\s*[0-9]+\s*-\s*[0-9]+\s*$"
_CARD = r"^\s*(10|[2-9AaTtJjQqKk])[shdcSHDC♠♥♦♣]\s*$"


def _amount_schema() -> dict[str, Any]:
    return {
        "oneOf": [
            {"type": "number", "exclusiveMinimum": 0},
            {"type": "string", "pattern": _AMOUNT_TEXT},
        ]
    }


def _values(lo: int, hi: int, what: str) -> Scalar:
    """5, "3-6" or a list of those."""
    one = [{"type": "integer", "minimum": lo, "maximum": hi}, {"type": "string", "pattern": _RANGE}]
    schema = {"oneOf": [*one, {"type": "array", "minItems": 1, "items": {"oneOf": one}}]}
    return Scalar(reads(ScalarReads.values, lo, hi, what), schema)


def _choice(choices: tuple[str, ...] | tuple[int, ...]) -> dict[str, Any]:
    return {"enum": list(choices)}


TEXT = Scalar(reads(ScalarReads.text), {"type": "string", "minLength": 1})
LINE = Scalar(
    reads(ScalarReads.line), {"type": "string", "minLength": 1}
)  # one line: surrounding space goes
PARAGRAPH = Scalar(
    reads(ScalarReads.paragraph), {"type": "string", "minLength": 1}
)  # whitespace collapses
BOOL = Scalar(reads(ScalarReads.boolean), {"type": "boolean"})


def short_line(most: int) -> Scalar:
    """A ``LINE`` of at most ``most`` characters (a title a sheet or a list shows whole)."""
    return Scalar(
        reads(ScalarReads.short_line, most), {"type": "string", "minLength": 1, "maxLength": most}
    )


def short_paragraph(most: int) -> Scalar:
    """A ``PARAGRAPH`` of at most ``most`` characters once its whitespace is collapsed."""
    return Scalar(
        reads(ScalarReads.short_paragraph, most),
        {"type": "string", "minLength": 1, "maxLength": most},
    )


AMOUNT = Scalar(reads(ScalarReads.amount), _amount_schema())
ODDS = Scalar(reads(ScalarReads.odds), _amount_schema())
TOTAL = _values(0, 9, "total")
CARD_VALUE = _values(0, 9, "card value")
OUTCOME_SET = Scalar(
    reads(DrillReads.outcomes),
    {
        "oneOf": [
            _choice(OUTCOMES),
            {"type": "array", "items": _choice(OUTCOMES), "minItems": 1},
        ]
    },
)


class _Range(Obj):
    min = Field(AMOUNT, "Smallest wager.", required=True)
    max = Field(AMOUNT, "Largest wager.", required=True)
    step = Field(AMOUNT, "Chip unit: wagers are min, min+step, ... up to max.", default=1)


RANGE = _Range(doc="A wager drawn uniformly from min, min+step, ..., max.")


class _Filter(Obj):
    weight = Field(
        Scalar(
            reads(ScalarReads.integer, 1, MAX_WEIGHT, phrase("a weight")),
            {"type": "integer", "minimum": 1, "maximum": MAX_WEIGHT},
        ),
        "Share of generated coups from this filter.",
        default=1,
    )
    player_total = Field(TOTAL, 'Player\'s two-card total(s): 5, "0-5" or [3, 6-7].')
    banker_total = Field(TOTAL, "Banker's two-card total(s).")
    natural = Field(BOOL, "true: a natural 8 or 9 on either hand; false: no natural.")
    player_draws = Field(BOOL, "Whether the Player draws a third card.")
    banker_draws = Field(BOOL, "Whether the Banker draws a third card.")
    player_third = Field(CARD_VALUE, "Point value(s) of the Player's third card (0 = 10/J/Q/K).")
    banker_third = Field(CARD_VALUE, "Point value(s) of the Banker's third card.")
    player_final = Field(TOTAL, "Player's final total(s).")
    banker_final = Field(TOTAL, "Banker's final total(s).")
    outcome = Field(OUTCOME_SET, "Outcome(s): player, banker, tie, dragon7, panda8.")
    cards = Field(_values(4, 6, "number of cards"), "Number of cards dealt: 4, 5 or 6.")


FILTER = _Filter(
    doc="Generated coups: every coup of a freshly shuffled shoe that matches all the fields.",
)


class _Expect(Obj):
    natural = Field(BOOL, "Whether the coup is a natural.")
    player_draws = Field(BOOL, "Whether the Player draws.")
    banker_draws = Field(BOOL, "Whether the Banker draws.")
    outcome = Field(Scalar(reads(DrillReads.outcome), _choice(OUTCOMES)), "The outcome.")
    payouts = Field(
        MapOf(BETS, Scalar(reads(DrillReads.result), _choice(RESULTS))),
        "What happens to each bet: win, push or lose.",
    )


EXPECT = _Expect(
    doc="The answers the instructor expects; checked against the engine when the file loads.",
)


class _Coup(Obj):
    cards = Field(
        Scalar(
            reads(DrillReads.cards),
            {
                "oneOf": [
                    {"type": "string"},
                    {"type": "array", "items": {"type": "string", "pattern": _CARD}},
                ]
            },
        ),
        'The cards in shoe order (P B P B, then third cards): "4h 3s 2d Kc 8h".',
        required=True,
    )
    note = Field(PARAGRAPH, "The lesson, shown with the answer.")
    expect = Field(EXPECT, EXPECT.doc)
    bets = Field(MapOf(BETS, AMOUNT), "Fixed wagers on the layout for this coup.")


COUP = _Coup(doc="A coup written out card by card.")


class _Shoe(Obj):
    decks = Field(
        Scalar(reads(DrillReads.decks), _choice(DECKS)), "Decks in the shoe: 8 or 6.", default=8
    )
    paytable = Field(
        MapOf(BETS, ODDS), "What each bet pays to 1: tie 8, dragon7 40, panda8 25.", default={}
    )
    cut = Field(
        Scalar(
            reads(ScalarReads.integer, 12, 208, phrase("cards behind the cut card")),
            {"type": "integer", "minimum": 12, "maximum": 208},
        ),
        "ask: shoe: cards behind the cut card (12 to half the shoe; default: the "
        "house's, 14 unless its file says).",
        default=None,
    )
    last_coups = Field(
        Scalar(
            reads(ScalarReads.integer, MIN_LAST_COUPS, MAX_LAST_COUPS, phrase("last coups")),
            {"type": "integer", "minimum": MIN_LAST_COUPS, "maximum": MAX_LAST_COUPS},
        ),
        "ask: shoe: start N coups before the cut card comes out (the coup it comes "
        "out in counted) and deal to the end; no burn question. Default: the whole "
        "shoe.",
        default=None,
    )


SHOE = _Shoe(
    doc="The shoe and house rules (and, for ask: shoe, the cut card and where the run starts).",
)

_RATE = r"^\s*(100|[1-9]?[0-9])(\.[0-9]+)?\s*%\s*$"
#: A share of questions, replays or moments: a number from 0 to 1 or a percentage string.
_SHARE = Scalar(
    reads(DrillReads.rate),
    {
        "oneOf": [
            {"type": "number", "minimum": 0, "maximum": 1},
            {"type": "string", "pattern": _RATE},
        ]
    },
)


class _Spot(Obj):
    level = Field(
        Scalar(reads(ScalarReads.choice, SPOT_LEVELS, phrase("a level")), _choice(SPOT_LEVELS)),
        "coup: one coup's steps; table: the coup and a table's settlement (for supervisors).",
        default="coup",
    )
    error_rate = Field(
        _SHARE,
        'Share of replays with one error: 0.5 or "50%" (the rest are dealt right, so '
        'always saying "error" does not pay).',
        default=0.5,
    )
    irregularities = Field(
        _SHARE,
        "Share of replays with an irregularity in the deal and the dealer's remedy at its "
        'moment: 0.3 or "30%"; the replay\'s error, when it has one, is then the remedy '
        "(default 0: none).",
        default=0.0,
    )
    violations = Field(
        _SHARE,
        "Share of the replays without an irregularity that have a player's violation the "
        "house enforces (past posting, a pinched bet, cash on the layout...) and the "
        "dealer's response: 0.2 or \"20%\"; the replay's error, when it has one, is then "
        "the response (default 0: none).",
        default=0.0,
    )
    errors = Field(
        Scalar(
            reads(DrillReads.error_ids),
            {"type": "array", "items": {"type": "string"}, "minItems": 1, "uniqueItems": True},
        ),
        "Catalogue ids of the errors to draw from (docs/drills.md lists them, e.g. "
        "banker-paid-on-dragon7, payout-short; and those of the mistakes file); "
        "default: every error of the level.",
        default=(),
    )
    mistakes = Field(
        Scalar(reads(DrillReads.mistakes_file), {"type": "string", "minLength": 1}),
        "An instructor's mistakes file (a relative path is taken from the drill's "
        "folder): its mistakes join the catalogue for this drill.",
        default=None,
    )


SPOT = _Spot(doc="ask: spot: how the replays are dealt.", reader=reads(DrillReads.spot_settings))


class _Violations(Obj):
    rate = Field(
        _SHARE,
        'Share of moments with a violation the house enforces: 0.4 or "40%" (the rest are '
        "legal, and flagging a legal bet is wrong).",
        default=0.5,
    )


VIOLATIONS = _Violations(
    doc="ask: violations: how often a moment at the table holds a violation; with ask: "
    "table, each table is watched at no more bets, during the deal and after the result "
    "before it is worked, and this is how often a table holds one."
)


def _count_range(what: str, hi: int) -> Scalar:
    """3 or "3-7": a count, or a range of counts, of ``what`` (1 to ``hi``)."""
    return Scalar(
        reads(DrillReads.count_range, hi, what),
        {
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": hi},
                {"type": "string", "pattern": _RANGE},
            ]
        },
    )


class _Table(Obj):
    seats = Field(
        _count_range(phrase("seats"), MAX_SEATS),
        'How many seats are occupied at each table: 5, or a range like "3-7" '
        "(within the house's seats); which seats is random.",
        required=True,
    )
    bets_per_seat = Field(
        _count_range(phrase("bets"), MAX_BETS),
        "How many bets each occupied seat has: 1, or a range like "
        '"1-3" (at most the number of bets listed).',
        default=1,
    )
    bets = Field(
        MapOf(BETS, AnyOf((AMOUNT, RANGE), reads(DrillReads.bet_spec))),
        "The bets that may appear and their wagers: an amount (banker: 25) or a range "
        "whose step is the chip unit (dragon7: {min: 5, max: 25, step: 5}: wagers are "
        "multiples of step). Within the house's limits; a side bet comes with a base bet "
        "where the house requires one.",
        required=True,
    )
    time_limit = Field(
        Scalar(
            reads(ScalarReads.seconds, MAX_SECONDS),
            {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
        ),
        "Seconds allowed per table: enforced in an exam (a table not finished in time is "
        "graded as timed out), shown in practice.",
        default=None,
    )
    target_seconds = Field(
        Scalar(
            reads(ScalarReads.seconds, MAX_SECONDS),
            {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
        ),
        "The proficiency target: seconds a table should take (a 7-seat table in 60); the "
        "results show each table's time against it.",
        default=None,
    )
    chips = Field(
        Scalar(
            reads(ScalarReads.choice, CHIP_ENTRIES, phrase("a way to pay")), _choice(CHIP_ENTRIES)
        ),
        "How payouts are given: typed (the amount), chips (built from the "
        "house's chips, its convention graded: fewest chips), or either.",
        default="either",
    )


TABLE = _Table(
    doc="A full table worked after each coup (ask: table, or ask: [shoe, table] for a shoe "
    "at the table): take the losing bets, pay the "
    "winners in the house's order, collect the commission where the house takes one.",
    reader=reads(DrillReads.table_spec),
)


class _Drill(Obj):
    id = Field(
        Scalar(reads(DrillReads.drill_id), {"type": "string", "pattern": ID_PATTERN}),
        "Short name used on the command line: lowercase, digits, - and _.",
        required=True,
        listed=True,
    )
    title = Field(LINE, "Title shown in the drill list.", required=True, listed=True)
    description = Field(
        PARAGRAPH, "One paragraph: what the drill trains.", required=True, listed=True
    )
    level = Field(
        Scalar(reads(ScalarReads.choice, LEVELS, phrase("a level")), _choice(LEVELS)),
        "beginner, intermediate or advanced.",
        default=None,
        listed=True,
    )
    tags = Field(
        Scalar(
            reads(DrillReads.tags),
            {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        ),
        "Free-form tags.",
        default=(),
    )
    mode = Field(
        Scalar(reads(DrillReads.mode), _choice(MODES)),
        "practice (feedback after each answer) or exam (at the end).",
        default="practice",
        listed=True,
    )
    ask = Field(
        Scalar(
            reads(DrillReads.ask),
            {
                "oneOf": [
                    _choice((*STEPS, WHOLE_COUP, TABLE_ASK, *KINDS)),
                    {
                        "type": "array",
                        "items": _choice((*STEPS, WHOLE_COUP, TABLE_ASK, *KINDS)),
                        "minItems": 1,
                        "uniqueItems": True,
                    },
                ]
            },
        ),
        "What is asked about each coup: player_draws, banker_draws, outcome, payout, "
        "commission (owed on each winning bet that pays one; a house with a commission), "
        "fee (the collection fee on each wager; a house with a fee schedule) (a list), or "
        "coup for the whole coup step by step (player_draws to payout); table alone: "
        "a whole table worked per coup (with a table section); shoe with some of those: "
        "one continuous shoe, the burn and the cut card asked too ([shoe, table]: the "
        "tables' coups from one shoe); call alone: the "
        "dealer's call at each step; spot alone: spot the dealer's error in a replayed "
        "coup; violations alone (with a table section): catch a player's violation at "
        "the table and answer it as the house says; irregularities alone: the remedy "
        "for what goes wrong in the deal.",
        required=True,
        attr="steps",
    )
    questions = Field(
        Scalar(
            reads(ScalarReads.integer, 1, MAX_QUESTIONS, phrase("questions")),
            {"type": "integer", "minimum": 1, "maximum": MAX_QUESTIONS},
        ),
        "Coups (tables, with ask: table) per run (default: the number of fixed coups, or "
        f"{DEFAULT_QUESTIONS} with generate).",
        listed=True,
    )
    order = Field(
        Scalar(reads(DrillReads.order), _choice(ORDERS)),
        "shuffled or as_written (fixed coups first, in order).",
        default="shuffled",
    )
    pass_mark = Field(
        Scalar(
            reads(ScalarReads.percent),
            {
                "oneOf": [
                    {"type": "integer", "minimum": 0, "maximum": 100},
                    {"type": "string", "pattern": r"^\s*(100|[1-9]?[0-9])\s*%?\s*$"},
                ]
            },
        ),
        'Percent of questions to pass: 80 or "80%".',
        default=80,
    )
    time_limit = Field(
        Scalar(
            reads(ScalarReads.seconds, MAX_SECONDS),
            {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS},
        ),
        "Seconds allowed per question (optional).",
        default=None,
    )
    house = Field(
        Scalar(reads(DrillReads.house), {"type": "string", "minLength": 1}),
        "The house whose rules the drill is dealt under: ez (default), ez-tie9, "
        "commission, cardroom, one of your own, or a house file (a relative path is "
        "taken from the drill's folder). The drill's bets must keep to its limits.",
        default=None,
    )
    shoe = Field(SHOE, SHOE.doc, attr="")
    spot = Field(SPOT, SPOT.doc, attr="")
    violations = Field(VIOLATIONS, VIOLATIONS.doc, attr="")
    bets = Field(
        MapOf(BETS, AnyOf((AMOUNT, RANGE), reads(DrillReads.bet_spec))),
        "Wagers for payout questions: an amount (banker: 25) or a range "
        "(dragon7: {min: 5, max: 100, step: 5}).",
        default=(),
    )
    bets_per_coup = Field(
        Scalar(
            reads(DrillReads.bet_count),
            {
                "oneOf": [
                    {"type": "integer", "minimum": 1, "maximum": MAX_BETS},
                    {"type": "string", "pattern": _RANGE},
                ]
            },
        ),
        'How many of those bets each coup\'s layout gets: 2, or a range like "1-2" '
        "(a random choice of bets per coup; default: all of them).",
        default=None,
    )
    table = Field(TABLE, TABLE.doc, default=None)
    coups = Field(
        ListOf(COUP, reader=reads(DrillReads.coups)), "Fixed coups.", default=(), attr="fixed"
    )
    generate = Field(
        ListOf(FILTER, MAX_FILTERS, reader=reads(DrillReads.filters)),
        f"Filters for generated coups (at most {MAX_FILTERS}); weights mix them.",
        default=(),
        attr="filters",
    )


DRILL = _Drill(doc="An ezbac drill: what is asked, about which coups, how it is scored.")
