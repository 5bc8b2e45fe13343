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
    Next,
    NextQuestion,
    ShoeSummary,
)
from trainer.words.shoe import option as shoe_option
from trainer.words.shoe import status

__all__ = ["option", "prompt", "reason", "short", "status", "summary"]


def option(q: BurnQuestion | NextQuestion, said: str) -> str:
    """A choice of the shoe's question in words (its English as graded, when not one): as
    the shoe drill words it (``trainer.words.shoe``)."""
    worded = shoe_option(said)
    return worded if worded is not None else said


def prompt(q: BurnQuestion | NextQuestion) -> str:
    if isinstance(q, BurnQuestion):
        text = (
            _("A new shoe: the first card is turned up: {card}. How many cards are burned?")
            if q.new_shoe
            else _("The first card is turned up: {card}. How many cards are burned?")
        )
        return text.format(card=q.card.pretty)
    return _("Coup {number} is over. What now?").format(number=q.place.number)


def short(q: BurnQuestion | NextQuestion) -> str:
    """What the question is about, in a few words (the results' "asked")."""
    if isinstance(q, BurnQuestion):
        return _("Burn ({card})").format(card=q.card.pretty)
    return _("what now?")


def reason(q: BurnQuestion | NextQuestion) -> str:
    """Why the right answer is right."""
    if isinstance(q, BurnQuestion):
        n = q.shoe_rules.burn_for(q.card.value)
        rule = (
            _("10, J, Q and K burn 10")
            if q.card.value == 0
            else _("an ace burns 1")
            if q.card.value == 1
            else _("2 to 9 burn their value")
        )
        return ngettext(
            "The first card turned up is {card}: {rule}, so {count} more card goes face "
            "down to the discards",
            "The first card turned up is {card}: {rule}, so {count} more cards go face "
            "down to the discards",
            n,
        ).format(card=q.card.pretty, rule=rule, count=n)
    right = q.right()
    during = (
        _(
            "The cut card came out as this coup ended, and this house counts it for the "
            "coup just finished"
        )
        if q.place.cut_out_after
        else _("The cut card came out during this coup")
    )
    if right is Next.END_NOW:
        return _(
            "{during}, and at this house the coup in progress is the last: the shoe ends"
        ).format(during=during)
    if right is Next.OVER:
        return _(
            "The cut card came out in the coup before this one: this was the one more coup, "
            "and the shoe ends"
        )
    if right is Next.ONE_MORE:
        return _(
            "{during}: the coup is finished, one more coup is dealt, and the shoe ends"
        ).format(during=during)
    return _("The cut card has not come out: deal on")


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
