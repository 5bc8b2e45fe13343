"""The irregularities file format, declared once (``trainer.fileformat.declare``): the
loader's keys and readers and the JSON Schema come from this table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from trainer.drills.fields import LINE, PARAGRAPH
from trainer.engine.irregularities import Irregularity
from trainer.engine.said import Said
from trainer.fileformat.declare import Field, ListOf, Obj, Scalar, ScalarReads, reads

if TYPE_CHECKING:
    from yaml.nodes import Node

SCHEMA_ID = "https://ezbac.invalid/irregularities.schema.json"
MAX_FILE_BYTES = 256 * 1024
MAX_ENTRIES = 100
#: Cards on the felt at a scene: a coup's boxes hold at most six, a misdealt felt a few more.
MAX_FELT = 8
#: The irregularities: the engine's values, one definition (trainer.engine.irregularities).
KINDS = tuple(i.value for i in Irregularity)
#: Where a catalogue's remedy comes from (a house's own rule is the house file's).
SOURCES = ("standard", "ask_floor")


class IrregularityReads(ScalarReads, Protocol):
    """The irregularities file's own readers (``trainer.irregularities.loader``)."""

    def lines(self, node: Node, path: str) -> object: ...
    def remedy(self, node: Node, path: str) -> object: ...
    def felt(self, node: Node, path: str) -> object: ...
    def entry(self, node: Node, path: str) -> object: ...


def _choice(choices: tuple[str, ...], what: str) -> Scalar:
    return Scalar(reads(ScalarReads.choice, choices, what), {"enum": list(choices)})


#: One card on the felt: its hand, a colon, the card (``P:Kh``, ``B:10c``, ``p:t♥``).
_DEALT = r"^\s*[PBpb]:\S+\s*$"


class _Entry(Obj):
    id = Field(
        _choice(KINDS, Said("an irregularity")),
        "Which irregularity: card_exposed, wrong_hand, misdeal, ...",
        required=True,
    )
    name = Field(LINE, "Its name, in a few words.", required=True)
    scene = Field(
        PARAGRAPH, "What the dealer sees at the table, as the drill shows it.", required=True
    )
    felt = Field(
        Scalar(
            reads(IrregularityReads.felt),
            {
                "type": "array",
                "items": {"type": "string", "pattern": _DEALT},
                "maxItems": MAX_FELT,
            },
        ),
        "The cards in the boxes as the scene happens, in shoe order, each with the hand it "
        f"lies in: [P:Kh, B:4c, P:7d] (at most {MAX_FELT}; [] before any card is dealt). The "
        "drill shows these on the felt, so they must agree with the scene.",
        default=(),
    )
    remedy = Field(
        Scalar(
            reads(IrregularityReads.remedy), {"type": "string", "minLength": 1, "maxLength": 64}
        ),
        "What the dealer does about it, on one line (at most 64 characters): the answer.",
        required=True,
    )
    detail = Field(PARAGRAPH, "The remedy in full: when it applies, what else is done.", default="")
    source = Field(
        _choice(SOURCES, Said("a source")),
        "standard (the sources agree) or ask_floor (they disagree: the floor decides).",
        required=True,
    )
    cites = Field(
        Scalar(reads(IrregularityReads.lines), {"type": "array", "items": {"type": "string"}}),
        "Where the remedy is written.",
        default=(),
    )


ENTRY = _Entry(doc="One irregularity in the deal.", reader=reads(IrregularityReads.entry))


class _File(Obj):
    name = Field(LINE, "What this catalogue is.", default="")
    irregularities = Field(
        ListOf(ENTRY, MAX_ENTRIES), "The irregularities, each once.", required=True
    )


FILE = _File(doc="An ezbac irregularities catalogue: what goes wrong in the deal, and the remedy.")
