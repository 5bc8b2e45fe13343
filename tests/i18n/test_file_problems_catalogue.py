"""Every message the file readers can give is a ``Said`` template the catalogues hold,
translated in every language: none is a plain string or an f-string the edges cannot word."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from trainer.cli.catalogues import TEMPLATE, po_path, read, translated

ROOT = Path(__file__).resolve().parents[2] / "trainer"
#: The modules whose messages are a file's problems (the generic readers, the drill
#: files' and the catalogues of drills and houses they name).
MODULES = [
    "fileformat/reading.py",
    "fileformat/problems.py",
    "drills/loader.py",
    "drills/sections.py",
    "drills/kinds.py",
    "drills/fields.py",
    "drills/catalogue.py",
    "houses/catalogue.py",
]
#: A reader's method and where its message (or the words of what it expects) goes.
MESSAGE_AT = {
    "err": 2,
    "scalar": 2,
    "seq": 2,
    "choice": 3,
    "integer": 4,
    "values": 4,
    "count_range": 3,
    "TextProblem": 0,
    "Problem": 4,
    "DrillError": 0,
    "DrillNotFoundError": 0,
    "HouseNotFoundError": 0,
}


def _calls(module: str) -> list[ast.Call]:
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _templates() -> list[tuple[str, ...]]:
    found = []
    for module in MODULES:
        for call in _calls(module):
            name = _name(call)
            count = {"Said": 1, "Plural": 2, "phrase": 1}.get(name, 0)
            words = [a.value for a in call.args[:count] if isinstance(a, ast.Constant)]
            if count and len(words) == count:
                found.append(tuple(words))
    return found


def _plain(node: ast.expr) -> bool:
    """A message given as a plain string: a literal, an f-string or strings glued."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_plain(node.left) or _plain(node.right))


@pytest.mark.parametrize("module", MODULES)
def test_no_message_is_a_plain_string(module: str) -> None:
    plain = []
    for call in _calls(module):
        at = MESSAGE_AT.get(_name(call))
        if at is not None and len(call.args) > at and _plain(call.args[at]):
            plain.append(f"{module}:{call.lineno}")
    assert plain == []


def test_the_readers_give_many_messages() -> None:
    assert len(_templates()) > 120


@pytest.mark.parametrize("language", ["template", *translated()])
def test_every_message_is_in_the_catalogue(language: str) -> None:
    catalogue = read(TEMPLATE if language == "template" else po_path(language))
    missing = []
    for words in _templates():
        message = catalogue.get(words[0])
        if message is None or (
            language != "template"
            and not all([message.string] if isinstance(message.string, str) else message.string)
        ):
            missing.append(words[0])
    assert missing == []
