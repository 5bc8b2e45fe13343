"""The trainer's remembered preferences (trainee name, four-colour deck, language), a small
JSON file in the per-user data directory.

A settings file that cannot be read is left exactly as it is (never overwritten): the
trainer runs on defaults and says why.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from trainer.paths import user_data_dir, write_atomic

SETTINGS_FILE = "settings.json"
#: Longest trainee name: it fits the home screen's line, the reports and the history.
MAX_NAME = 40


def trainee_name(text: str) -> str:
    """A typed name as stored: runs of spaces made one, ends trimmed; ValueError saying why
    when that leaves nothing or more than MAX_NAME characters."""
    name = " ".join(text.split())
    if not name:
        raise ValueError("the name is empty")
    if len(name) > MAX_NAME:
        raise ValueError(f"the name is longer than {MAX_NAME} characters")
    return name


@dataclass(frozen=True, slots=True)
class Settings:
    trainee: str = ""
    four_colour: bool = False
    #: The language chosen on home (a code of trainer.i18n.LANGUAGES); "": the environment's.
    language: str = ""


@dataclass(frozen=True, slots=True)
class Loaded:
    settings: Settings
    path: Path
    problem: str | None = None  # why the file was not used, if it was not


def settings_path() -> Path:
    return user_data_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Loaded:
    from trainer.jsonfile import loads

    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(Settings(), path)
    except OSError as exc:
        return Loaded(Settings(), path, f"{path}: cannot read settings ({exc.strerror})")
    try:
        data = loads(raw)  # one safe reader for ezbac's own files (trainer.jsonfile)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        trainee = data.get("trainee", "")
        four = data.get("four_colour", False)
        language = data.get("language", "")
        if not all(isinstance(v, str) for v in (trainee, language)) or not isinstance(four, bool):
            raise ValueError("unexpected value types")
    except ValueError as exc:  # the file is kept as it is (save_settings never overwrites it)
        return Loaded(Settings(), path, f"{path}: settings ignored, not valid ({exc})")
    return Loaded(Settings(trainee.strip(), four, language.strip()), path)


def save_settings(loaded: Loaded, settings: Settings) -> Loaded:
    """Write ``settings`` atomically; a file that could not be read is never overwritten."""
    if loaded.problem is not None:
        return Loaded(settings, loaded.path, loaded.problem)
    path = loaded.path
    try:
        data = asdict(settings)
        if not settings.language:  # none chosen: the file as it was before languages
            del data["language"]
        write_atomic(path, json.dumps(data, indent=2) + "\n")
    except OSError as exc:
        return Loaded(settings, path, f"{path}: cannot save settings ({exc.strerror})")
    return Loaded(settings, path)
