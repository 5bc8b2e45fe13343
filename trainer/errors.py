"""The roots of every error ezbac raises on purpose (standard library only, below the engine).

``EzbacError`` is the one root: the command line and the screens report any of them as one
line.  Under it, ``BadInputError`` is something given to ezbac that it refuses (a card, a bet,
a file, an option, an address); it is also a ``ValueError``, as Python's own refusals of bad
values are.  ``UnavailableError`` is a thing ezbac needs that cannot be used now (the history
file is locked, the server is down): not bad input, so ``except ValueError`` never hides it.
"""

from __future__ import annotations


class EzbacError(Exception):
    """Every error ezbac raises on purpose; its message is one line naming the culprit."""


class BadInputError(EzbacError, ValueError):
    """Input ezbac refuses: a card, a bet, a file or a line of one, an option, an address."""


class UnavailableError(EzbacError):
    """Something ezbac needs cannot be used now (locked, missing permissions, server down)."""
