"""The words of a shoe drill: the shoe's line (coup N, cards left, the cut card), the burn
and "what now?" questions, their options, answers and reasons, in the language spoken.

The shoe gives its values (``DealtShoe``, ``ShoeCoup``: numbers, the cut card's place; a
burn's card and count; what the dealer does next, ``Next``); this module words them.
"""

from __future__ import annotations

import re

from trainer.i18n import N_, _, ngettext
from trainer.session.shoe import BurnQuestion, DealtShoe, Next, NextQuestion

_NEXT = {
    Next.DEAL: N_("Deal the next coup"),
    Next.ONE_MORE: N_("Cut card out: deal one more coup, then the shoe ends"),
    Next.END_NOW: N_("Cut card out: the shoe ends now"),
    Next.OVER: N_("That was the last coup: the shoe is over"),
}
#: A burn's option as the session writes it ("Burn 3 cards"): its count is read back.
_BURN = re.compile(r"Burn (\d+) cards?")


def burn_words(count: int) -> str:
    return ngettext("Burn {count} card", "Burn {count} cards", count).format(count=count)


def option(text: str) -> str | None:
    """A shoe question's option in words (None: not one of them)."""
    for then, words in _NEXT.items():
        if text == then.value:
            return _(words)
    found = _BURN.fullmatch(text)
    return burn_words(int(found.group(1))) if found else None


def status(shoe: DealtShoe, coup_index: int | None, *, after: bool = False) -> str:
    """The shoe line of the screen: coup N, cards left, the cut card's state (during a coup,
    as the dealer knows it when the coup began; ``after`` it, as it ended)."""
    if coup_index is None:
        return _("Shoe · {decks} decks · {cards} cards · cut card {cut} from the end").format(
            decks=shoe.decks, cards=shoe.size, cut=shoe.rules.cut
        )
    sc = shoe.coups[min(coup_index, len(shoe.coups) - 1)]
    left = sc.cards_left - len(sc.coup.cards) if after else sc.cards_left
    if sc.cut_out_before:
        cut = _("cut card out")
    elif after and sc.cut_out_after:
        cut = _("✂ CUT CARD OUT after this coup")
    elif after and sc.cut_card is not None:
        cut = _("✂ CUT CARD OUT before card {number} of this coup").format(number=sc.cut_card)
    else:
        cut = _("cut card in the shoe")
    return _("Coup {number} · {left} cards left · {cut}").format(
        number=sc.number, left=left, cut=cut
    )


def prompt(q: BurnQuestion | NextQuestion) -> str:
    if isinstance(q, BurnQuestion):
        if q.new_shoe:
            return _(
                "A new shoe: the first card is turned up: {card}. How many cards are burned?"
            ).format(card=q.card.pretty)
        return _("The first card is turned up: {card}. How many cards are burned?").format(
            card=q.card.pretty
        )
    return _("Coup {number} is over. What now?").format(number=q.place.number)


def short(q: BurnQuestion | NextQuestion) -> str:
    if isinstance(q, BurnQuestion):
        return _("Burn ({card})").format(card=q.card.pretty)
    return _("After coup {number}").format(number=q.place.number)


def reason(q: BurnQuestion | NextQuestion) -> str:
    if isinstance(q, BurnQuestion):
        count = q.shoe_rules.burn_for(q.card.value)
        if q.card.value == 0:
            rule = _("10, J, Q and K burn 10")
        elif q.card.value == 1:
            rule = _("an ace burns 1")
        else:
            rule = _("2 to 9 burn their value")
        return ngettext(
            "The first card turned up is {card}: {rule}, so {count} more card goes face down "
            "to the discards",
            "The first card turned up is {card}: {rule}, so {count} more cards go face down "
            "to the discards",
            count,
        ).format(card=q.card.pretty, rule=rule, count=count)
    return _next_reason(q)


def _next_reason(q: NextQuestion) -> str:
    right = q.right()
    if q.place.cut_out_after:
        during = _(
            "The cut card came out as this coup ended, and this house counts it for the coup "
            "just finished"
        )
    else:
        during = _("The cut card came out during this coup")
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


_SKILLS = {
    "burn": N_("Shoe: the burn"),
    "cut": N_("Shoe: the cut card comes out"),
    "end": N_("Shoe: the last coup"),
    "deal": N_("Shoe: dealing on before the cut card"),
}


def skill_name(family: str, parts: tuple[str, ...]) -> str | None:
    """A shoe skill in words (None: not one of them)."""
    if family == "shoe" and len(parts) == 1 and parts[0] in _SKILLS:
        return _(_SKILLS[parts[0]])
    return None
