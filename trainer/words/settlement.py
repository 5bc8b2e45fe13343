"""A settled bet in words, the dealer's sentence for it ("Dragon 7 pays 40 to 1: 15 × 40 =
600"), in the language spoken: the drill screens' explanation of a payout and the reason
``ezbac check`` prints for each bet.  The engine says it (``Settlement.explain``: its
amounts as ``Amount`` values); this words it.  Light on purpose, so ``ezbac check`` words
its bets without loading the drills' sessions.
"""

from __future__ import annotations

from trainer.engine import Settlement
from trainer.words.said import say


def explain(s: Settlement, *, commission: bool = True, fee: bool = True) -> str:
    """The dealer's sentence for a settled bet: 'Dragon 7 pays 40 to 1: 15 × 40 = 600';
    leaving out the commission owed (``commission=False``) or the collection fee
    (``fee=False``) when they are asked next: the engine's own sentence
    (``Settlement.explain``), worded in the language spoken."""
    return say(s.explain(commission=commission, fee=fee))
