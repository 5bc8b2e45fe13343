"""trainer.fileformat is not drill-specific: a format declared with it (here a small
made-up one) is read with located problems, scanned cheaply and described by a JSON Schema.
Expected lines and columns are read off the texts by hand."""

from __future__ import annotations

import pytest

from trainer.fileformat import declare as D
from trainer.fileformat import reading
from trainer.fileformat.problems import FileProblemsError, ScanProblem
from trainer.fileformat.scanning import scan_top_level

R = D.ScalarReads
NAME = D.Scalar(D.reads(R.line), {"type": "string", "minLength": 1})


class _Table(D.Obj):
    name = D.Field(NAME, "What the table is called.", required=True, listed=True)
    minimum = D.Field(D.Scalar(D.reads(R.amount), {"type": "number"}), "Table minimum.", default=5)
    odds = D.Field(
        D.MapOf(("tie", "panda8"), D.Scalar(D.reads(R.odds), {"type": "number"})),
        "Paytable overrides.",
    )
    seats = D.Field(
        D.Scalar(D.reads(R.integer, 1, 7, "seats"), {"type": "integer"}),
        "Seats.",
        default=7,
        listed=True,
    )


TABLE = _Table(doc="A table.")


class TableError(FileProblemsError):
    pass


def read(text: str) -> dict[str, object]:
    root = reading.compose(text, "t.yaml", TableError)
    reader = reading.Reader("t.yaml")
    values = reader.fields(root, TABLE, "")
    if reader.problems:
        raise TableError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    assert values is not None
    return values


def test_a_clean_file_reads_by_its_declaration() -> None:
    values = read("name: '  Main pit  '\nminimum: 2.50\nodds: {tie: 9}\n")
    assert values == {"name": "Main pit", "minimum": pytest.approx(2.5), "odds": {"tie": 9}}
    assert str(values["minimum"]) == "2.50"  # from the text, exactly


def test_every_problem_is_located() -> None:
    with pytest.raises(TableError) as info:
        read("minimum: '٥'\nodds: {tie: 9, dragon: 1}\nseats: 9\nseets: 1\n")
    assert [(p.line, p.column, p.field) for p in info.value.problems] == [
        (1, 1, "name"),  # required, missing: reported at the mapping
        (1, 10, "minimum"),
        (2, 16, "odds.dragon"),
        (3, 8, "seats"),
        (4, 1, "seets"),
    ]
    assert "did you mean 'seats'" in info.value.problems[-1].message


def test_yaml_level_refusals_are_located() -> None:
    with pytest.raises(TableError, match=r"t.yaml:2:8: anchors and aliases"):
        reading.compose("name: x\nseats: &a 3\n", "t.yaml", TableError)


def test_scan_and_schema_follow_the_declaration() -> None:
    top, counts = scan_top_level("name: Main\nseats: 6\nodds: {tie: 9}\n", TABLE.listed())
    assert (top, counts) == ({"name": "Main", "seats": "6"}, {})
    with pytest.raises(ScanProblem):
        scan_top_level("- a list\n", TABLE.listed())
    schema = D.json_schema(TABLE, schema_id="x", title="table")
    assert schema["required"] == ["name"]
    assert schema["properties"]["seats"]["default"] == 7
    assert set(schema["properties"]["odds"]["properties"]) == {"tie", "panda8"}
    assert TABLE.minimum.default == 5


def test_fields_are_reached_by_attribute_in_the_files_order() -> None:
    assert list(TABLE.fields) == ["name", "minimum", "odds", "seats"]
    assert TABLE.fields["seats"] is TABLE.seats and TABLE.seats.name == "seats"
    assert TABLE.seats.of({"seats": 3}) == 3 and TABLE.seats.of({}) == 7
    assert TABLE.seats.kind.reader == D.Reads("integer", (1, 7, "seats"))
    # the mapping form is the same declaration
    same = D.Obj({"name": D.Field(NAME, "Its name.", required=True)}, "A table.")
    assert same.required == ("name",) and same.fields["name"].name == "name"


def test_a_field_belongs_to_one_obj_and_one_form() -> None:
    with pytest.raises(TypeError):
        D.Obj({"chairs": TABLE.seats})  # already TABLE's seats

    class Both(D.Obj):
        seats = D.Field(NAME, "Seats.")

    with pytest.raises(TypeError):
        Both({"name": D.Field(NAME, "Its name.")})
