"""The irregularities catalogue: the bundled one covers each irregularity once, a broken
file reports every problem at its line and column, and what a dealer is taught at a house
is its confirmed remedy, else "call the floor" (worked by hand from the bundled houses)."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.irregularities import (
    CALL_THE_FLOOR,
    Irregularity,
    IrregularityEntry,
    Source,
    taught,
)
from trainer.houses import fields as house_fields
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text
from trainer.houses.text import house_yaml
from trainer.irregularities import fields
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


def test_every_problem_at_its_line_and_column() -> None:
    with pytest.raises(IrregularitiesFileError) as caught:
        load_irregularities_text(BROKEN, "i.yaml")
    got = [(p.line, p.column, p.field) for p in caught.value.problems]
    assert got == [
        (7, 5, "irregularities[1].id"),
        (11, 13, "irregularities[1].source"),
        (12, 5, "irregularities[2].remedy"),
        (12, 9, "irregularities[2].id"),
        (16, 5, "irregularities[2].colour"),
    ]
    messages = [p.message for p in caught.value.problems]
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


def test_the_wrong_hand_scene_is_a_card_dealt_to_the_other_hand() -> None:
    """Cards 1 to 4 go Player, Banker, Player, Banker (RULES.md): the card the scene names
    by its place in the coup is the hand's card it says, and the box it went to is the
    other hand's (a scene describing a card dealt right taught nothing)."""
    import re

    scene = " ".join(CATALOGUE[Irregularity.WRONG_HAND].scene.split())
    m = re.search(
        r"the (\w+) card of the coup to the (Player|Banker)'s box; it was the "
        r"(Player|Banker)'s (\w+) card",
        scene,
    )
    assert m, scene
    place, box, hand, nth = m.group(1), m.group(2), m.group(3), m.group(4)
    order = ["Player", "Banker", "Player", "Banker"]
    assert order[_ORDINAL[place] - 1] == hand
    assert order[: _ORDINAL[place]].count(hand) == _ORDINAL[nth]
    assert box != hand


def test_the_scenes_of_too_many_and_too_few_cards_follow_the_drawing_rules() -> None:
    """The Player standing on 7 draws no card, so a third card is one too many; a Banker on
    3 after the Player stood on 6 draws, so calling the result without it is one too few."""
    import re

    from trainer.engine.rules import banker_draws, player_draws

    many = CATALOGUE[Irregularity.TOO_MANY_CARDS].scene
    m = re.search(r"The Player stands on (\d)", many)
    assert m and not player_draws(int(m.group(1)))
    few = " ".join(CATALOGUE[Irregularity.TOO_FEW_CARDS].scene.split())
    m = re.search(r"The Banker has (\d) and the Player stood on (\d)", few)
    assert m and not player_draws(int(m.group(2)))
    assert banker_draws(int(m.group(1)), None)
