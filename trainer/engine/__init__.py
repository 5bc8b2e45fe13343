"""The rules engine: the single authority the trainer grades against.

Standard library only (never Textual, never YAML), so the CLI checker and tests stay light.
The package re-exports the cheap core (cards, coups, money, settlement, the shoe); the exact
analysis (``trainer.engine.analysis``: fractions and all) and the shoe simulation
(``trainer.engine.simulate``) are imported from their own modules by the paths that use them.
"""

from __future__ import annotations

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

__all__ = [
    "DEFAULT_PAYTABLE",
    "Bet",
    "BetResult",
    "Card",
    "Coup",
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
    "Suit",
    "dumps_exact",
    "format_amount",
    "hand_total",
    "parse_amount",
    "parse_cards",
    "settle",
    "settle_bet",
]
