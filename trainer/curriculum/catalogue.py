"""Which curriculum a trainee follows: the one a ``--curriculum`` option names, else the
school's own ``curriculum.yaml`` in the ezbac folder, else the bundled path."""

from __future__ import annotations

from pathlib import Path

from trainer.curriculum.model import Curriculum
from trainer.paths import user_data_dir

FILE_NAME = "curriculum.yaml"


def bundled_path() -> Path:
    """The bundled path: from the draws to spotting errors (``bundled.yaml`` here)."""
    return Path(__file__).resolve().parent / "bundled.yaml"


def user_curriculum_path() -> Path:
    """Where a school's own curriculum goes to replace the bundled one."""
    return user_data_dir() / FILE_NAME


def curriculum_path(option: str | Path | None = None) -> Path:
    """The file to follow: ``option`` (a path), the folder's own file, or the bundled one."""
    if option:
        return Path(option).expanduser()
    own = user_curriculum_path()
    return own if own.is_file() else bundled_path()


def drill_ids() -> frozenset[str]:
    """The drills a curriculum may name: the bundled ones and the user's own (a cheap
    listing, as the home screen makes it)."""
    from trainer.drills.catalogue import available_drills

    return frozenset(e.id for e in available_drills(check=False))


def load_curriculum(option: str | Path | None = None) -> Curriculum:
    """The curriculum to follow, checked against the drills there are;
    CurriculumFileError (every problem, file:line:column) if it cannot be used."""
    from trainer.curriculum.loader import load_curriculum_file

    return load_curriculum_file(curriculum_path(option), drill_ids())
