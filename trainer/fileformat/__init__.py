"""YAML file formats declared once: each field's name, kind, default, doc and reader.

- ``declare``: the declarations (Field, Obj, ListOf, MapOf, Scalar) and the JSON Schema
  generated from them.  Pure Python, cheap to import (a warm launch reads listing fields
  and model defaults from it without importing PyYAML).
- ``reading``: safe YAML to located nodes, and a Reader that walks a declaration, collecting
  every problem as ``file:line:column: field: message``.
- ``scanning``: a cheap look at some top-level fields, from the event stream, for lists of
  files (a warm launch keeps what it found in a cache and needs no PyYAML at all).
- ``problems``: the located Problem and the error that carries all of a file's problems.

Used by drill files (``trainer.drills``); any other YAML file the trainer reads (a house's
rules, say) declares its fields the same way.
"""
