"""Coups dealt from cards: outcomes (Dragon 7, Panda 8 and their look-alikes), missing and
unused cards.  Expected results are worked by hand from docs/rules.md."""

from __future__ import annotations

import dataclasses

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.coup import Coup, Outcome, classify
from trainer.engine.errors import MissingCardError


def coup(text: str) -> Coup:
    return Coup.from_cards(parse_cards(text))


# Cards in shoe order: P1 B1 P2 B2 [P3] [B3].
@pytest.mark.parametrize(
    ("cards", "outcome", "player", "banker"),
    [
        # P 4+2=6 stands; B 3+K=3 draws 8 -> 1. Player 6 beats 1.
        ("4h 3s 2d Kc 8h", Outcome.PLAYER, 6, 1),
        # P 9 natural vs B 7.
        ("9s 2h Kd 5c", Outcome.PLAYER, 9, 7),
        # B natural 8 vs P 5.
        ("2s 4h 3d 4c", Outcome.BANKER, 5, 8),
        # Natural 9 each: tie.
        ("9s 9h Kd Kc", Outcome.TIE, 9, 9),
        # P 2+3=5 draws 3 -> 8 (three cards); B 4+2=6 stands on a 3. Panda 8.
        ("2s 4h 3d 2c 3h", Outcome.PANDA8, 8, 6),
        # P 3+K=3 draws K -> 3; B 3+2=5 stands on a 0 (5 draws on 4-7 only): Banker 5 wins.
        ("3s 3h Kd 2c Kh", Outcome.BANKER, 3, 5),
        # P K+A=1 draws 5 -> 6; B 2+2=4 draws on a 5, draws 3 -> 7. Dragon 7.
        ("Ks 2h As 2c 5d 3c", Outcome.DRAGON7, 6, 7),
        # Two-card Banker 7 beating Player 6: plain Banker win, no Dragon.
        ("3s 4h 3d 3c", Outcome.BANKER, 6, 7),
        # P 2+2=4 draws 3 -> 7; B 2+2=4 draws on a 3, draws 3 -> 7: a three-card 7 ties.
        ("2s 2h 2d 2c 3h 3c", Outcome.TIE, 7, 7),
        # P 1+1=2 draws 6 -> 8; B K+4=4 draws on a 6, draws 4 -> 8: a three-card 8 ties.
        ("As Kh Ad 4c 6h 4d", Outcome.TIE, 8, 8),
        # Player two-card 8 natural beating Banker 5: plain Player win, no Panda.
        ("4s 2h 4d 3c", Outcome.PLAYER, 8, 5),
        # P 1+1=2 draws 6 -> 8; B K+6=6 draws on a 6, draws A -> 7: Player three-card 8 wins:
        # Panda 8 even against a Banker three-card 7 (which loses, so no Dragon).
        ("As Kh Ad 6c 6h Ac", Outcome.PANDA8, 8, 7),
        # P 6 stands; B 0+1 = 1 draws 6 -> 7 with three cards: Dragon 7 with the Player stood.
        ("3s Kh 3d Ac 6h", Outcome.DRAGON7, 6, 7),
    ],
)
def test_outcomes(cards: str, outcome: Outcome, player: int, banker: int) -> None:
    result = coup(cards)
    assert (result.outcome, result.player.total, result.banker.total) == (outcome, player, banker)
    assert result.cards == parse_cards(cards)
    assert result.unused == ()


def test_look_alikes_say_why_they_are_no_dragon_or_panda() -> None:
    assert "no Dragon 7" in coup("2s 2h 2d 2c 3h 3c").rules[-1]
    assert "no Panda 8" in coup("As Kh Ad 4c 6h 4d").rules[-1]
    # P A+A=2 draws 6 -> 8; B K+4=4 draws on a 6, draws 5 -> 9: Banker beats a three-card 8.
    losing_eight = coup("As Kh Ad 4c 6h 5d")
    assert losing_eight.outcome is Outcome.BANKER
    assert losing_eight.rules[-1] == (
        "Banker wins 9 to 8 (a Player three-card 8 that does not win is no Panda 8)"
    )
    assert coup("Ks 2h As 2c 5d 3c").rules[-1].endswith("Dragon 7")
    assert coup("2s 4h 3d 2c 3h").rules[-1].endswith("Panda 8")


@pytest.mark.parametrize(
    ("pf", "pc", "bf", "bc", "outcome"),
    [
        (7, 2, 7, 3, Outcome.TIE),
        (6, 3, 7, 3, Outcome.DRAGON7),
        (6, 2, 7, 2, Outcome.BANKER),
        (8, 3, 7, 3, Outcome.PANDA8),
        (8, 2, 7, 3, Outcome.PLAYER),
        (8, 3, 8, 2, Outcome.TIE),
        (8, 3, 9, 2, Outcome.BANKER),
        (7, 3, 6, 3, Outcome.PLAYER),
        (9, 3, 7, 3, Outcome.PLAYER),
    ],
)
def test_classify(pf: int, pc: int, bf: int, bc: int, outcome: Outcome) -> None:
    assert classify(pf, pc, bf, bc) is outcome


def test_outcome_families() -> None:
    assert {o for o in Outcome if o.player_wins} == {Outcome.PLAYER, Outcome.PANDA8}
    assert {o for o in Outcome if o.banker_wins} == {Outcome.BANKER, Outcome.DRAGON7}
    assert Outcome.DRAGON7.label == "Dragon 7" and Outcome.PANDA8.label == "Panda 8"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("", "the Player's first card is missing"),
        ("4h", "the Banker's first card is missing"),
        ("4h 3s", "the Player's second card is missing"),
        ("4h 3s 2d", "the Banker's second card is missing"),
        ("4h 3s Kd Kc", "the Player draws on 4 but no third card was given"),
        ("4h 3s 2d Kc", "the Banker draws on 3 but no third card was given"),
        ("4h 3s Kd Kc 9h", "the Banker draws on 3 but no third card was given"),
    ],
)
def test_missing_cards_say_which(cards: str, message: str) -> None:
    with pytest.raises(MissingCardError) as info:
        coup(cards)
    assert str(info.value) == message


def test_unused_cards_are_kept_in_order() -> None:
    result = coup("9s 2h Kd 5c 7h 8d")
    assert result.unused == parse_cards("7h 8d")
    assert result.cards == parse_cards("9s 2h Kd 5c")
    assert coup("4h 3s 2d Kc 8h Ac").unused == parse_cards("Ac")


def test_hands_follow_shoe_order() -> None:
    result = coup("Ks 2h As 2c 5d 3c")
    assert result.player.cards == parse_cards("Ks As 5d")
    assert result.banker.cards == parse_cards("2h 2c 3c")
    assert result.player.two_card_total == 1 and result.banker.two_card_total == 4
    assert result.player.third == parse_cards("5d")[0]
    assert result.player_third_value == 5


def test_coup_is_immutable() -> None:
    result = coup("9s 2h Kd 5c")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.outcome = Outcome.BANKER  # type: ignore[misc]


def test_deal_asks_for_cards_with_the_reason() -> None:
    cards = iter(parse_cards("4h 3s Kd Kc 5h 6c"))
    asked: list[str] = []

    def draw(why: str):  # type: ignore[no-untyped-def]
        asked.append(why)
        return next(cards)

    result = Coup.deal(draw)
    assert len(asked) == 6
    assert "third card" in asked[4] and "Player" in asked[4]
    assert "Banker" in asked[5]
    # P 4 draws 5 -> 9; B 3 on a 5 draws 6 -> 9.
    assert (result.outcome, result.player.total, result.banker.total) == (Outcome.TIE, 9, 9)
