"""Irregularities in the deal as data: what goes wrong, what the dealer does, and where that
remedy comes from.

The catalogue (``trainer/irregularities/irregularities.yaml``, read by
``trainer.irregularities``) gives each :class:`Irregularity` a scene, a remedy and its
:class:`Source`: a common standard the sources agree on, or "ask the floor" where they
disagree.  A house confirms a remedy or words its own (``House.remedies``); what the dealer
is taught (:func:`taught`) is the house's confirmed remedy, else "call the floor": a remedy
the house has not confirmed is never taught as if it were the table's rule.

Stdlib only, like the rest of the engine.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from trainer.engine.cards import DealtCard
from trainer.engine.errors import EngineError

__all__ = [
    "CALL_THE_FLOOR",
    "CONFIRMED",
    "REMEDY_CHARS",
    "Irregularity",
    "IrregularityEntry",
    "Source",
    "Taught",
    "taught",
]

#: What a dealer does about an irregularity whose remedy the house has not confirmed.
CALL_THE_FLOOR = "Stop, keep everything in place and call the floor"
#: The longest remedy: an answer is shown on one line.
REMEDY_CHARS = 64
#: A house's word for "the catalogue's remedy is our rule" (``remedies: {misdeal: confirmed}``).
CONFIRMED = "confirmed"


class Irregularity(enum.Enum):
    """What goes wrong in the deal; the value is the catalogue's and the house file's key."""

    CARD_EXPOSED = "card_exposed"
    WRONG_HAND = "wrong_hand"
    CARD_ON_FLOOR = "card_on_floor"
    CUT_CARD_EARLY = "cut_card_early"
    CUT_CARD_MISPLACED = "cut_card_misplaced"
    TOO_MANY_CARDS = "too_many_cards"
    TOO_FEW_CARDS = "too_few_cards"
    MISDEAL = "misdeal"
    #: Baccarat's own protection: a player asking for a card to be turned or rotated (how
    #: edge sorting is done), and the squeeze (who may squeeze; the cards turned face up by
    #: the dealer before the call).
    EDGE_SORTING_REQUEST = "edge_sorting_request"
    SQUEEZE_WRONG_PLAYER = "squeeze_wrong_player"
    SQUEEZE_CARDS_KEPT = "squeeze_cards_kept"


class Source(enum.Enum):
    """Where a taught remedy comes from."""

    HOUSE = "house"  #: the house's own rule (its file words or confirms it)
    STANDARD = "standard"  #: a common standard the sources agree on
    ASK_FLOOR = "ask_floor"  #: the sources disagree: the floor decides

    @property
    def label(self) -> str:
        return _SOURCE_LABELS[self]


_SOURCE_LABELS = {
    Source.HOUSE: "the house's own rule",
    Source.STANDARD: "a common standard",
    Source.ASK_FLOOR: "ask the floor: the sources disagree",
}


@dataclass(frozen=True, slots=True)
class IrregularityEntry:
    """One irregularity in the catalogue: the ``scene`` a dealer sees and the ``felt`` it is
    seen on (the cards in the boxes at that moment, in shoe order: the drill shows these,
    not a coup of its own that the scene would contradict), the ``remedy`` (one line, as an
    answer) and its ``detail``, its ``source`` (STANDARD or ASK_FLOOR: a catalogue is no
    house), and ``cites``, where the remedy is written."""

    kind: Irregularity
    name: str
    scene: str
    remedy: str
    source: Source
    detail: str = ""
    cites: tuple[str, ...] = ()
    felt: tuple[DealtCard, ...] = ()

    def __post_init__(self) -> None:
        if self.source is Source.HOUSE:
            raise EngineError(
                "a catalogue's remedy is a standard or ask_floor: a house confirms it"
            )


@dataclass(frozen=True, slots=True)
class Taught:
    """The remedy a dealer at one house is taught, and where it comes from; ``standard`` is
    the catalogue's remedy, shown beside it when the house has not confirmed it."""

    remedy: str
    source: Source
    standard: str


def taught(entry: IrregularityEntry, remedies: Mapping[Irregularity, str]) -> Taught:
    """The remedy taught at a house whose confirmed remedies are ``remedies``
    (``House.remedies``: the word ``confirmed``, or the house's own wording)."""
    own = remedies.get(entry.kind)
    if own is None:
        return Taught(CALL_THE_FLOOR, Source.ASK_FLOOR, entry.remedy)
    if own == CONFIRMED:  # a standard stays one; a disputed remedy chosen is the house's
        source = Source.STANDARD if entry.source is Source.STANDARD else Source.HOUSE
        return Taught(entry.remedy, source, entry.remedy)
    return Taught(own, Source.HOUSE, entry.remedy)
