"""Declarations of a YAML file's fields, and the JSON Schema made from them.

A format is an ``Obj``: a mapping of named ``Field``s.  Each field says, in one place:

- its kind: a ``Scalar`` (the name of the Reader method that reads it, its arguments, and
  its JSON Schema), or a nested ``Obj``, ``ListOf`` or ``MapOf``;
- its doc (shown by editors through the JSON Schema);
- whether it is required, and its default (what the loaded value is when the file is
  silent: the model's dataclass takes its defaults from here, the schema shows them);
- ``attr``: the model attribute the value goes to, when its name differs from the key;
- ``listed``: whether a list of files shows it (read by a cheap scan, without a full load).

Nothing here imports PyYAML or the engine: this module is read on a warm launch.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

#: A default of "no default": the field is required, or its value is computed.
NO_DEFAULT: Any = type("NoDefault", (), {"__repr__": lambda self: "NO_DEFAULT"})()


@dataclass(frozen=True)
class Scalar:
    """A leaf value: ``reader`` names the Reader method (called as
    ``reader(node, path, *args)``), ``schema`` is its JSON Schema."""

    reader: str
    schema: Mapping[str, Any]
    args: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Obj:
    """A mapping with known keys.  ``reader``, if given, names a Reader method that reads the
    whole mapping (for cross-field rules); else each field is read by its own kind."""

    fields: Mapping[str, Field]
    doc: str = ""
    reader: str | None = None

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(name for name, f in self.fields.items() if f.required)

    def default(self, name: str) -> Any:
        """The declared default of field ``name`` (KeyError if it has none)."""
        value = self.fields[name].default
        if value is NO_DEFAULT:
            raise KeyError(f"{name} has no default")
        return value

    def listed(self) -> tuple[str, ...]:
        """The fields a list of files shows, in declaration order."""
        return tuple(name for name, f in self.fields.items() if f.listed)

    def attrs(self) -> Iterator[tuple[str, str]]:
        """(key, model attribute) of every field that goes to the model."""
        for name, f in self.fields.items():
            if f.attr != "":
                yield name, f.attr or name


@dataclass(frozen=True)
class ListOf:
    item: Obj
    max_items: int | None = None
    reader: str | None = None  # a Reader method reading the whole list


@dataclass(frozen=True)
class MapOf:
    """A mapping from a fixed set of names (the bets, say) to values of one kind."""

    keys: tuple[str, ...]
    value: Scalar | Obj | AnyOf
    reader: str | None = None


@dataclass(frozen=True)
class AnyOf:
    """One of several shapes, told apart by the reader (a fixed amount or a range)."""

    options: tuple[Scalar | Obj, ...]
    reader: str


Kind = Scalar | Obj | ListOf | MapOf | AnyOf


@dataclass(frozen=True)
class Field:
    kind: Kind
    doc: str
    required: bool = False
    default: Any = NO_DEFAULT
    attr: str | None = None  # None: the key's own name; "": not a model attribute
    listed: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)  # more JSON Schema keywords


# -- JSON Schema --------------------------------------------------------------------------


def _kind_schema(kind: Kind, doc: str) -> dict[str, Any]:
    if isinstance(kind, Scalar):
        return {"description": doc, **kind.schema} if doc else dict(kind.schema)
    if isinstance(kind, Obj):
        return object_schema(kind, doc)
    if isinstance(kind, ListOf):
        out: dict[str, Any] = {"type": "array", "description": doc,
                               "items": object_schema(kind.item, kind.item.doc)}
        if kind.max_items is not None:
            out["maxItems"] = kind.max_items
        return out
    if isinstance(kind, MapOf):
        value = _kind_schema(kind.value, doc)
        return {"type": "object", "description": doc, "additionalProperties": False,
                "properties": {key: value for key in kind.keys}}
    return {"description": doc, "oneOf": [_kind_schema(o, "") for o in kind.options]}


def _json_default(value: Any) -> Any:
    """The default as the file would write it, if it is one JSON can show."""
    if isinstance(value, tuple):
        value = list(value)
    try:
        json.dumps(value)
    except TypeError:
        return NO_DEFAULT
    return value


def field_schema(f: Field) -> dict[str, Any]:
    out = _kind_schema(f.kind, f.doc)
    # A scalar's default is shown to editors; a collection's is the model's empty value.
    if isinstance(f.kind, Scalar) and f.default is not NO_DEFAULT and f.default is not None:
        shown = _json_default(f.default)
        if shown is not NO_DEFAULT:
            out["default"] = shown
    out.update(f.extra)
    return out


def object_schema(obj: Obj, doc: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "description": doc or obj.doc,
        "additionalProperties": False,
        "properties": {name: field_schema(f) for name, f in obj.fields.items()},
    }
    if obj.required:
        out["required"] = list(obj.required)
    return out


def json_schema(obj: Obj, *, schema_id: str, title: str, **extra: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a file format, for editors."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        **object_schema(obj),
        **extra,
    }


def schema_text(schema: Mapping[str, Any]) -> str:
    """A schema as shipped in a file (stable formatting, trailing newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
