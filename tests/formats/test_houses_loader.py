"""House files: the bundled houses round-trip through `houses show`, a complete file loads,
and every broken file reports all its problems at once, each at its line and column."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import jsonschema
import pytest
import yaml

from trainer.engine.call_words import CALL_FIELDS
from trainer.engine.games import Collection, Game
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.settlement import Bet
from trainer.fileformat.declare import reader_methods
from trainer.houses import fields
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import HouseReader, json_schema, load_house_file, load_house_text
from trainer.houses.text import house_yaml

CORPUS = Path(__file__).parents[1] / "data" / "broken_houses"

COMPLETE = """\
id: downtown-mini
name: Downtown mini-baccarat
description: Classic baccarat with the commission kept in a box until the shoe ends.
game: commission
decks: 6
paytable: {tie: 9}
bets: [player, banker, tie, dragon7]
commission:
  rate: 5%
  collect: end_of_shoe
  round_up_to: 0.25
  steps:
    - {up_to: 5, owes: 0.25}
    - {up_to: 10, owes: 0.50}
limits: {min: 5, max: 2000, side_max: 50, side_bets_need_base: true,
         side_bet_caps: {dragon7: banker}}
chips:
  - {value: 0.50, colour: grey}
  - {value: 1, colour: white}
  - {value: 5, colour: red}
seats: 9
settlement: {direction: clockwise, losers_first: false}
calls:
  wins: "{hand} wins, {high} over {low}"
sources: [the house's procedures manual]
"""


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_bundled_houses_round_trip_through_their_file(house_id: str) -> None:
    house = BUNDLED_HOUSES[house_id]
    assert load_house_text(house_yaml(house), house_id) == house


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_shown_files_follow_the_json_schema(house_id: str) -> None:
    data = yaml.safe_load(house_yaml(BUNDLED_HOUSES[house_id]))
    jsonschema.validate(data, json_schema())


def test_a_complete_file_loads() -> None:
    house = load_house_text(COMPLETE, "downtown.yaml")
    assert (house.id, house.game, house.decks, house.seats) == (
        "downtown-mini",
        Game.COMMISSION,
        6,
        9,
    )
    assert house.paytable.odds(Bet.TIE) == 9
    assert house.bets == (Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7)
    assert house.commission is not None
    assert house.commission.collection is Collection.END_OF_SHOE
    # 7 falls in the step "up to 10 owes 0.50"; 13 is above the table: 0.65 up to 0.75.
    assert house.commission.owed(Decimal(7)) == Decimal("0.50")
    assert house.commission.owed(Decimal(13)) == Decimal("0.75")
    assert house.limits.side_caps == {Bet.DRAGON7: Bet.BANKER}
    assert house.limits.side_max == 50 and house.limits.side_min == 5
    assert [c.colour for c in house.chips] == ["grey", "white", "red"]
    assert house.order.seats(9)[0] == 1 and not house.order.losers_first
    jsonschema.validate(yaml.safe_load(COMPLETE), json_schema())


def test_defaults_make_a_small_file_the_ez_house() -> None:
    house = load_house_text("id: mine\nname: Mine\n")
    ez = BUNDLED_HOUSES["ez"]
    assert (house.game, house.decks, house.paytable, house.bets, house.limits, house.seats) == (
        ez.game,
        ez.decks,
        ez.paytable,
        ez.bets,
        ez.limits,
        ez.seats,
    )


def test_a_commission_house_without_a_commission_section_takes_5_percent() -> None:
    house = load_house_text("id: c\nname: C\ngame: commission\n")
    assert house.commission is not None and house.commission.rate == Decimal("0.05")


def _problems(name: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(HouseFileError) as caught:
        load_house_file(CORPUS / name)
    return [(p.line, p.column, p.field, p.message) for p in caught.value.problems]


def test_every_problem_at_once_with_its_line() -> None:
    got = _problems("many_errors.yaml")
    where = [(line, column, field) for line, column, field, _ in got]
    assert where == [
        (1, 5, "id"),
        (3, 7, "game"),
        (4, 8, "decks"),
        (5, 17, "paytable.tie"),
        (5, 29, "paytable.dragon7"),
        (6, 21, "bets[2]"),
        (9, 8, "limits.max"),
        (10, 28, "limits.side_bet_caps.dragon7"),
        (13, 5, "chips[1].colour"),
        (13, 5, "chips[1]"),
        (14, 8, "seats"),
        (15, 25, "settlement.direction"),
        (17, 9, "calls.wins"),
        (18, 3, "calls.shuffle"),
        (19, 1, "colour"),
    ]
    messages = {field: message for _, _, field, message in got}
    assert "did you mean 'commission'" in messages["game"]
    assert "{winner} is not a field of this call" in messages["calls.wins"]


def test_rules_that_contradict_each_other() -> None:
    assert _problems("rules_clash.yaml") == [
        (5, 3, "commission", "the ez game takes no commission (only game: commission does)"),
        (
            10,
            28,
            "limits.side_bet_caps.dragon7",
            "the table does not offer dragon7 (bets: player, banker, tie)",
        ),
        (13, 5, "chips[1]", "a 5 chip is already listed (chips[0])"),
    ]


def test_step_tables_and_rates() -> None:
    got = _problems("steps_backwards.yaml")
    assert [(line, field) for line, _, field, _ in got] == [
        (5, "commission.rate"),
        (6, "commission.collect"),
        (9, "commission.steps[1]"),
    ]
    assert "up_to 5 must be above the step before it (up to 10)" in got[2][3]


def test_card_room_fee_rules() -> None:
    assert _problems("cardroom_no_fee.yaml")[0][2:] == (
        "fee",
        "the cardroom game needs a fee schedule (fee: {steps: [{up_to: 20, fee: 0.50}, {fee: 1}]})",
    )
    (problem,) = _problems("cardroom_fee.yaml")
    assert problem[:3] == (9, 7, "fee.steps[0]")
    short = (
        "id: s\nname: S\ngame: cardroom\nlimits: {max: 500}\nfee: {steps: [{up_to: 100, fee: 1}]}\n"
    )
    with pytest.raises(HouseFileError) as caught:
        load_house_text(short, "short.yaml")
    assert str(caught.value.problems[0]) == (
        "short.yaml:5:6: fee.steps: the fee schedule stops at 100 but the table takes wagers "
        "up to 500: add a last step without up_to"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "file is empty"),
        ("- a\n- b\n", "the top level must be a mapping"),
        ("id: &a x\nname: *a\n", "anchors and aliases"),
        ("id: !!python/object x\n", "YAML tag"),
        ("id: [unclosed\n", "YAML syntax error"),
    ],
)
def test_unsafe_or_malformed_yaml(text: str, message: str) -> None:
    with pytest.raises(HouseFileError, match=message):
        load_house_text(text, "bad.yaml")


def test_size_limit_and_binary(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("id: big\nname: Big\n" + "#" * fields.MAX_FILE_BYTES, encoding="utf-8")
    with pytest.raises(HouseFileError, match="too large"):
        load_house_file(big)
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"id: x\x00\n")
    with pytest.raises(HouseFileError, match="binary"):
        load_house_file(binary)
    with pytest.raises(HouseFileError, match="no such file"):
        load_house_file(tmp_path / "missing.yaml")


def test_declared_calls_are_the_engines() -> None:
    assert set(fields.CALLS) == set(CALL_FIELDS)


def test_schema_is_a_valid_json_schema() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert json.loads(json.dumps(schema))["title"] == "ezbac house"


def test_the_documented_example_house_loads() -> None:
    import re

    section = (Path(__file__).resolve().parents[2] / "docs" / "houses.md").read_text(
        encoding="utf-8"
    )
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block, "docs/houses.md has no example house"
    house = load_house_text(block.group(1), "docs/houses.md")
    assert house.id == "downtown-mini" and house.game is Game.COMMISSION
    assert house.commission is not None and house.commission.deferred
    fee = re.search(r"```yaml\n(id: downtown-cardroom\n.*?)```", section, re.S)
    assert fee, "docs/houses.md's card-room fee example is missing"
    cardroom = load_house_text(fee.group(1), "docs/houses.md")
    assert cardroom.fee is not None and cardroom.fee.fee(Decimal(150)) == 2


def test_shipped_schema_file_is_current() -> None:
    from trainer.houses.loader import schema_text

    shipped = Path(__file__).resolve().parents[2] / "trainer" / "houses" / "house.schema.json"
    assert shipped.read_text(encoding="utf-8") == schema_text(), (
        "regenerate with: ezbac houses schema > trainer/houses/house.schema.json"
    )


@pytest.mark.parametrize(
    ("text", "style", "cap"),
    [
        ("payout_chips: fewest", "fewest", None),
        ("payout_chips: colour_for_colour", "colour_for_colour", None),
        ("payout_chips: {max_each: 10}", "max_each", 10),
    ],
)
def test_payout_chips_read_shown_and_read_back(text: str, style: str, cap: int | None) -> None:
    house = load_house_text(f"id: x\nname: X\n{text}\n", "x.yaml")
    assert house.payout_chips.style.value == style and house.payout_chips.max_each == cap
    shown = house_yaml(house)
    assert text in shown.splitlines()
    assert load_house_text(shown, "shown") == house
    jsonschema.validate(yaml.safe_load(shown), json_schema())


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        # With the default chips the fewest cut of 4 is 4 white chips: a cap of 3 cannot hold.
        (
            "payout_chips: {max_each: 3}",
            "3:15: payout_chips",
            "max_each 3 is too few for these chips: a payout of 4 needs 4 chips of 1",
        ),
        ("payout_chips: max_each", "3:15: payout_chips", "write {max_each: 10}"),
        ("payout_chips: fewst", "3:15: payout_chips", "did you mean 'fewest'"),
        ("payout_chips: [fewest]", "3:15: payout_chips", "found a list"),
        ("payout_chips: {max_each: 0}", "3:26: payout_chips.max_each", "0 is out of range"),
        ("payout_chips: {max_each: 4, colour: red}", "3:29: payout_chips.colour", "unknown key"),
    ],
)
def test_payout_chips_problems_at_their_line(text: str, where: str, message: str) -> None:
    with pytest.raises(HouseFileError) as err:
        load_house_text(f"id: x\nname: X\n{text}\n", "x.yaml")
    line = str(err.value.problems[0])
    assert line.startswith(f"x.yaml:{where}") and message in line, line


def test_payout_cap_checked_against_the_files_own_chips() -> None:
    # Chips of 5 and 25 only: 20 takes 4 red at the fewest, so 4 fits and 3 does not.
    chips = "chips: [{value: 5, colour: red}, {value: 25, colour: green}]"
    assert load_house_text(f"id: x\nname: X\n{chips}\npayout_chips: {{max_each: 4}}\n")
    with pytest.raises(HouseFileError, match="a payout of 20 needs 4 chips of 5"):
        load_house_text(f"id: x\nname: X\n{chips}\npayout_chips: {{max_each: 3}}\n")


def test_every_declared_reader_is_the_house_readers_own() -> None:
    """mypy checks each name against HouseReads; this, that HouseReader implements it."""
    names = reader_methods(fields.HOUSE)
    assert "house" in names and "house_id" in names
    assert all(getattr(HouseReader, n) is not getattr(fields.HouseReads, n, None) for n in names)
