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


class Plural(Said):
    """A ``Said`` about ``count`` things: ``singular`` and ``plural`` as ``ngettext`` takes
    them (the language's plural rules pick the form), ``count`` among the ``args``."""

    singular: str
    plural: str
    number: int  # the count (``str.count`` is a method)

    def __new__(cls, singular: str, plural: str, count: int, /, **args: Any) -> Plural:
        said = super().__new__(cls, singular if count == 1 else plural, count=count, **args)
        assert isinstance(said, Plural)
        said.singular, said.plural, said.number = singular, plural, count
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        args = {k: v for k, v in self.args.items() if k != "count"}
        return (_plural, (self.singular, self.plural, self.number, args))


def _plural(singular: str, plural: str, count: int, args: dict[str, Any]) -> Plural:
    return Plural(singular, plural, count, **args)


class Grouped(int):
    """A whole number shown with its thousands grouped: "10,000,000" in English, as the
    language groups them where it is worded (``trainer.words.said.say``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{int(self):,}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec) if not spec else format(int(self), spec)


class Verbatim(str):
    """A value put in a ``Said`` as it is written, never looked up in a catalogue: a file's
    name, a field's path, a word the author wrote."""

    __slots__ = ()


def joined(parts: list[str], separator: str = "; ") -> Said:
    """``parts`` one after another (rules given together), each worded on its own."""
    if len(parts) == 1 and isinstance(parts[0], Said):
        return parts[0]
    names = {f"part{i}": part for i, part in enumerate(parts)}
    return Said(separator.join("{" + name + "}" for name in names), **names)
