"""What the engine says, kept as its kind and its parameters so the edges can word it.

A ``Said`` is a message's English template (its identity in the catalogues, extracted by
``python -m trainer.cli.catalogues`` like ``_("...")``) and the values put in it: cards,
totals, amounts, and other ``Said`` values (a hand's name, a rule).  It *is* the English
sentence too (a ``str``), so the machine-readable outputs (``--json``, the notation) and
every caller that reads the text keep it unchanged; ``trainer.words`` reads ``template`` and
``args`` and words it in the language spoken.  The engine never picks a language.
"""

from __future__ import annotations

from typing import Any


class Said(str):
    """A message: ``template`` (``str.format`` placeholders) with ``args``; its ``str`` value
    is the English.  Equal to (and hashed as) that English text, as the plain strings it
    replaces were."""

    template: str
    args: dict[str, Any]

    def __new__(cls, template: str, /, **args: Any) -> Said:
        said = super().__new__(cls, template.format(**args) if args else template)
        said.template = template
        said.args = args
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # copied or pickled, it stays what it is
        return (_said, (self.template, self.args))


def _said(template: str, args: dict[str, Any]) -> Said:
    return Said(template, **args)


def joined(parts: list[str], separator: str = "; ") -> Said:
    """``parts`` one after another (rules given together), each worded on its own."""
    if len(parts) == 1 and isinstance(parts[0], Said):
        return parts[0]
    names = {f"part{i}": part for i, part in enumerate(parts)}
    return Said(separator.join("{" + name + "}" for name in names), **names)
