"""The rules engine: the single authority the trainer grades against.

Stdlib only, and never imports Textual, so the CLI checker and tests stay light.  The exact
analysis (fractions and all) loads on first use of one of its names (PEP 562), so
``from trainer.engine import Card`` stays cheap for the trainer's start-up.  ``simulate`` stays
eager: its name is also its module's, and importing ``trainer.engine.simulate`` anywhere would
rebind a lazily set package attribute to the module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer._lazy import lazy_exports
from trainer.engine.cards import Card, Rank, Suit, hand_total, parse_cards
from trainer.engine.coup import Coup, Hand, Outcome
from trainer.engine.errors import (
    EngineError,
    InvalidAmountError,
    InvalidBetError,
    InvalidCardError,
    InvalidShoeError,
    MissingCardError,
    ShoeExhaustedError,
)
from trainer.engine.house import settle, settle_bet
from trainer.engine.money import dumps_exact, format_amount, parse_amount
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, BetResult, Paytable, Settlement
from trainer.engine.shoe import Shoe
from trainer.engine.simulate import ShoeStats, SimulationResult, simulate

if TYPE_CHECKING:
    from trainer.engine.analysis import Analysis, CoupClass, analyze, class_counts

__all__ = [
    "DEFAULT_PAYTABLE",
    "Analysis",
    "Bet",
    "BetResult",
    "Card",
    "Coup",
    "CoupClass",
    "EngineError",
    "Hand",
    "InvalidAmountError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "MissingCardError",
    "Outcome",
    "Paytable",
    "Rank",
    "Settlement",
    "Shoe",
    "ShoeExhaustedError",
    "ShoeStats",
    "SimulationResult",
    "Suit",
    "analyze",
    "class_counts",
    "dumps_exact",
    "format_amount",
    "hand_total",
    "parse_amount",
    "parse_cards",
    "settle",
    "settle_bet",
    "simulate",
]

__getattr__, __dir__ = lazy_exports(
    __name__, ("Analysis", "CoupClass", "analyze", "class_counts"), ("analysis",)
)
