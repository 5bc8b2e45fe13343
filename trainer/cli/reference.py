"""Writes docs/reference/ (the drill, house, mistakes, curriculum and irregularities files' field
references) from the field declarations: ``python -m trainer.cli.reference`` (``--check``
only says which page is out of date).  Not an ezbac command: the pages are for the
repository's docs."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from trainer.curriculum import fields as curriculum_fields
from trainer.drills import fields as drill_fields
from trainer.fileformat.reference import markdown
from trainer.houses import fields as house_fields
from trainer.irregularities import fields as irregularity_fields
from trainer.mistakes import fields as mistake_fields

#: Where the pages go in a clone of the repository.
FOLDER = Path(__file__).resolve().parents[2] / "docs" / "reference"
COMMAND = "python -m trainer.cli.reference"
_GENERATED = (
    f"Generated from the field declarations (`{{source}}`) by `{COMMAND}`; do not edit by hand."
)


def pages() -> dict[str, str]:
    """Each reference page's file name and text, as the declarations make it today."""
    return {
        "drill-fields.md": markdown(
            drill_fields.DRILL,
            "Drill file fields",
            "Every field of a drill file (see [drills.md](../drills.md)). "
            + _GENERATED.format(source="trainer/drills/fields.py"),
        ),
        "house-fields.md": markdown(
            house_fields.HOUSE,
            "House file fields",
            "Every field of a house file (see [houses.md](../houses.md)). "
            + _GENERATED.format(source="trainer/houses/fields.py"),
        ),
        "mistakes-fields.md": markdown(
            mistake_fields.FILE,
            "Mistakes file fields",
            "Every field of a mistakes file (see "
            "[drills.md](../drills.md#your-own-mistakes)). "
            + _GENERATED.format(source="trainer/mistakes/fields.py"),
        ),
        "curriculum-fields.md": markdown(
            curriculum_fields.FILE,
            "Curriculum file fields",
            "Every field of a curriculum file (see [schools.md](../schools.md#your-path)). "
            + _GENERATED.format(source="trainer/curriculum/fields.py"),
        ),
        "irregularities-fields.md": markdown(
            irregularity_fields.FILE,
            "Irregularities file fields",
            "Every field of the irregularities catalogue (see "
            "[drills.md](../drills.md#irregularities)). "
            + _GENERATED.format(source="trainer/irregularities/fields.py"),
        ),
    }


def stale(folder: Path | None = None) -> list[str]:
    """The pages in ``folder`` (docs/reference/) that differ from what the declarations make,
    or are missing."""
    folder = FOLDER if folder is None else folder
    out = []
    for name, text in pages().items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["--check"]:
        names = stale()
        for name in names:
            print(f"docs/reference/{name} is out of date: run {COMMAND}", file=sys.stderr)
        return 1 if names else 0
    if args:
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
