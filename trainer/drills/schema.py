"""The JSON Schema of drill files, shipped for editors (``drill.schema.json``, ``ezbac drills
schema``): generated from the declaration in ``trainer.drills.fields``, which the loader
reads by too, so the two cannot drift apart."""

from __future__ import annotations

from typing import Any

from trainer.drills import fields as F
from trainer.fileformat import declare


def json_schema() -> dict[str, Any]:
    return declare.json_schema(
        F.DRILL,
        schema_id=F.SCHEMA_ID,
        title="ezbac drill",
        anyOf=[
            {"required": ["coups"]},
            {"required": ["generate"]},
            # a shoe drill deals its coups from its shoe
            {
                "required": ["ask"],
                "properties": {
                    "ask": {
                        "anyOf": [
                            {"const": F.SHOE_KIND},
                            {"type": "array", "contains": {"const": F.SHOE_KIND}},
                        ]
                    }
                },
            },
        ],
        # ask: table (or [shoe, table]) goes with a table section, and a table section with it
        allOf=[
            {
                "if": {
                    "properties": {
                        "ask": {
                            "anyOf": [
                                {"const": F.TABLE_ASK},
                                {"type": "array", "contains": {"const": F.TABLE_ASK}},
                            ]
                        }
                    },
                    "required": ["ask"],
                },
                "then": {"required": ["table"]},
            },
            {
                "if": {
                    "properties": {"ask": {"const": F.VIOLATIONS_KIND}},
                    "required": ["ask"],
                },
                "then": {"required": ["table"]},
            },
            {
                "if": {"required": ["table"]},
                "then": {
                    "properties": {
                        "ask": {
                            "anyOf": [
                                {"const": F.TABLE_ASK},
                                {"const": F.VIOLATIONS_KIND},  # its moments' layouts
                                {
                                    "type": "array",
                                    "minItems": 2,
                                    "maxItems": 2,
                                    "contains": {"const": F.TABLE_ASK},
                                    "items": {"enum": [F.SHOE_KIND, F.TABLE_ASK]},
                                },
                            ]
                        }
                    }
                },
            },
        ],
    )


def schema_text() -> str:
    """The schema as shipped in ``drill.schema.json`` (stable formatting, trailing newline)."""
    return declare.schema_text(json_schema())
