"""A file format's field reference as Markdown, made from its declaration (``declare.Obj``),
so the docs' field tables cannot drift from what the loader reads: one table per section
(the file itself, then each nested section), each field with its type, default and doc."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from trainer.fileformat.declare import NO_DEFAULT, AnyOf, Field, ListOf, MapOf, Obj, Scalar

_JSON_TYPES = {
    "string": "text",
    "boolean": "true or false",
    "integer": "whole number",
    "number": "number",
    "object": "mapping",
}


def _schema_type(schema: Mapping[str, Any]) -> str:
    """A JSON Schema fragment in a few words."""
    if "enum" in schema:
        return " | ".join(f"`{value}`" for value in schema["enum"])
    if "oneOf" in schema:
        parts: list[str] = []
        for option in schema["oneOf"]:
            same = option.get("type") == "array" and option.get("items") in schema["oneOf"]
            parts.append("a list of those" if same else _schema_type(option))
        return " or ".join(parts)
    kind = schema.get("type", "")
    if kind == "array":
        items = schema.get("items")
        return f"list of {_schema_type(items)}" if items else "list"
    if kind == "object" and "properties" in schema:
        return "mapping with " + ", ".join(f"`{key}`" for key in schema["properties"])
    words = _JSON_TYPES.get(kind, str(kind))
    if "minimum" in schema and "maximum" in schema:
        return f"{words} {schema['minimum']} to {schema['maximum']}"
    if "exclusiveMinimum" in schema:
        return f"{words} over {schema['exclusiveMinimum']}"
    return words


def _type(kind: Scalar | Obj | ListOf | MapOf | AnyOf, path: str) -> str:
    if isinstance(kind, Scalar):
        return _schema_type(kind.schema)
    if isinstance(kind, Obj):
        return f"section ([`{path}`](#{_anchor(path)}))"
    if isinstance(kind, ListOf):
        most = f", at most {kind.max_items}" if kind.max_items is not None else ""
        return f"list of sections ([`{path}[]`](#{_anchor(path + '[]')})){most}"
    if isinstance(kind, MapOf):
        keys = ", ".join(f"`{key}`" for key in kind.keys)
        return f"mapping from {keys} to {_type(kind.value, path + '.*')}"
    return " or ".join(_type(option, path) for option in kind.options)


def _anchor(path: str) -> str:
    """GitHub's anchor for a heading that reads `path` (punctuation dropped)."""
    return "".join(c for c in path.lower() if c.isalnum() or c in "-_ ").replace(" ", "-")


def _default(f: Field) -> str:
    if f.required:
        return "required"
    if f.default is NO_DEFAULT or f.default is None:
        return ""
    value = list(f.default) if isinstance(f.default, tuple) else f.default
    if isinstance(f.kind, MapOf) and not value:
        value = {}  # an empty mapping, whatever empty value the model keeps
    try:
        return f"`{json.dumps(value, ensure_ascii=False)}`"
    except TypeError:
        return f"`{value}`"


def sections(obj: Obj, path: str = "") -> Iterator[tuple[str, Obj]]:
    """(path, section) of the file (path "") and of every section nested in it, in order."""
    yield path, obj
    for name, f in obj.fields.items():
        yield from _nested(f.kind, f"{path}.{name}" if path else name)


def _nested(kind: Scalar | Obj | ListOf | MapOf | AnyOf, path: str) -> Iterator[tuple[str, Obj]]:
    if isinstance(kind, Obj):
        yield from sections(kind, path)
    elif isinstance(kind, ListOf):
        yield from sections(kind.item, path + "[]")
    elif isinstance(kind, MapOf):
        yield from _nested(kind.value, path + ".*")
    elif isinstance(kind, AnyOf):
        for option in kind.options:
            yield from _nested(option, path)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def markdown(obj: Obj, title: str, intro: str) -> str:
    """The reference page of one file format: a table per section, fields in file order."""
    out = [f"# {title}", "", intro, ""]
    seen: set[str] = set()
    for path, section in sections(obj):
        if path in seen:  # the same section reached twice (an AnyOf's options)
            continue
        seen.add(path)
        if path:
            out += [f"## `{path}`", ""]
        out += [
            _cell(section.doc),
            "",
            "| field | type | default | what it is |",
            "|---|---|---|---|",
        ]
        for name, f in section.fields.items():
            inner = f"{path}.{name}" if path else name
            out.append(
                f"| `{name}` | {_cell(_type(f.kind, inner))} | {_default(f)} | {_cell(f.doc)} |"
            )
        out.append("")
    return "\n".join(out)
