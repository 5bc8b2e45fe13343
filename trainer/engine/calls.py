"""Calling the hand: the dealer's calls for a coup, step by step, in the house's wording.

docs/rules.md, "Calling the hand": the dealer announces each hand's total as it is dealt ("Player
shows five, Banker three"), each draw, and the result winner first ("Banker wins, seven over
five"), naming a Dragon 7, a Panda 8 or a Tie.  The words are the house's (``House.calls``);
what is called, and when, is the coup's (``Coup``): no call is written by hand anywhere else.

``wrong_calls`` gives plausible wrong calls for a step (a neighbouring total, a Dragon called
on a tying three-card 7, the loser called first, under a house that announces without the
words for win and lose the result called with them ...), for a multiple-choice calling
drill.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from trainer.engine import rules
from trainer.engine.call_words import Announcing, say_fields
from trainer.engine.coup import Coup, Outcome
from trainer.engine.house import House
from trainer.engine.settlement import Bet, BetResult

__all__ = ["Call", "CallStep", "calls_for", "wrong_calls"]


class CallStep(enum.Enum):
    """Which moment of the coup a call belongs to."""

    PLAYER_SHOWS = "player_shows"  #: the Player's two-card total
    BANKER_SHOWS = "banker_shows"  #: the Banker's two-card total
    NATURAL = "natural"  #: a two-card 8 or 9 (one call per natural hand)
    PLAYER_ACTS = "player_acts"  #: the Player draws or stands
    PLAYER_HAS = "player_has"  #: the Player's total after its third card
    BANKER_ACTS = "banker_acts"  #: the Banker draws or stands
    BANKER_HAS = "banker_has"  #: the Banker's total after its third card
    RESULT = "result"  #: the winner first, or the Tie; Dragon 7 / Panda 8 named
    PUSH = "push"  #: the bets that push (a Tie; the Banker bet on a Dragon 7 in EZ)


@dataclass(frozen=True, slots=True)
class Call:
    """One call: its step, the house ``Calls`` key it is worded by, the words, and how many
    of the coup's cards (in shoe order) are on the table when it is made."""

    step: CallStep
    key: str
    text: str
    cards: int
    #: The values it is worded with, in ``say_fields`` order (a hand as player/banker, a
    #: total as a digit): how a supervisor keys it (``say:wins=banker,7,5``).
    values: tuple[str, ...] = ()


def _hand_name(player: bool) -> str:
    return "Player" if player else "Banker"


def _call(house: House, step: CallStep, key: str, cards: int, **values: int | str) -> Call:
    """One call in the house's words, with the values it is worded with."""
    keyed = tuple(str(values[f]).lower() for f in say_fields(key))
    return Call(step, key, house.calls.say(key, **values), cards, keyed)


def calls_for(coup: Coup, house: House) -> tuple[Call, ...]:
    """The dealer's calls for ``coup`` at ``house``, in the order they are made."""
    p, b = coup.player, coup.banker
    pt, bt = p.two_card_total, b.two_card_total
    out = [
        _call(house, CallStep.PLAYER_SHOWS, "player_shows", 4, total=pt),
        _call(house, CallStep.BANKER_SHOWS, "banker_shows", 4, total=bt),
    ]
    if coup.natural:
        for player, total in ((True, pt), (False, bt)):
            if rules.is_natural(total):
                out.append(
                    _call(
                        house, CallStep.NATURAL, "natural", 4, hand=_hand_name(player), total=total
                    )
                )
    else:
        shown = 4
        if coup.player_draws:
            out.append(_call(house, CallStep.PLAYER_ACTS, "player_draws", 4))
            shown = 5
            out.append(_call(house, CallStep.PLAYER_HAS, "player_has", 5, total=p.total))
        else:
            out.append(_call(house, CallStep.PLAYER_ACTS, "player_stands", 4, total=pt))
        if coup.banker_draws:
            out.append(_call(house, CallStep.BANKER_ACTS, "banker_draws", shown))
            out.append(_call(house, CallStep.BANKER_HAS, "banker_has", shown + 1, total=b.total))
        else:
            out.append(_call(house, CallStep.BANKER_ACTS, "banker_stands", shown, total=bt))
    n = len(coup.cards)
    key, values = _result(coup, house)
    out.append(_call(house, CallStep.RESULT, key, n, **values))
    push = _push(coup, house)
    if push is not None:
        out.append(_call(house, CallStep.PUSH, push, n))
    return tuple(out)


def _result(coup: Coup, house: House) -> tuple[str, dict[str, int | str]]:
    """The result call's key and the values it is worded with."""
    named = house.named(coup.outcome)
    pf, bf = coup.player.total, coup.banker.total
    if named is Outcome.TIE:
        return "tie", {"total": pf}
    if named is Outcome.DRAGON7:
        return "dragon7", {"low": pf}
    if named is Outcome.PANDA8:
        return "panda8", {"low": bf}
    player = named is Outcome.PLAYER
    high, low = (pf, bf) if player else (bf, pf)
    return "wins", {"hand": _hand_name(player), "high": high, "low": low}


def _push(coup: Coup, house: House) -> str | None:
    named = house.named(coup.outcome)
    if named is Outcome.TIE:
        return "tie_push"
    if (
        named is Outcome.DRAGON7
        and Bet.BANKER in house.bets
        and (house.results[named][Bet.BANKER] is BetResult.PUSH)
    ):
        return "dragon7_push"
    return None


# -- plausible wrong calls ------------------------------------------------------------------


def _neighbours(total: int) -> list[int]:
    return [(total + 1) % 10, (total - 1) % 10, (total + 2) % 10]


def _candidates(call: Call, coup: Coup, house: House) -> list[str]:
    say = house.calls.say
    p, b = coup.player, coup.banker
    step = call.step
    if step in (
        CallStep.PLAYER_SHOWS,
        CallStep.BANKER_SHOWS,
        CallStep.PLAYER_HAS,
        CallStep.BANKER_HAS,
    ):
        player = step in (CallStep.PLAYER_SHOWS, CallStep.PLAYER_HAS)
        two = step in (CallStep.PLAYER_SHOWS, CallStep.BANKER_SHOWS)
        mine = p if player else b
        other = b if player else p
        total = mine.two_card_total if two else mine.total
        other_total = other.two_card_total if two else other.total
        key = call.key
        wrong = [say(key, total=t) for t in _neighbours(total)]
        # the other hand's total under this hand's name: a slip a trainee makes
        wrong.insert(1, say(key, total=other_total))
        return wrong
    if step is CallStep.NATURAL:
        player = call.text == say("natural", hand="Player", total=p.two_card_total)
        total = p.two_card_total if player else b.two_card_total
        return [
            say("natural", hand=_hand_name(player), total=17 - total),  # 8 <-> 9
            say("natural", hand=_hand_name(not player), total=total),
            say("player_draws"),
            say("banker_draws"),
        ]
    if step is CallStep.PLAYER_ACTS:
        pt = p.two_card_total
        return [
            say("player_stands", total=pt),
            say("player_draws"),
            say("banker_draws"),
            say("player_stands", total=(pt + 1) % 10),
        ]
    if step is CallStep.BANKER_ACTS:
        bt = b.two_card_total
        return [
            say("banker_stands", total=bt),
            say("banker_draws"),
            say("player_draws"),
            say("banker_stands", total=(bt + 1) % 10),
        ]
    if step is CallStep.RESULT:
        return _wrong_results(coup, house)
    # PUSH
    return [say("tie_push"), say("dragon7_push")]


def _wrong_results(coup: Coup, house: House) -> list[str]:
    say = house.calls.say
    pf, bf = coup.player.total, coup.banker.total
    pn, bn = len(coup.player.cards), len(coup.banker.cards)
    named = house.named(coup.outcome)
    out: list[str] = []
    if house.calls.announcing is Announcing.WITHOUT_WIN_LOSE:
        # the result called with the words the house's custom leaves out: the slip to unlearn
        key, values = _result(coup, house)
        out.append(house.calls.say_with_win_lose(key, **values))
    names = house.outcomes
    # a Dragon called on a three-card Banker 7 that does not win; a Panda on a losing 8
    if bn == 3 and bf == 7 and named is not Outcome.DRAGON7 and Outcome.DRAGON7 in names:
        out.append(say("dragon7", low=pf))
    if pn == 3 and pf == 8 and named is not Outcome.PANDA8 and Outcome.PANDA8 in names:
        out.append(say("panda8", low=bf))
    if named is Outcome.TIE:
        near = (pf - 1) % 10 if pf else 1  # a tie misread as a win by a point
        out += [
            say("wins", hand="Banker", high=max(pf, near), low=min(pf, near)),
            say("wins", hand="Player", high=max(pf, near), low=min(pf, near)),
            say("tie", total=(pf + 1) % 10),
        ]
        return out
    player_won = named.player_wins
    high, low = (pf, bf) if player_won else (bf, pf)
    winner, loser = _hand_name(player_won), _hand_name(not player_won)
    # the loser called first, the totals the wrong way round
    out.append(say("wins", hand=loser, high=high, low=low))
    out.append(say("wins", hand=winner, high=low, low=high))
    if named is Outcome.DRAGON7:
        out.append(say("wins", hand="Banker", high=7, low=pf))  # the Dragon not named
    elif named is Outcome.PANDA8:
        out.append(say("wins", hand="Player", high=8, low=bf))  # the Panda not named
    out.append(say("tie", total=high))
    out += [say("wins", hand=winner, high=t, low=low) for t in _neighbours(high) if t != low]
    return out


def wrong_calls(
    call: Call, coup: Coup, house: House, rng: random.Random, count: int = 3
) -> tuple[str, ...]:
    """Up to ``count`` plausible wrong calls for ``call`` (a step of ``calls_for(coup,
    house)``), distinct and never the right words; the most telling first (a Dragon called
    on a tying 7, the loser called first), then a random pick of the rest from ``rng``."""
    seen = {call.text}
    unique: list[str] = []
    for text in _candidates(call, coup, house):
        if text not in seen:
            seen.add(text)
            unique.append(text)
    head, rest = unique[:1], unique[1:]
    rng.shuffle(rest)
    return tuple((head + rest)[:count])
