"""The irregularities catalogue: the bundled one covers each irregularity once, a broken
file reports every problem at its line and column, and what a dealer is taught at a house
is its confirmed remedy, else "call the floor" (worked by hand from the bundled houses)."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from trainer.engine.cards import Card, DealtCard, Side, hand_total
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.irregularities import (
    CALL_THE_FLOOR,
    Irregularity,
    IrregularityEntry,
    Source,
    taught,
)
from trainer.engine.rules import banker_draws, is_natural, player_draws
from trainer.fileformat.problems import Problem
from trainer.houses import fields as house_fields
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text
from trainer.houses.text import house_yaml
from trainer.irregularities import fields
from trainer.irregularities.fields import MAX_FELT
from trainer.irregularities.loader import (
    BUNDLED,
    IrregularitiesFileError,
    bundled,
    load_irregularities_text,
    schema_text,
)

CATALOGUE = {e.kind: e for e in bundled()}


def test_the_bundled_catalogue_has_each_irregularity_once() -> None:
    assert [e.kind for e in bundled()] == list(Irregularity)
    assert tuple(k.value for k in Irregularity) == fields.KINDS
    assert tuple(k.value for k in Irregularity) == house_fields.IRREGULARITIES
    assert all(e.remedy and e.scene and e.cites for e in bundled())
    jsonschema.validate(yaml.safe_load(BUNDLED.read_text(encoding="utf-8")), _schema())


def _schema() -> dict[str, object]:
    import json

    return dict(json.loads(schema_text()))


def test_shipped_schema_file_is_current() -> None:
    assert BUNDLED.with_name("irregularities.schema.json").read_text(encoding="utf-8") == (
        schema_text()
    )


BROKEN = """\
irregularities:
  - id: misdeal
    name: A misdeal
    scene: Five cards for four.
    remedy: The coup is void.
    source: standard
  - id: misdeal
    name: Again
    scene: x
    remedy: y
    source: the floor
  - id: card_lost
    name: Lost
    scene: x
    source: standard
    colour: red
"""


def _problems(text: str) -> list[Problem]:
    """Every problem loading ``text`` as ``i.yaml`` reports, in order."""
    with pytest.raises(IrregularitiesFileError) as caught:
        load_irregularities_text(text, "i.yaml")
    return list(caught.value.problems)


def test_every_problem_at_its_line_and_column() -> None:
    problems = _problems(BROKEN)
    got = [(p.line, p.column, p.field) for p in problems]
    assert got == [
        (7, 5, "irregularities[1].id"),
        (11, 13, "irregularities[1].source"),
        (12, 5, "irregularities[2].remedy"),
        (12, 9, "irregularities[2].id"),
        (16, 5, "irregularities[2].colour"),
    ]
    messages = [p.message for p in problems]
    assert messages[0] == "'misdeal' is already in the catalogue (each once)"


@pytest.mark.parametrize(
    ("house", "kind", "remedy", "source"),
    [
        # ez confirms the common standard for an exposed card: taught as the standard
        (
            "ez",
            Irregularity.CARD_EXPOSED,
            CATALOGUE[Irregularity.CARD_EXPOSED].remedy,
            Source.STANDARD,
        ),
        # the sources disagree on a card to the wrong hand and ez has not confirmed one
        ("ez", Irregularity.WRONG_HAND, CALL_THE_FLOOR, Source.ASK_FLOOR),
        # the commission house confirms the disputed card-on-the-floor remedy: its own rule
        (
            "commission",
            Irregularity.CARD_ON_FLOOR,
            CATALOGUE[Irregularity.CARD_ON_FLOOR].remedy,
            Source.HOUSE,
        ),
        ("ez", Irregularity.CARD_ON_FLOOR, CALL_THE_FLOOR, Source.ASK_FLOOR),
        # the card room confirms nothing: even a standard is taught as "call the floor"
        ("cardroom", Irregularity.MISDEAL, CALL_THE_FLOOR, Source.ASK_FLOOR),
    ],
)
def test_what_a_dealer_is_taught(
    house: str, kind: Irregularity, remedy: str, source: Source
) -> None:
    got = taught(CATALOGUE[kind], BUNDLED_HOUSES[house].remedies)
    assert (got.remedy, got.source) == (remedy, source)
    assert got.standard == CATALOGUE[kind].remedy


def test_a_house_words_its_own_remedy() -> None:
    text = (
        "id: h\nname: H\nremedies:\n  misdeal: confirmed\n"
        '  card_on_floor: "The card is dead: burn it"\n'
    )
    house = load_house_text(text)
    got = taught(CATALOGUE[Irregularity.CARD_ON_FLOOR], house.remedies)
    assert (got.remedy, got.source) == ("The card is dead: burn it", Source.HOUSE)
    assert taught(CATALOGUE[Irregularity.MISDEAL], house.remedies).source is Source.STANDARD
    assert load_house_text(house_yaml(house)) == house
    with pytest.raises(HouseFileError) as caught:
        load_house_text("id: h\nname: H\nremedies: {misdeal: '', lost_card: confirmed}\n", "h.yaml")
    assert [(p.line, p.column, p.field) for p in caught.value.problems] == [
        (3, 21, "remedies.misdeal"),
        (3, 25, "remedies.lost_card"),
    ]


def test_a_catalogue_cannot_claim_a_houses_rule() -> None:
    with pytest.raises(ValueError, match="a house confirms it"):
        IrregularityEntry(Irregularity.MISDEAL, "m", "s", "r", Source.HOUSE)


def test_the_bundled_file_loads_from_its_path() -> None:
    assert Path(BUNDLED).is_file()


_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}
ORDER = (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER)  # cards 1 to 4 (docs/rules.md)


def _scene(kind: Irregularity) -> str:
    return " ".join(CATALOGUE[kind].scene.split())


def _box(kind: Irregularity, side: Side) -> tuple[Card, ...]:
    return tuple(d.card for d in CATALOGUE[kind].felt if d.to is side)


def test_the_wrong_hand_scene_is_a_card_dealt_to_the_other_hand() -> None:
    """The card the scene names by its place in the coup is the hand's card it says, the
    box it went to is the other hand's (a scene of a card dealt right taught nothing), and
    the felt shows it there: the first card and it, both in that box."""
    m = re.search(
        r"the (\w+) card of the coup to the (Player|Banker)'s box; it was the "
        r"(Player|Banker)'s (\w+) card",
        _scene(Irregularity.WRONG_HAND),
    )
    assert m, _scene(Irregularity.WRONG_HAND)
    place, box, hand, nth = _ORDINAL[m.group(1)], m.group(2), m.group(3), _ORDINAL[m.group(4)]
    assert ORDER[place - 1].label == hand
    assert [s.label for s in ORDER[:place]].count(hand) == nth
    assert box != hand
    felt = CATALOGUE[Irregularity.WRONG_HAND].felt
    assert len(felt) == place and felt[-1].to.label == box
    assert all(d.to is ORDER[i] for i, d in enumerate(felt[:-1]))


def test_the_scenes_of_too_many_and_too_few_cards_follow_the_drawing_rules() -> None:
    """The Player standing on 7 draws no card, so a third card in its box is one too many;
    a Banker on 3 after the Player stood on 6 draws, so calling the result without it is one
    too few. The felt holds the totals the scene says."""
    m = re.search(r"The Player stands on (\d)", _scene(Irregularity.TOO_MANY_CARDS))
    assert m
    player, banker = (
        _box(Irregularity.TOO_MANY_CARDS, Side.PLAYER),
        _box(Irregularity.TOO_MANY_CARDS, Side.BANKER),
    )
    assert hand_total(player[:2]) == int(m.group(1)) and len(player) == 3
    assert not is_natural(hand_total(banker[:2])) and not player_draws(int(m.group(1)))

    m = re.search(
        r"The Banker has (\d) and the Player stood on (\d)", _scene(Irregularity.TOO_FEW_CARDS)
    )
    assert m
    b, p = int(m.group(1)), int(m.group(2))
    player, banker = (
        _box(Irregularity.TOO_FEW_CARDS, Side.PLAYER),
        _box(Irregularity.TOO_FEW_CARDS, Side.BANKER),
    )
    assert (hand_total(player), hand_total(banker)) == (p, b)
    assert (len(player), len(banker)) == (2, 2) and not player_draws(p) and banker_draws(b, None)


def test_each_felt_is_the_moment_its_scene_tells() -> None:
    """Worked from the scenes: the Banker's second card (the coup's fourth) still to come
    when a card is exposed drawing it; nothing dealt while the shoe is loaded; five cards
    for the first four in a misdeal; and every felt's first cards, until the one that went
    wrong, in the order the rules deal them."""
    exposed = CATALOGUE[Irregularity.CARD_EXPOSED].felt
    assert tuple(d.to for d in exposed) == ORDER[:3]
    assert CATALOGUE[Irregularity.CUT_CARD_MISPLACED].felt == ()
    assert len(CATALOGUE[Irregularity.MISDEAL].felt) == 5
    for e in bundled():
        assert len(e.felt) <= 6 and len({d.card for d in e.felt}) == len(e.felt), e.kind
        if e.kind not in (Irregularity.WRONG_HAND, Irregularity.MISDEAL):
            assert all(d.to is ORDER[i] for i, d in enumerate(e.felt[:4])), e.kind


BAD_FELT = """\
irregularities:
  - id: misdeal
    name: A misdeal
    scene: Five cards for four.
    felt: [P:4s, X:9d, B:Zz]
    remedy: The coup is void.
    source: standard
  - id: card_exposed
    name: Exposed
    scene: A card flips.
    felt: P:Kh
    remedy: It plays.
    source: standard
  - id: too_many_cards
    name: Many
    scene: Nine cards.
    felt: [P:Ah, P:2h, P:3h, P:4h, P:5h, P:6h, P:7h, P:8h, P:9h]
    remedy: Burn them.
    source: standard
"""


def test_a_felt_card_is_reported_at_its_line_and_column() -> None:
    problems = _problems(BAD_FELT)
    got = [(p.line, p.column, p.field) for p in problems]
    assert got == [
        (5, 18, "irregularities[0].felt[1]"),
        (5, 24, "irregularities[0].felt[2]"),
        (11, 11, "irregularities[1].felt"),
        (17, 11, "irregularities[2].felt"),
    ]
    assert "P: (Player) or B: (Banker)" in problems[0].message
    assert "9" in problems[-1].message and str(MAX_FELT) in problems[-1].message


@pytest.mark.parametrize("text", ["P:9h", "B:Tc", "p:10♦"])
def test_a_card_on_the_felt_reads_back_as_written(text: str) -> None:
    dealt = DealtCard.parse(text)
    assert DealtCard.parse(str(dealt)) == dealt
    assert str(dealt)[:2] == text[:2].upper()
