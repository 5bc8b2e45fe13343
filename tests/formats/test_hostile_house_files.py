"""A house's call wording is checked when the house loads: a wording that passed
``houses validate`` could crash later ({hand:d}, {hand!x}, {hand[0]}) or make each call a
gigabyte ({hand:>999999999})."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.cli import ezbac
from trainer.engine.call_words import CALL_FIELDS, Calls, call_problems


@pytest.mark.parametrize(
    "field",
    [
        "{hand:d}",
        "{hand!x}",
        "{hand[0]}",
        "{hand.real}",
        "{hand:>999999999}",
        "{hand!r}",
        "{total:,}",
    ],
)
def test_a_call_field_that_is_not_plain_is_refused_at_its_line(tmp_path: Path, field: str) -> None:
    text = ezbac("houses", "show", "ez").stdout.replace("id: ez", "id: worded")
    old = '  natural: "{hand} natural {total}"'
    assert old in text
    lines = text.replace(old, f'  natural: "{field} natural"').splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("  natural:"))
    house = tmp_path / "worded.yaml"
    house.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = ezbac("houses", "validate", str(house))
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout
    assert f"{house}:{number}:" in run.stdout + run.stderr


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(sorted(CALL_FIELDS)),
    wording=st.text(alphabet="{}!:>[].0123dhandtotalx ", max_size=24),
)
def test_a_wording_that_loads_always_makes_a_short_call(key: str, wording: str) -> None:
    if call_problems(key, wording):
        return
    values: dict[str, int | str] = {
        name: "Banker" if name == "hand" else 7 for name in CALL_FIELDS[key]
    }
    said = Calls({key: wording}).say(key, **values)
    assert len(said) <= len(wording) + 20 * len(values)


def test_a_declared_list_limit_is_enforced_at_its_line(tmp_path: Path) -> None:
    """The schema says 20 chips and 200 mistakes at most (one declaration, trainer/*/fields.py):
    the loader refuses one past it, where the list is."""
    from trainer.houses.fields import MAX_CHIPS
    from trainer.mistakes.fields import MAX_MISTAKES

    text = ezbac("houses", "show", "ez").stdout.replace("id: ez", "id: many")
    head, _, rest = text.partition("chips:\n")
    tail = rest[rest.index("\n", rest.rindex("  - {value")) + 1 :]
    for count, refused in ((MAX_CHIPS, False), (MAX_CHIPS + 1, True)):
        chips = "".join(f"  - {{value: {n}, colour: c{n}}}\n" for n in range(1, count + 1))
        house = tmp_path / "many.yaml"
        house.write_text(head + "chips:\n" + chips + tail, encoding="utf-8")
        run = ezbac("houses", "validate", str(house))
        out = run.stdout + run.stderr
        assert (f"at most {MAX_CHIPS}" in out) is refused, out
        if refused:
            line = head.count("\n") + 2 + MAX_CHIPS  # the first chip past the limit
            assert f"{house}:{line}:5: chips[{MAX_CHIPS}]" in out and run.returncode == 1
    one = (
        "  - id: m{n}\n    kind: payout_short\n    description: d\n"
        "    transform: odds_off\n    params: {{bet: dragon7, odds: 25}}\n"
    )
    from trainer.mistakes.loader import MistakesFileError, load_mistakes_text

    load_mistakes_text(
        "mistakes:\n" + "".join(one.format(n=n) for n in range(MAX_MISTAKES)), "m.yaml"
    )
    line = 2 + 5 * MAX_MISTAKES  # the first mistake past the limit
    with pytest.raises(
        MistakesFileError, match=rf"m.yaml:{line}:5: mistakes\[{MAX_MISTAKES}\]: .*at most"
    ):
        load_mistakes_text(
            "mistakes:\n" + "".join(one.format(n=n) for n in range(MAX_MISTAKES + 1)), "m.yaml"
        )


@pytest.mark.parametrize(
    ("name", "why"),
    [
        (r'"Evil\e]0;pwned\a house"', "U+001B"),  # set the window title when listed
        (r'"Two\nlines"', "one line"),
        (r'"Bell\a"', "U+0007"),
    ],
)
def test_text_a_terminal_shows_holds_no_control_character(
    tmp_path: Path, name: str, why: str
) -> None:
    text = ezbac("houses", "show", "ez").stdout.replace("id: ez", "id: evil")
    lines = [f"name: {name}" if line.startswith("name:") else line for line in text.splitlines()]
    house = tmp_path / "evil.yaml"
    house.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = ezbac("houses", "validate", str(house))
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("name:"))
    assert run.returncode == 1 and f"{house}:{number}:7: name:" in run.stdout + run.stderr
    assert why in run.stdout + run.stderr and "\x1b" not in run.stdout + run.stderr


def test_a_user_house_with_a_bundled_id_is_not_shadowed_in_silence(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "houses").mkdir(parents=True)
    text = ezbac("houses", "show", "ez").stdout.replace("max: 10000", "max: 500")
    (home / "houses" / "mine.yaml").write_text(text, encoding="utf-8")  # still id: ez
    listed = ezbac("houses", "list", env={"EZBAC_HOME": str(home)}).stdout
    assert "mine.yaml" in listed and "is a bundled house's" in listed


def test_a_folder_given_as_house_names_the_option_and_the_folder(tmp_path: Path) -> None:
    from tests.support.cli import usage_error

    line = usage_error(ezbac("check", "--house", f"{tmp_path}/", "9h", "3c", "8d", "4s"), "--house")
    assert str(tmp_path) in line and "folder" in line
