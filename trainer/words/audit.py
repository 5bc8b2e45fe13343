"""A dealer's deviations from the procedure, as ``ezbac audit`` and the screens show them.

The engine's ``Deviation`` keeps what happened (its kind; what the dealer did, the right
action and the rule, each a ``Said``); here each is worded in the language spoken.  The
English is what ``Deviation.describe`` and ``Audit.where`` give, which ``--json`` keeps.
"""

from __future__ import annotations

from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.procedure import Audit
from trainer.i18n import _
from trainer.words.said import say


def kind_label(kind: DeviationKind) -> str:
    """The kind in words ("the Banker drew on a stand")."""
    return say(kind.label)


def describe(deviation: Deviation) -> str:
    """What the dealer did, the rule and the right action, in one line."""
    did, rule, right = say(deviation.did), say(deviation.rule), say(deviation.right)
    if deviation.follows:
        return _("{did}. Rule: {rule}. Right: {right}. (follows from an earlier deviation)").format(
            did=did, rule=rule, right=right
        )
    return _("{did}. Rule: {rule}. Right: {right}.").format(did=did, rule=rule, right=right)


def where(audit: Audit, deviation: Deviation) -> str:
    """The step a deviation is at ("card 5 (Kd)", "seat 3 Banker")."""
    return say(audit.where(deviation))


def lines(audit: Audit) -> list[str]:
    """``Audit.lines`` in the language spoken: each deviation where it is, or "dealt
    right"; the note last."""
    if audit.right:
        return [_("dealt right")]
    out = [
        _("{where}: {deviation}").format(where=where(audit, d), deviation=describe(d))
        for d in audit.deviations
    ]
    if audit.note:
        out.append(say(audit.note))
    return out
