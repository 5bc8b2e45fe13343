"""One coup: from cards in shoe order to an immutable, explained result."""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace

from trainer.engine import rules
from trainer.engine.cards import Card, hand_total
from trainer.engine.errors import MissingCardError
from trainer.engine.said import Said


class Outcome(enum.Enum):
    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    DRAGON7 = "dragon7"
    PANDA8 = "panda8"

    __hash__ = object.__hash__  # singletons: identity hash, in C (Enum's is Python-level)

    @property
    def label(self) -> str:
        return _OUTCOME_LABELS[self]

    @property
    def player_wins(self) -> bool:
        return self in (Outcome.PLAYER, Outcome.PANDA8)

    @property
    def banker_wins(self) -> bool:
        return self in (Outcome.BANKER, Outcome.DRAGON7)


_OUTCOME_LABELS = {
    Outcome.PLAYER: "Player",
    Outcome.BANKER: "Banker",
    Outcome.TIE: "Tie",
    Outcome.DRAGON7: "Dragon 7",
    Outcome.PANDA8: "Panda 8",
}


def classify(player_total: int, player_cards: int, banker_total: int, banker_cards: int) -> Outcome:
    """Outcome from final totals and card counts (Dragon 7 / Panda 8 need a three-card win)."""
    if player_total == banker_total:
        return Outcome.TIE
    if banker_total > player_total:
        return Outcome.DRAGON7 if banker_total == 7 and banker_cards == 3 else Outcome.BANKER
    return Outcome.PANDA8 if player_total == 8 and player_cards == 3 else Outcome.PLAYER


@dataclass(frozen=True, slots=True)
class Hand:
    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        return hand_total(self.cards)

    @property
    def two_card_total(self) -> int:
        return hand_total(self.cards[:2])

    @property
    def third(self) -> Card | None:
        return self.cards[2] if len(self.cards) == 3 else None


@dataclass(frozen=True, slots=True)
class Coup:
    """A finished coup with every decision and the rule that made it."""

    player: Hand
    banker: Hand
    natural: bool
    player_draws: bool
    banker_draws: bool
    outcome: Outcome
    rules: tuple[str, ...]
    unused: tuple[Card, ...] = ()

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Coup:
        """Deal a coup from cards in shoe order; cards it does not use land in ``unused``."""
        remaining = list(cards)
        position = 0

        def draw(why: str) -> Card:
            nonlocal position
            if position >= len(remaining):
                raise MissingCardError(why)
            position += 1
            return remaining[position - 1]

        coup = cls.deal(draw)
        if position < len(remaining):
            coup = replace(coup, unused=tuple(remaining[position:]))
        return coup

    @classmethod
    def deal(cls, draw: Callable[[str], Card]) -> Coup:
        """Deal with ``draw(why)`` supplying each card; ``why`` says which card and why."""
        p1 = draw(Said("the Player's first card is missing"))
        b1 = draw(Said("the Banker's first card is missing"))
        p2 = draw(Said("the Player's second card is missing"))
        b2 = draw(Said("the Banker's second card is missing"))
        player, banker = [p1, p2], [b1, b2]
        pt, bt = hand_total(player), hand_total(banker)
        reasons: list[str] = []
        natural = rules.is_natural(pt) or rules.is_natural(bt)
        p_draws = b_draws = False
        if natural:
            reasons.append(rules.natural_reason(pt, bt))
        else:
            p_draws = rules.player_draws(pt)
            reasons.append(rules.player_reason(pt))
            third = None
            if p_draws:
                third = draw(
                    Said("the Player draws on {total} but no third card was given", total=pt)
                )
                player.append(third)
            b_draws = rules.banker_draws(bt, None if third is None else third.value)
            reasons.append(rules.banker_reason(bt, third))
            if b_draws:
                banker.append(
                    draw(Said("the Banker draws on {total} but no third card was given", total=bt))
                )
        pf, bf = hand_total(player), hand_total(banker)
        outcome = classify(pf, len(player), bf, len(banker))
        reasons.append(outcome_reason(outcome, pf, len(player), bf, len(banker)))
        return cls(
            Hand(tuple(player)),
            Hand(tuple(banker)),
            natural,
            p_draws,
            b_draws,
            outcome,
            tuple(reasons),
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the coup used, in shoe order."""
        p, b = self.player.cards, self.banker.cards
        order = [p[0], b[0], p[1], b[1]]
        if len(p) == 3:
            order.append(p[2])
        if len(b) == 3:
            order.append(b[2])
        return tuple(order)

    @property
    def player_third_value(self) -> int | None:
        third = self.player.third
        return None if third is None else third.value

    @property
    def banker_cell(self) -> tuple[int, int | None] | None:
        """The tableau cell that decided the Banker: (two-card total, Player's third value or
        None when the Player stood); None on a natural."""
        if self.natural:
            return None
        return (self.banker.two_card_total, self.player_third_value)


def outcome_reason(
    outcome: Outcome,
    pf: int,
    p_cards: int,
    bf: int,
    b_cards: int,
    names: Collection[Outcome] = tuple(Outcome),
) -> str:
    """The result sentence; ``names`` are the outcomes the table names (a house without the
    side bets never says "Dragon 7", not even to say a hand is none)."""
    dragon = bf == 7 and b_cards == 3 and Outcome.DRAGON7 in names
    panda = pf == 8 and p_cards == 3 and Outcome.PANDA8 in names
    no_dragon = Said("a Banker three-card 7 that does not win is no Dragon 7")
    no_panda = Said("a Player three-card 8 that does not win is no Panda 8")
    if outcome is Outcome.TIE:
        if dragon or panda:
            return Said(
                "Player {player}, Banker {banker}: Tie ({why})",
                player=pf,
                banker=bf,
                why=no_dragon if dragon else no_panda,
            )
        return Said("Player {player}, Banker {banker}: Tie", player=pf, banker=bf)
    if outcome is Outcome.DRAGON7:
        return Said(
            "Banker wins {banker} to {player} with three cards totalling 7: Dragon 7",
            banker=bf,
            player=pf,
        )
    if outcome is Outcome.PANDA8:
        return Said(
            "Player wins {player} to {banker} with three cards totalling 8: Panda 8",
            player=pf,
            banker=bf,
        )
    if outcome is Outcome.BANKER:
        if panda:
            return Said(
                "Banker wins {banker} to {player} ({why})", banker=bf, player=pf, why=no_panda
            )
        return Said("Banker wins {banker} to {player}", banker=bf, player=pf)
    if dragon:
        return Said("Player wins {player} to {banker} ({why})", player=pf, banker=bf, why=no_dragon)
    return Said("Player wins {player} to {banker}", player=pf, banker=bf)
    if outcome is Outcome.DRAGON7:
        return f"Banker wins {bf} to {pf} with three cards totalling 7: Dragon 7"
    if outcome is Outcome.PANDA8:
        return f"Player wins {pf} to {bf} with three cards totalling 8: Panda 8"
    if outcome is Outcome.BANKER:
        text = f"Banker wins {bf} to {pf}"
        if panda:
            text += " (a Player three-card 8 that does not win is no Panda 8)"
        return text
    text = f"Player wins {pf} to {bf}"
    if dragon:
        text += " (a Banker three-card 7 that does not win is no Dragon 7)"
    return text
