"""The house file format, declared once with the same mechanism as drill files
(``trainer.fileformat.declare``): the loader's keys and readers, the defaults and the JSON
Schema (``ezbac houses schema``) all come from this table.

Cross-field rules (a commission only in the commission game, a fee schedule that reaches the
table maximum, a cap only on a bet the table offers, ...) are the loader's ``house`` reader's,
each reported where it applies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from trainer.drills.fields import (
    AMOUNT,
    BETS,
    BOOL,
    DECKS,
    ID_PATTERN,
    ODDS,
    short_line,
    short_paragraph,
)
from trainer.engine.call_words import Announcing, CallLanguage
from trainer.engine.dead_chips import DEAD_BETS, RollingBase
from trainer.engine.irregularities import REMEDY_CHARS, Irregularity
from trainer.engine.pace import TableFormat
from trainer.engine.said import Said
from trainer.engine.shoe import BetweenCoups
from trainer.engine.violations import Response, Violation
from trainer.fileformat.declare import Field, ListOf, MapOf, Obj, Scalar, ScalarReads, reads

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA_ID = "https://ezbac.invalid/house.schema.json"
MAX_FILE_BYTES = 256 * 1024
GAMES = ("ez", "commission", "cardroom")
COLLECT = ("at_once", "end_of_shoe")
DIRECTIONS = ("counterclockwise", "clockwise")
LOSERS = ("in_direction", "one_sweep")
SIDE_BETS = ("dragon7", "panda8")
BASE_BETS = ("player", "banker")
MAX_SEATS = 14
BURNS = ("face_value", "none")
#: What a rolling commission is a percentage of (trainer.engine.dead_chips.RollingBase).
ROLLING_BASES = tuple(b.value for b in RollingBase)
AFTER_CUT = ("one_more", "this_coup")
#: The engine's values, one definition (trainer.engine.shoe.BetweenCoups).
BETWEEN_COUPS = tuple(b.value for b in BetweenCoups)
#: The player violations, the dealer's responses and the irregularities a house may confirm
#: a remedy for: the engine's values, one definition (trainer.engine.violations,
#: trainer.engine.irregularities).
VIOLATIONS = tuple(v.value for v in Violation)
RESPONSES = tuple(r.value for r in Response)
IRREGULARITIES = tuple(i.value for i in Irregularity)
#: The cut card sits 12 cards from the end at least (the coup in progress and one more need
#: up to 12) and at most half an 8-deck shoe; the loader holds it to half the house's shoe.
CUT_RANGE = (12, 208)
MAX_STEPS = 50
#: A house's name (on lists and on each sign-off sheet, a line for each house) and its
#: description; a remedy in the house's own words is one line, as the catalogue's are.
MAX_NAME_CHARS = 48
MAX_DESCRIPTION_CHARS = 1000
MAX_REMEDY_CHARS = REMEDY_CHARS
#: A call's wording (one line on the table screen, its fields filled in), a chip's colour,
#: and the sources: each line, and how many.
MAX_CALL_CHARS = 80
MAX_COLOUR_CHARS = 20
MAX_SOURCE_CHARS = 200
MAX_SOURCES = 20
MAX_CHIPS = 20
#: The formats of table a house sets pace targets for (trainer.engine.pace.TableFormat),
#: and the targets' bounds.
FORMATS = tuple(f.value for f in TableFormat)
MAX_COUPS_AN_HOUR = 1000
MAX_SECONDS_A_SEAT = 600
#: How a payout may be cut (trainer.engine.chips.PayStyle): a name, or {max_each: N}.
PAYOUT_STYLES = ("fewest", "colour_for_colour")
MAX_EACH = 1000
#: The dealer's calls a house may word (trainer.engine.call_words.CALL_FIELDS; a test keeps the
#: two the same).
#: The languages a house may call in, and its announcing customs (the engine's enums).
CALL_LANGUAGES = tuple(c.value for c in CallLanguage)
ANNOUNCING = tuple(a.value for a in Announcing)
CALLS = (
    "player_shows",
    "banker_shows",
    "natural",
    "player_draws",
    "player_stands",
    "banker_draws",
    "banker_stands",
    "wins",
    "tie",
    "dragon7",
    "panda8",
    "player_has",
    "banker_has",
    "tie_push",
    "dragon7_push",
)


class HouseReads(ScalarReads, Protocol):
    """The house file's own readers, named below (``trainer.houses.loader`` implements
    them; their values are its types, so ``object`` here)."""

    def house_id(self, node: Node, path: str) -> object: ...
    def decks(self, node: Node, path: str) -> object: ...
    def rate(self, node: Node, path: str) -> object: ...
    def offered(self, node: Node, path: str) -> object: ...
    def dead_bets(self, node: Node, path: str) -> object: ...
    def payout_chips(self, node: Node, path: str) -> object: ...
    def call(self, node: Node, path: str) -> object: ...
    def lines(self, node: Node, path: str) -> object: ...
    def house(self, node: Node, path: str) -> object: ...


def _enum(choices: tuple[Any, ...]) -> dict[str, Any]:
    return {"enum": list(choices)}


def _choice(choices: tuple[str, ...], what: str) -> Scalar:
    return Scalar(reads(ScalarReads.choice, choices, what), _enum(choices))


class _StepOwes(Obj):
    up_to = Field(
        AMOUNT, "Wagers up to this amount (leave out on the last step: any larger wager)."
    )
    owes = Field(AMOUNT, "The commission such a winning bet owes.", required=True)


STEP_OWES = _StepOwes(doc='One line of a step table: "$1-5 owes 0.25" is {up_to: 5, owes: 0.25}.')


class _StepFee(Obj):
    up_to = Field(
        AMOUNT, "Wagers up to this amount (leave out on the last step: any larger wager)."
    )
    fee = Field(AMOUNT, "The collection fee on such a wager.", required=True)


STEP_FEE = _StepFee(doc="One line of the fee schedule.")


class _Commission(Obj):
    rate = Field(
        Scalar(
            reads(HouseReads.rate),
            {
                "oneOf": [
                    {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
                    {"type": "string", "pattern": r"^\s*[0-9]+(\.[0-9]+)?\s*%?\s*$"},
                ]
            },
        ),
        'Commission on a winning Banker bet, in percent: 5 or "5%".',
        default="5%",
    )
    collect = Field(
        _choice(COLLECT, Said("a way to collect")),
        "at_once (taken from the payout) or end_of_shoe (kept in the seat's commission box).",
        default="at_once",
    )
    round_up_to = Field(
        AMOUNT,
        "The commission owed is rounded up to a whole number of "
        "this: 0.01 (exact to the cent) or 0.25 (the next quarter).",
        default=0.01,
    )
    steps = Field(
        ListOf(STEP_OWES, MAX_STEPS),
        "A step table tried first: [{up_to: 5, owes: 0.25}, {up_to: 10, owes: "
        "0.50}]; wagers above it use round_up_to.",
        default=(),
    )


COMMISSION = _Commission(doc="Commission game only: the commission on a winning Banker bet.")


class _Fee(Obj):
    steps = Field(
        ListOf(STEP_FEE, MAX_STEPS),
        "The fee on each wager, by its amount: [{up_to: 20, fee: 0.50}, {fee: 1}].",
        required=True,
    )
    bank_rotates_every = Field(
        Scalar(
            reads(ScalarReads.integer, 1, 100, Said("hands")),
            {"type": "integer", "minimum": 1, "maximum": 100},
        ),
        "Hands each seated player banks in turn.",
        default=2,
    )


FEE = _Fee(doc="Card-room game only: the collection fee paid with each wager.")


_PERCENT = {
    "oneOf": [
        {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
        {"type": "string", "pattern": r"^\s*[0-9]+(\.[0-9]+)?\s*%?\s*$"},
    ]
}


class _Rolling(Obj):
    rate = Field(
        Scalar(reads(HouseReads.rate), _PERCENT),
        'The commission, in percent of the dead chips counted: 1.2 or "1.2%".',
        required=True,
    )
    base = Field(
        _choice(ROLLING_BASES, Said("what the commission counts")),
        "losses (the dead chips lost: taken on a losing bet) or turnover (the dead chips "
        "on every bet won or lost; a push counts nothing).",
        default="losses",
    )


ROLLING = _Rolling(
    doc="The house's commission programme on dead chips, credited bet by bet and rounded "
    "down to the cent."
)


class _DeadChips(Obj):
    bets = Field(
        Scalar(
            reads(HouseReads.dead_bets),
            {"type": "array", "items": _enum(BETS), "uniqueItems": True, "minItems": 1},
        ),
        "The bets the house takes dead chips on, each one the table offers (Dragon 7 and "
        "Panda 8 only where the house allows them in dead chips).",
        default=tuple(b.value for b in DEAD_BETS),
    )
    rolling_commission = Field(ROLLING, ROLLING.doc + " Left out: no commission at the table.")


DEAD_CHIPS = _DeadChips(
    doc="Dead (non-negotiable, rolling) chips bet beside live chips: a win is paid in live "
    "chips and the dead chips stay with the player, a loss is taken, a push stays."
)


class _Limits(Obj):
    min = Field(AMOUNT, "Smallest bet on Player, Banker or Tie.", default=1)
    max = Field(AMOUNT, "Largest bet on Player, Banker or Tie.", default=10_000)
    side_min = Field(AMOUNT, "Smallest Dragon 7 or Panda 8 bet (default: min).")
    side_max = Field(AMOUNT, "Largest Dragon 7 or Panda 8 bet (default: max).")
    side_bets_need_base = Field(
        BOOL, "A side bet needs a Player or Banker bet on the same seat.", default=False
    )
    side_bet_caps = Field(
        MapOf(SIDE_BETS, _choice(BASE_BETS, Said("a base bet"))),
        "A side bet at most the seat's bet named here: {dragon7: banker}.",
        default={},
    )
    differential = Field(
        AMOUNT,
        "The most total Banker and total Player action on the table may differ by, at "
        "least min (leave out: no differential).",
    )


LIMITS = _Limits(doc="Table limits.")


class _Chip(Obj):
    value = Field(AMOUNT, "The chip's value.", required=True)
    colour = Field(
        short_line(MAX_COLOUR_CHARS),
        f"Its colour (at most {MAX_COLOUR_CHARS} characters).",
        required=True,
    )


CHIP = _Chip(doc="A chip on the table.")


class _Order(Obj):
    losers_first = Field(BOOL, "Take every losing bet before paying the winners.", default=True)
    direction = Field(
        _choice(DIRECTIONS, Said("a direction")),
        "counterclockwise (from the dealer's right, as the regulator's "
        "sheet) or clockwise (from the dealer's left).",
        default="counterclockwise",
    )
    main_before_side = Field(BOOL, "Pay a seat's main bet before its side bets.", default=True)
    losers = Field(
        _choice(LOSERS, Said("a way to take losers")),
        "With losers_first: in_direction (the losing bets taken seat by seat in the "
        "direction, as the regulator's sheet resolves wagers) or one_sweep (taken in one "
        "sweep, in any order).",
        default="in_direction",
    )


ORDER = _Order(doc="The order a dealer settles the table in.")


class _Pace(Obj):
    coups_an_hour = Field(
        Scalar(
            reads(ScalarReads.integer, 1, MAX_COUPS_AN_HOUR, Said("coups an hour")),
            {"type": "integer", "minimum": 1, "maximum": MAX_COUPS_AN_HOUR},
        ),
        "Coups a dealer deals and settles in an hour at this format (left out: no target).",
    )
    seconds_a_seat = Field(
        Scalar(
            reads(ScalarReads.seconds, MAX_SECONDS_A_SEAT),
            {"type": "number", "exclusiveMinimum": 0, "maximum": MAX_SECONDS_A_SEAT},
        ),
        "Seconds to settle one seat (its bets taken or paid), on average over the table's "
        "time (left out: no target).",
    )


PACE = _Pace(doc="A pace target for one format of table.")


class _Shoe(Obj):
    cut_card = Field(
        Scalar(
            reads(ScalarReads.integer, *CUT_RANGE, Said("cards")),
            {"type": "integer", "minimum": CUT_RANGE[0], "maximum": CUT_RANGE[1]},
        ),
        "Cards behind the cut card: 14 to 16 is usual; at most half the shoe.",
        default=14,
    )
    burn = Field(
        _choice(BURNS, Said("a burn rule")),
        "face_value (the first card is turned up and burns its value, 10 J Q K burn 10) or none.",
        default="face_value",
    )
    after_cut_card = Field(
        _choice(AFTER_CUT, Said("a last-coup rule")),
        "one_more (finish the coup, deal one more, the shoe ends) or "
        "this_coup (the coup in progress is the last).",
        default="one_more",
    )
    cut_card_between_coups = Field(
        _choice(BETWEEN_COUPS, Said("a coup to count")),
        "When the cut card comes out exactly between two coups: next_coup (the coup about "
        "to start counts as the one it came out in: with one_more, two more coups) or "
        "finished_coup (the coup just finished counts: with one_more, one more coup; with "
        "this_coup, the shoe ends).",
        default="next_coup",
    )


SHOE = _Shoe(doc="How the house runs a shoe: the burn, the cut card and the last coup.")


class _House(Obj):
    id = Field(
        Scalar(reads(HouseReads.house_id), {"type": "string", "pattern": ID_PATTERN}),
        "Short name used with --house: lowercase, digits, - and _.",
        required=True,
        listed=True,
    )
    name = Field(
        short_line(MAX_NAME_CHARS),
        f"The house's name, shown in lists and on sign-off sheets (at most {MAX_NAME_CHARS} "
        "characters).",
        required=True,
        listed=True,
    )
    description = Field(
        short_paragraph(MAX_DESCRIPTION_CHARS),
        f"One paragraph about the house's rules (at most {MAX_DESCRIPTION_CHARS} characters).",
        default="",
    )
    game = Field(
        _choice(GAMES, Said("a game")),
        "ez (no commission, Banker pushes on a Dragon 7), commission (Banker "
        "pays 19 to 20) or cardroom (player-banked EZ with a collection fee).",
        default="ez",
        listed=True,
    )
    decks = Field(
        Scalar(reads(HouseReads.decks), _enum(DECKS)), "Decks in the shoe: 8 or 6.", default=8
    )
    paytable = Field(
        MapOf(BETS, ODDS),
        "What each bet pays to 1: tie 8 (or 9), dragon7 40, panda8 25.",
        default={},
    )
    bets = Field(
        Scalar(
            reads(HouseReads.offered),
            {"type": "array", "items": _enum(BETS), "uniqueItems": True, "minItems": 2},
        ),
        "The bets the table offers (player and banker always).",
        default=BETS,
    )
    commission = Field(COMMISSION, COMMISSION.doc)
    fee = Field(FEE, FEE.doc)
    limits = Field(LIMITS, LIMITS.doc)
    chips = Field(
        ListOf(CHIP, MAX_CHIPS),
        "The chips on the table, which payouts are "
        "cut in: [{value: 1, colour: white}, {value: 5, colour: red}, ...].",
    )
    payout_chips = Field(
        Scalar(
            reads(HouseReads.payout_chips),
            {
                "oneOf": [
                    _enum(PAYOUT_STYLES),
                    {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["max_each"],
                        "properties": {
                            "max_each": {"type": "integer", "minimum": 1, "maximum": MAX_EACH}
                        },
                    },
                ]
            },
        ),
        "How payouts are cut in the chips: fewest (the fewest chips), {max_each: N} (any "
        "cut with no more than N of one chip, the largest chip excepted) or "
        "colour_for_colour (in the wager's own denominations, the wager taken in its "
        "fewest chips; the rest in the fewest chips).",
        default="fewest",
    )
    seats = Field(
        Scalar(
            reads(ScalarReads.integer, 1, MAX_SEATS, Said("seats")),
            {"type": "integer", "minimum": 1, "maximum": MAX_SEATS},
        ),
        "Seats at the table: 7 for mini-baccarat, 9 or 14 for larger tables.",
        default=7,
    )
    settlement = Field(ORDER, ORDER.doc)
    table_format = Field(
        _choice(FORMATS, Said("a table format")),
        "The format of the house's table: full_size (a big table, 12 to 14 seats), mini "
        "(up to 7 seats, the dealer turns every card) or squeeze (players squeeze the "
        "cards). Its pace target is this format's.",
        default="mini",
    )
    pace = Field(
        MapOf(FORMATS, PACE),
        "Pace targets per format: {mini: {coups_an_hour: 200, seconds_a_seat: 6}}. The "
        "table drill's results and the audition's table areas judge pace against the target "
        "of the house's table_format (a school's curriculum may set its own over it).",
        default={},
    )
    shoe = Field(SHOE, SHOE.doc)
    dead_chips = Field(DEAD_CHIPS, DEAD_CHIPS.doc + " Left out: live chips only.")
    violations = Field(
        MapOf(VIOLATIONS, _choice(RESPONSES, Said("a response"))),
        "What the dealer does about each player violation: refuse (the bet), return (it to "
        "the player), floor (call the floor) or allow (let it play). Left out: past_posting, "
        "pressing, side_without_base, side_over_base, under_min, over_max refuse; withdrawn, "
        "pinching, differential floor; cash, non_playable_chips return; both_sides allow. "
        "side_without_base, side_over_base and differential exist only where the limits "
        "make them (side_bets_need_base, side_bet_caps, differential).",
        default={},
    )
    remedies = Field(
        MapOf(IRREGULARITIES, short_line(MAX_REMEDY_CHARS)),
        "The irregularities whose remedy the house confirms: confirmed (the catalogue's "
        "remedy, `ezbac` shows it) or the house's own words, one line of at most "
        f"{MAX_REMEDY_CHARS} characters as the catalogue's remedies: {{misdeal: confirmed, "
        'card_on_floor: "The card is dead; burn it"}. Any other is taught as: call the floor.',
        default={},
    )
    calls = Field(
        MapOf(
            CALLS,
            Scalar(
                reads(HouseReads.call),
                {"type": "string", "minLength": 1, "maxLength": MAX_CALL_CHARS},
            ),
        ),
        "The dealer's calls, worded the house's way: wins: \"{hand} wins, {high} over {low}\" "
        f"(one line of at most {MAX_CALL_CHARS} characters). A call left out is worded in the "
        "house's call_language, by its announce_results custom.",
        default={},
    )
    call_language = Field(
        _choice(CALL_LANGUAGES, Said("a language of calls")),
        "The language the dealer calls the game in: en (English), yue_Hant (Cantonese, "
        "Traditional characters), yue_Hans (Cantonese, Simplified), yue_Latn (Cantonese "
        "romanised, Jyutping), cmn_Hans (Mandarin, Simplified), cmn_Hant (Mandarin, "
        "Traditional), cmn_Latn (Mandarin romanised, Pinyin), vi (Vietnamese) or ko "
        "(Korean). The calling drill grades the calls in it.",
        default="en",
    )
    announce_results = Field(
        _choice(ANNOUNCING, Said("an announcing custom")),
        'How a result is announced: with_win_lose ("Banker wins, seven over five") or '
        'without_win_lose ("Banker seven, Player five": the totals, winner first, no word '
        "for win or lose; a house's own wording of wins, dragon7 or panda8 may not use them).",
        default="with_win_lose",
    )
    sources = Field(
        Scalar(
            reads(HouseReads.lines),
            {
                "type": "array",
                "maxItems": MAX_SOURCES,
                "items": {"type": "string", "maxLength": MAX_SOURCE_CHARS},
            },
        ),
        f"Where the rules come from (at most {MAX_SOURCES} lines of {MAX_SOURCE_CHARS} "
        "characters).",
        default=(),
    )


HOUSE = _House(
    doc="An ezbac house: the game a table deals and everything else the house decides.",
    reader=reads(HouseReads.house),
)
