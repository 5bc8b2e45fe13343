"""Engine errors: all are ValueError subclasses so callers can catch bad input in one place."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from trainer.engine.said import Grouped, Said, Verbatim
from trainer.errors import BadInputError

#: How much of a piece of input an error message quotes (a 10 MB token is named, not echoed).
QUOTE_LIMIT = 40


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)`` cut to a readable length, for every message that quotes user input.

    A long text keeps its first ``limit`` characters and says how long it was, so the culprit
    is still recognisable: ``'AAAA...' (10,000,000 characters)``.
    """
    if len(text) <= limit:
        return Verbatim(repr(text))
    return Said(
        "{text}... ({count} characters)",
        text=Verbatim(repr(text[:limit])),
        count=Grouped(len(text)),
    )


#: A "word" (run without spaces) longer than this in a message is someone's input, not
#: ezbac's words or a sensible path.
WORD_LIMIT = 200


def cut_word(word: str) -> Said:
    """A long ``word`` as ``shorten_words`` shows it: its first characters and its length."""
    return Said(
        "{text}... ({count} characters)",
        text=Verbatim(word[:QUOTE_LIMIT]),
        count=Grouped(len(word)),
    )


def shorten_words(
    message: str, limit: int = WORD_LIMIT, cut: Callable[[str], str] = cut_word
) -> str:
    """``message`` with every run of more than ``limit`` non-space characters cut to its
    first ``QUOTE_LIMIT`` characters and its length: the one net under every printed error,
    for messages that quote input whole (argparse's, the operating system's).  Characters
    that would break the line or the terminal (newlines, \x1e, escapes) are shown escaped,
    so the message stays one line; ``cut`` words a long word as it is cut (``cut_word``)."""
    if not message.isprintable():
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    if len(message) <= limit:
        return message
    return _LONG_WORD.sub(lambda m: cut(m.group()), message)


_LONG_WORD = re.compile(rf"\S{{{WORD_LIMIT + 1},}}")


class EngineError(BadInputError):
    """Base of every error the engine raises for bad input."""


class InvalidCardError(EngineError):
    """A token that is not a card (bad rank, bad suit, wrong length)."""


class MissingCardError(EngineError):
    """The rules call for a card the caller did not supply."""


class InvalidBetError(EngineError):
    """An unknown bet name."""


class InvalidAmountError(EngineError):
    """An amount or odds that is not an exact, in-range sum of money (or 'pays N to 1')."""


class InvalidShoeError(EngineError):
    """An unsupported shoe configuration (deck count, cut-card position)."""


class ShoeExhaustedError(EngineError):
    """A card was asked of a shoe that has none left."""


class HouseError(EngineError):
    """A house whose rules contradict each other (a fee on a house-banked game, ...)."""


class HouseLimitError(EngineError):
    """Wagers the house does not allow; ``problems`` lists every one, in layout order."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)
