"""The words of a shoe worked at the table (``ask: [shoe, table]``): the shoe's line, the burn
and "what now?" questions, their choices and why the right one is right.

The session returns what happened (``trainer.session.shoe``: the ``DealtShoe`` and its
coups, a ``BurnQuestion`` with its card and the house's shoe rules, a ``NextQuestion`` and
the ``Next`` the engine's shoe did); this module words it.  A choice is graded and recorded
by its English (the option), so each is worded here from what it stands for.
"""

from __future__ import annotations

from trainer.drills.model import Step
from trainer.i18n import N_, _, ngettext
from trainer.session.shoe import (
    BurnQuestion,
    NextQuestion,
    ShoeSummary,
)
from trainer.words.shoe import option as shoe_option
from trainer.words.shoe import prompt, reason, status

__all__ = ["option", "prompt", "reason", "short", "status", "summary"]


def option(q: BurnQuestion | NextQuestion, said: str) -> str:
    """A choice of the shoe's question in words (its English as graded, when not one): as
    the shoe drill words it (``trainer.words.shoe``)."""
    worded = shoe_option(said)
    return worded if worded is not None else said


def short(q: BurnQuestion | NextQuestion) -> str:
    """What the question is about, in a few words (the results' "asked")."""
    if isinstance(q, BurnQuestion):
        return _("Burn ({card})").format(card=q.card.pretty)
    return _("what now?")


_ERROR_KINDS = {Step.BURN: N_("burn"), Step.CUT: N_("what now (cut card)")}


def summary(shoe: ShoeSummary) -> tuple[str, str]:
    """The shoe's results: what was dealt, then the errors by kind (each line's words after
    its heading, ``Shoe:`` and ``Errors by kind:``)."""
    dealt = ngettext("{count} coup dealt", "{count} coups dealt", shoe.coups).format(
        count=shoe.coups
    )
    if shoe.cut_coup is not None:
        dealt += " " + _("(cut card out in coup {number})").format(number=shoe.cut_coup)
    dealt += " · " + _("Dragon 7 ×{dragon7} · Panda 8 ×{panda8} · naturals ×{naturals}").format(
        dragon7=shoe.dragon7, panda8=shoe.panda8, naturals=shoe.naturals
    )
    errors = ", ".join(
        f"{_(_ERROR_KINDS[step]) if step in _ERROR_KINDS else step.value} {n}"
        for step, n in shoe.errors
    )
    return dealt, errors or _("none")
