"""The rules engine: the single authority the trainer grades against.

Stdlib only, and never imports Textual, so the CLI checker and tests stay light.
"""

from trainer.engine.analysis import Analysis, CoupClass, analyze, class_counts
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
from trainer.engine.money import dumps_exact, format_amount, parse_amount
from trainer.engine.settlement import (
    DEFAULT_PAYTABLE,
    Bet,
    BetResult,
    Paytable,
    Settlement,
    settle,
    settle_bet,
)
from trainer.engine.shoe import Shoe
from trainer.engine.simulate import ShoeStats, SimulationResult, simulate

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
