"""The mistakes file format, declared once (``trainer.fileformat.declare``): the loader's
keys and readers and the JSON Schema come from this table.

Each mistake names one of the engine's transformations (``TRANSFORMS`` in
``trainer.engine.catalogue``) and its parameters; the loader checks the parameters against
the transformation's own declaration, so a new mistake is data and never code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from trainer.drills.fields import ID_PATTERN, LINE, PARAGRAPH
from trainer.engine.said import Said
from trainer.fileformat.declare import Field, ListOf, Obj, Scalar, ScalarReads, reads

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA_ID = "https://ezbac.invalid/mistakes.schema.json"
MAX_FILE_BYTES = 256 * 1024
MAX_MISTAKES = 200
LEVELS = ("coup", "table")
#: The audit's kinds of deviation (trainer.engine.deviation.DeviationKind; a test keeps them equal).
KINDS = (
    "wrong_hand",
    "player_drew",
    "player_stood",
    "banker_drew",
    "banker_stood",
    "natural_not_stopped",
    "total_miscalled",
    "outcome_misnamed",
    "loser_paid",
    "loser_pushed",
    "push_taken",
    "push_paid",
    "winner_taken",
    "winner_pushed",
    "payout_short",
    "payout_over",
    "commission_taken",
    "commission_wrong",
    "fee_wrong",
    "bet_missed",
    "bet_twice",
    "order",
    "call_wrong",
    "shoe_end",
    "coup_after_last",
    "commission_collected",
    "chips_wrong",
    "violation_missed",
    "violation_mishandled",
    "legal_bet_stopped",
    "not_in_action",
    "remedy_wrong",
    "rolling_wrong",
)
#: The engine's transformations (trainer.engine.injection.TRANSFORMS; a test keeps them equal).
TRANSFORMS = (
    "banker_draw",
    "player_draw",
    "natural_draw",
    "wrong_hand",
    "miscount",
    "misname",
    "settle_as",
    "commission",
    "payout_off",
    "odds_off",
    "out_of_order",
)


class MistakeReads(ScalarReads, Protocol):
    """The mistakes file's own readers, named below (``trainer.mistakes.loader`` implements
    them)."""

    def mistake_id(self, node: Node, path: str) -> object: ...
    def params(self, node: Node, path: str) -> object: ...
    def mistake(self, node: Node, path: str) -> object: ...


def _choice(choices: tuple[str, ...], what: str) -> Scalar:
    return Scalar(reads(ScalarReads.choice, choices, what), {"enum": list(choices)})


class _Mistake(Obj):
    id = Field(
        Scalar(reads(MistakeReads.mistake_id), {"type": "string", "pattern": ID_PATTERN}),
        "Short name: lowercase, digits, - and _; unique with the bundled ones.",
        required=True,
    )
    level = Field(
        _choice(LEVELS, Said("a level")),
        "coup (happens in any coup) or table (needs several bets: the order).",
        default="coup",
    )
    kind = Field(
        _choice(KINDS, Said("a kind of deviation")),
        "What the audit reports it as: payout_short, loser_paid, order, ...",
        required=True,
    )
    description = Field(PARAGRAPH, "What the dealer did wrong, in a sentence.", required=True)
    transform = Field(
        _choice(TRANSFORMS, Said("a transformation")),
        "How the engine injects it into a correct procedure.",
        required=True,
    )
    params = Field(
        Scalar(reads(MistakeReads.params), {"type": "object"}),
        "The transformation's parameters: {bet: panda8, odds: 40}.",
        default={},
    )


MISTAKE = _Mistake(doc="One mistake a dealer can make.", reader=reads(MistakeReads.mistake))


class _File(Obj):
    name = Field(LINE, "What this set of mistakes is for.", default="")
    mistakes = Field(ListOf(MISTAKE, MAX_MISTAKES), "The mistakes.", required=True)


FILE = _File(doc="An ezbac mistakes file: more mistakes for the spot-the-error drills.")
