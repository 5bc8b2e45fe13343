"""docs/reference/ is made from the field declarations: a committed page that is not what
the generator makes today fails, naming the command that refreshes it."""

from __future__ import annotations

import pytest

from trainer.cli.reference import COMMAND, FOLDER, main, pages
from trainer.drills.fields import DRILL
from trainer.fileformat.declare import Field, ListOf, Obj, Scalar
from trainer.fileformat.reference import markdown, sections
from trainer.houses.fields import HOUSE
from trainer.mistakes.fields import FILE


@pytest.mark.parametrize("name", sorted(pages()))
def test_the_committed_reference_is_current(name: str) -> None:
    path = FOLDER / name
    assert path.is_file(), f"docs/reference/{name} is missing: run {COMMAND}"
    assert path.read_text(encoding="utf-8") == pages()[name], (
        f"docs/reference/{name} is out of date: run {COMMAND}"
    )


@pytest.mark.parametrize(
    ("obj", "name"),
    [(DRILL, "drill-fields.md"), (HOUSE, "house-fields.md"), (FILE, "mistakes-fields.md")],
)
def test_every_declared_field_has_a_row(obj: Obj, name: str) -> None:
    text = pages()[name]
    for path, section in sections(obj):
        if path:
            assert f"## `{path}`" in text
        for field in section.fields:
            assert f"| `{field}` |" in text, f"{path}.{field}"


def test_a_page_gives_type_default_and_doc_of_nested_sections() -> None:
    item = Obj(
        {"value": Field(Scalar("amount", {"type": "number"}), "Its value.", required=True)},
        "One chip.",
    )
    obj = Obj(
        {
            "name": Field(Scalar("line", {"type": "string"}), "A name | a title.", default="x"),
            "chips": Field(ListOf(item, 3), "The chips."),
        },
        "A file.",
    )
    text = markdown(obj, "Title", "Intro.")
    assert '| `name` | text | `"x"` | A name \\| a title. |' in text
    assert "| `chips` | list of sections ([`chips[]`](#chips)), at most 3 |  | The chips. |" in text
    assert "## `chips[]`\n\nOne chip." in text
    assert "| `value` | number | required | Its value. |" in text


def test_check_says_which_page_is_stale(
    monkeypatch: pytest.MonkeyPatch, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    import trainer.cli.reference as reference

    monkeypatch.setattr(reference, "FOLDER", tmp_path)
    assert main(["--check"]) == 1
    stale = f"docs/reference/drill-fields.md is out of date: run {COMMAND}"
    assert stale in capsys.readouterr().err
    assert main([]) == 0
    assert main(["--check"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(pages())
