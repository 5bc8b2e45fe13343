"""The audit of the deal itself: the cards against the drawing rules, decision by decision;
the calls said aloud against the engine's calls; and the shoe's end (the cut card's rule).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from trainer.engine import rules
from trainer.engine.calls import calls_for
from trainer.engine.cards import Card, DealtCard, Side, hand_total
from trainer.engine.coup import Coup
from trainer.engine.dealt import (
    CUT_EARLIER,
    AfterCoup,
    Dealt,
)
from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.house import House
from trainer.engine.said import Said, joined
from trainer.engine.shoe import BetweenCoups, ShoeRules


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _first_four(cards: tuple[DealtCard, ...]) -> list[Deviation]:
    """The first of the first four cards dealt to the wrong hand, if any."""
    order = (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER)
    for i in range(4):
        if cards[i].to is not order[i]:
            return [
                Deviation(
                    DeviationKind.WRONG_HAND,
                    i,
                    Said("{card} went to the {hand}", card=cards[i].card, hand=cards[i].to.label),
                    Said("{card} is the {hand}'s", card=cards[i].card, hand=order[i].label),
                    Said("the first four cards go Player, Banker, Player, Banker"),
                )
            ]
    return []


def check_cards(dealt: Dealt) -> list[Deviation]:
    """The cards against the rules, decision by decision on the hands as the dealer made
    them, up to the first deviation (what comes after it follows from it)."""
    cards = dealt.cards
    n = len(cards)
    wrong = _first_four(cards)
    if wrong:
        return wrong
    p = [cards[0].card, cards[2].card]
    b = [cards[1].card, cards[3].card]
    pt, bt = hand_total(p), hand_total(b)
    if rules.is_natural(pt) or rules.is_natural(bt):
        if n > 4:
            c = cards[4]
            return [
                Deviation(
                    DeviationKind.NATURAL_NOT_STOPPED,
                    4,
                    Said("{card} was dealt to the {hand}", card=c.card, hand=c.to.label),
                    Said("no card: the coup is over"),
                    rules.natural_reason(pt, bt),
                )
            ]
        return []
    i = 4
    nxt = cards[i] if i < n else None
    p3: Card | None = None
    if rules.player_draws(pt):
        if nxt is None:
            return [
                Deviation(
                    DeviationKind.PLAYER_STOOD,
                    n,
                    Said("the Player did not draw"),
                    Said("deal the Player a third card"),
                    rules.player_reason(pt),
                )
            ]
        if nxt.to is Side.BANKER:
            # The Player's card on the Banker's hand, whatever the Banker would have done
            # had the Player stood: the mirror of the Banker's card on the Player's hand
            # below, and the same kind.
            return [
                Deviation(
                    DeviationKind.WRONG_HAND,
                    i,
                    Said("{card} went to the {hand}", card=nxt.card, hand=Side.BANKER.label),
                    Said("{card} is the Player's third card", card=nxt.card),
                    rules.player_reason(pt),
                )
            ]
        p3 = nxt.card
        i += 1
    elif nxt is not None and nxt.to is Side.PLAYER:
        # The Banker's card on the Player's hand, unless the dealer then drew for the Banker
        # too (a Player who drew on 6 or 7).
        banker_next = i + 1 < n and cards[i + 1].to is Side.BANKER
        if rules.banker_draws(bt, None) and not banker_next:
            return [
                Deviation(
                    DeviationKind.WRONG_HAND,
                    i,
                    Said("{card} went to the {hand}", card=nxt.card, hand=Side.PLAYER.label),
                    Said("{card} is the Banker's third card", card=nxt.card),
                    joined([rules.player_reason(pt), rules.banker_reason(bt, None)]),
                )
            ]
        return [
            Deviation(
                DeviationKind.PLAYER_DREW,
                i,
                Said("the Player drew {card}", card=nxt.card),
                Said("no card for the Player"),
                rules.player_reason(pt),
            )
        ]
    nxt = cards[i] if i < n else None
    if rules.banker_draws(bt, None if p3 is None else p3.value):
        if nxt is None:
            return [
                Deviation(
                    DeviationKind.BANKER_STOOD,
                    n,
                    Said("the Banker did not draw"),
                    Said("deal the Banker a third card"),
                    rules.banker_reason(bt, p3),
                )
            ]
        if nxt.to is Side.PLAYER:
            return [
                Deviation(
                    DeviationKind.WRONG_HAND,
                    i,
                    Said("{card} went to the {hand}", card=nxt.card, hand=Side.PLAYER.label),
                    Said("{card} is the Banker's third card", card=nxt.card),
                    rules.banker_reason(bt, p3),
                )
            ]
        i += 1
    elif nxt is not None:
        if nxt.to is Side.BANKER:
            return [
                Deviation(
                    DeviationKind.BANKER_DREW,
                    i,
                    Said("the Banker drew {card}", card=nxt.card),
                    Said("no card for the Banker ({card} stays in the shoe)", card=nxt.card),
                    rules.banker_reason(bt, p3),
                )
            ]
        return [
            Deviation(
                DeviationKind.PLAYER_DREW,
                i,
                Said("the Player drew {card}", card=nxt.card),
                Said("no more cards for the Player"),
                rules.player_reason(pt)
                if p3 is None
                else Said("a hand never takes more than three cards"),
            )
        ]
    if i < n:
        c = cards[i]
        kind = DeviationKind.PLAYER_DREW if c.to is Side.PLAYER else DeviationKind.BANKER_DREW
        return [
            Deviation(
                kind,
                i,
                Said("{card} was dealt to the {hand}", card=c.card, hand=c.to.label),
                Said("no more cards: the coup is over"),
                Said("a hand never takes more than three cards"),
            )
        ]
    return []


def said_deviations(dealt: Dealt, coup: Coup, house: House, follows: bool) -> list[Deviation]:
    """The calls said aloud against the engine's calls for the coup (``calls_for``), in the
    house's words: a call misspoken, one left out, one too many, or one made with the wrong
    number of cards on the table.  After a card dealt wrong they follow from it."""
    right = calls_for(coup, house)
    said = [c.words(house) for c in dealt.said]
    first = len(dealt.cards)
    out: list[Deviation] = []
    rule = Said(
        "the dealer calls each hand's total, each draw and the result "
        '(docs/rules.md, "Calling the hand")'
    )
    extra: list[int] = []
    missing: list[tuple[int, int]] = []
    matcher = difflib.SequenceMatcher(a=[c.text for c in right], b=said, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                if dealt.said[j].cards != right[i].cards:
                    out.append(
                        Deviation(
                            DeviationKind.CALL_WRONG,
                            first + j,
                            Said(
                                'said "{call}" with {cards} cards out',
                                call=said[j],
                                cards=dealt.said[j].cards,
                            ),
                            Said("say it with {cards} cards out", cards=right[i].cards),
                            rule,
                            follows,
                        )
                    )
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + k, j1 + k
            if i < i2 and j < j2:
                did = Said('said "{call}"', call=said[j])
                fix = Said('say "{call}"', call=right[i].text)
                out.append(Deviation(DeviationKind.CALL_WRONG, first + j, did, fix, rule, follows))
            elif j < j2:
                extra.append(j)
            else:
                missing.append((i, j2))
    # A call said out of turn shows as one too many here and one missing there: one mistake.
    for j in extra:
        moved = next((m for m in missing if right[m[0]].text == said[j]), None)
        if moved is not None:
            missing.remove(moved)
            did = Said(
                'said "{call}" with {cards} cards out, out of turn',
                call=said[j],
                cards=dealt.said[j].cards,
            )
            fix = Said("say it in turn, with {cards} cards out", cards=right[moved[0]].cards)
        else:
            did, fix = Said('said "{call}"', call=said[j]), Said("no such call")
        out.append(Deviation(DeviationKind.CALL_WRONG, first + j, did, fix, rule, follows))
    for i, j in missing:
        did = Said('did not say "{call}"', call=right[i].text)
        fix = Said('say "{call}"', call=right[i].text)
        out.append(Deviation(DeviationKind.CALL_WRONG, first + j, did, fix, rule, follows))
    return out


def right_after(cut: int | None, cards: int, rules: ShoeRules) -> tuple[AfterCoup, str, bool]:
    """What comes after a coup of ``cards`` cards whose cut card came out at ``cut`` (as
    ``Dealt.cut``) under a house's shoe ``rules``: the right call, why, and whether the coup
    itself was dealt after the shoe's last (``this_coup`` houses)."""
    if cut is None:
        return AfterCoup.DEAL, Said("the cut card has not come out: deal on"), False
    finished = rules.between is BetweenCoups.FINISHED_COUP
    if cut == CUT_EARLIER or (cut == 1 and finished):
        where = (
            Said("in an earlier coup")
            if cut == CUT_EARLIER
            else Said("as the coup before ended, and this house counts it for that coup")
        )
        if rules.one_more:
            return (
                AfterCoup.END,
                Said(
                    "the cut card came out {where}: this was the one more coup, and the shoe ends",
                    where=where,
                ),
                False,
            )
        return (
            AfterCoup.END,
            Said(
                "the cut card came out {where}, and at this house that coup was the last",
                where=where,
            ),
            True,
        )
    if cut == cards + 1 and not finished:
        if rules.one_more:
            return (
                AfterCoup.DEAL,
                Said(
                    "the cut card came out as this coup ended, and this house counts it for "
                    "the next coup: deal it, then one more coup"
                ),
                False,
            )
        return (
            AfterCoup.ONE_MORE,
            Said(
                "the cut card came out as this coup ended, and this house counts it for the "
                "next coup, which is the last"
            ),
            False,
        )
    where = (
        Said("as this coup ended, and this house counts it for this coup")
        if cut == cards + 1
        else Said("during this coup")
    )
    if rules.one_more:
        return (
            AfterCoup.ONE_MORE,
            Said("the cut card came out {where}: one more coup, then the shoe ends", where=where),
            False,
        )
    return (
        AfterCoup.END,
        Said("the cut card came out {where}, and at this house it is the last", where=where),
        False,
    )


def shoe_deviations(dealt: Dealt, rules: ShoeRules) -> list[Deviation]:
    """The coup against the house's last-coup rule: a coup dealt after the last, and the
    call after the coup (where recorded)."""
    if dealt.cut is None and dealt.then is None:
        return []
    right, why, past = right_after(dealt.cut, len(dealt.cards), rules)
    out = []
    if past:
        out.append(
            Deviation(
                DeviationKind.COUP_AFTER_LAST,
                0,
                Said("a coup was dealt"),
                Said("deal no coup: the shoe had ended"),
                why,
            )
        )
    if dealt.then is not None and dealt.then is not right:
        out.append(
            Deviation(
                DeviationKind.SHOE_END,
                dealt.step_count - 1,
                Said("called: {call}", call=dealt.then.label),
                right.label,
                why,
                follows=past,
            )
        )
    return out
