"""Which houses exist: the bundled ones (the engine's data) and the user's own folder, and
finding one by name or path for ``--house`` and a drill's ``house:``."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.said import Said
from trainer.errors import BadInputError
from trainer.paths import user_data_dir

SUFFIXES = (".yaml", ".yml")


class HouseNotFoundError(BadInputError):
    """No bundled or user house has that name, and it is no file either."""


def user_houses_dir() -> Path:
    """Where a user's own house files live (listed by `ezbac houses list`)."""
    return user_data_dir() / "houses"


@dataclass(frozen=True, slots=True)
class HouseEntry:
    id: str
    name: str
    bundled: bool
    path: Path | None = None
    house: House | None = None
    error: str | None = None  # the first problem of a broken user file

    @property
    def origin(self) -> str:
        return "bundled" if self.bundled else "user"


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())


def available_houses() -> list[HouseEntry]:
    """Bundled houses first (in their order), then the user's files by name; a broken user
    file is listed with its error rather than breaking the list."""
    from trainer.houses.errors import HouseFileError
    from trainer.houses.loader import load_house_file

    out = [HouseEntry(h.id, h.name, True, house=h) for h in BUNDLED_HOUSES.values()]
    for path in _files(user_houses_dir()):
        try:
            house = load_house_file(path)
        except HouseFileError as exc:
            out.append(HouseEntry(path.stem, "", False, path, error=str(exc.problems[0])))
            continue
        if house.id in BUNDLED_HOUSES:  # it could never be chosen by its id: say so
            out.append(
                HouseEntry(
                    house.id,
                    house.name,
                    False,
                    path,
                    error=Said(
                        "{path}: id {id} is a bundled house's: give yours another id "
                        "(--house with this file's path still reads it)",
                        path=str(path),
                        id=repr(house.id),
                    ),
                )
            )
            continue
        out.append(HouseEntry(house.id, house.name, False, path, house))
    return out


def looks_like_path(name: str) -> bool:
    """Whether a house name is a file's path (a YAML suffix or a folder in it), not an id."""
    return Path(name).suffix.lower() in SUFFIXES or "/" in name or "\\" in name


def find_house(name: str) -> House:
    """A house by bundled id, by the id of one of the user's house files, or by file path.

    HouseFileError (every problem, file:line:column) for a broken file; HouseNotFoundError,
    with a suggestion, for a name nothing answers to."""
    if name in BUNDLED_HOUSES:
        return BUNDLED_HOUSES[name]
    from trainer.houses.errors import HouseFileError
    from trainer.houses.loader import load_house_file

    path = Path(name).expanduser()
    if looks_like_path(name):
        if not path.exists():
            raise HouseNotFoundError(f"house file {name!r}: no such file")
        if path.is_dir():
            raise HouseNotFoundError(
                f"house file {name!r} is a folder: give a house file (.yaml) or a house's id"
            )
        return load_house_file(path)
    files = _files(user_houses_dir())
    for file in files:
        if file.stem == name:
            return load_house_file(file)
    for file in files:  # a file named otherwise whose id is the name
        try:
            house = load_house_file(file)
        except HouseFileError:
            continue
        if house.id == name:
            return house
    known = [*BUNDLED_HOUSES, *(f.stem for f in files)]
    hint = difflib.get_close_matches(name, known, n=1)
    suggestion = f" (did you mean {hint[0]}?)" if hint else ""
    raise HouseNotFoundError(
        f"{name!r} is not a house{suggestion}: houses are {', '.join(known)}, "
        "or give a house file's path (see 'ezbac houses list')"
    )
