"""Engine errors: all are ValueError subclasses so callers can catch bad input in one place."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class InvalidCardError(EngineError):
    """A token that is not a card (bad rank, bad suit, wrong length)."""


class MissingCardError(EngineError):
    """The rules call for a card the caller did not supply."""


class InvalidBetError(EngineError):
    """An unknown bet name."""


class InvalidAmountError(EngineError):
    """An amount that is not a positive, exact sum of money."""


class InvalidShoeError(EngineError):
    """An unsupported shoe configuration (deck count, cut-card position)."""


class ShoeExhaustedError(EngineError):
    """A card was asked of a shoe that has none left."""
