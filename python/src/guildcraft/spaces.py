"""Gymnasium spaces built from the JSON Schemas the server publishes, and the values that fit them.

The mapping (docs/python.md#spaces), applied recursively and in the schema's property order:

- object with properties -> ``Dict`` (every property; an absent optional one takes its type's empty value)
- object without properties (a free record) and ``{}`` (any value) -> ``Text`` holding canonical JSON
- array -> ``Sequence`` of the item space (a tuple of items)
- string with ``enum`` -> ``Discrete(len(enum))``, the value's index
- string -> ``Text(max_length=TEXT_MAX)``; null becomes "", characters outside the space's set become "?"
- number -> ``Box(low, high, shape=(), float64)``, bounds from ``minimum``/``maximum`` (else infinite)
- integer -> ``Box(low, high, shape=(), int64)``
- boolean -> ``Discrete(2)``
- nullable or optional scalar -> the scalar's space; null or absent becomes 0, "" or False
- nullable object -> ``Sequence`` of that object's ``Dict`` holding zero or one element

The raw JSON stays available (in infos), so nothing the mapping flattens is lost.
"""
from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
from gymnasium import spaces

TEXT_MAX = 8192
# Tab, newline and every printable character of the Basic Multilingual Plane's lower part: enough for
# names, chat and the compact observation text, small enough to build quickly.
CHARSET = frozenset(chr(c) for c in [9, 10, *range(32, 127), *range(160, 0x3000)])
_CHARSET_TEXT = "".join(sorted(CHARSET))
_OUTSIDE_CHARSET = re.compile("[^\t\n\x20-\x7e\xa0-\u2fff]")


def text_space() -> spaces.Text:
    return spaces.Text(max_length=TEXT_MAX, min_length=0, charset=_CHARSET_TEXT)


def fit_text(value: str) -> str:
    """A string as the Text space holds it: characters outside the set become '?', cut at TEXT_MAX."""
    if len(value) > TEXT_MAX:
        value = value[:TEXT_MAX]
    return _OUTSIDE_CHARSET.sub("?", value)


def _types(schema: dict[str, Any]) -> tuple[str | None, bool, dict[str, Any]]:
    """(the non-null type, whether null is allowed, the schema of the non-null branch)."""
    if "anyOf" in schema:
        branches = [b for b in schema["anyOf"] if b.get("type") != "null"]
        nullable = len(branches) < len(schema["anyOf"])
        if len(branches) == 1:
            inner_type, inner_nullable, inner = _types(branches[0])
            return inner_type, nullable or inner_nullable, inner
        return None, nullable, schema
    kind = schema.get("type")
    if isinstance(kind, list):
        rest = [k for k in kind if k != "null"]
        return (rest[0] if len(rest) == 1 else None), "null" in kind, schema
    return kind, False, schema


def space_from_schema(schema: dict[str, Any]) -> spaces.Space:
    kind, nullable, schema = _types(schema)
    if kind == "object" and schema.get("properties"):
        inner = spaces.Dict({name: space_from_schema(sub) for name, sub in schema["properties"].items()})
        return spaces.Sequence(inner) if nullable else inner
    if kind == "array":
        return spaces.Sequence(space_from_schema(schema.get("items", {})))
    if kind == "string" and "enum" in schema:
        return spaces.Discrete(len(schema["enum"]))
    if kind == "string":
        return text_space()
    if kind in ("number", "integer"):
        dtype = np.int64 if kind == "integer" else np.float64
        low = schema.get("minimum", -np.inf if kind == "number" else np.iinfo(np.int64).min)
        high = schema.get("maximum", np.inf if kind == "number" else np.iinfo(np.int64).max)
        return spaces.Box(low=np.array(low, dtype=dtype), high=np.array(high, dtype=dtype), shape=(), dtype=dtype)
    if kind == "boolean":
        return spaces.Discrete(2)
    # Free records and values of any shape travel as canonical JSON text.
    return text_space()


class ValueConverter:
    """Turns JSON values into the form of the space ``space_from_schema`` built from the same schema."""

    def __init__(self, schema: dict[str, Any]):
        self._convert = self._build(schema)

    def __call__(self, value: Any) -> Any:
        return self._convert(value)

    def _build(self, schema: dict[str, Any]):  # type: ignore[no-untyped-def]
        kind, nullable, schema = _types(schema)
        if kind == "object" and schema.get("properties"):
            fields = [(name, self._build(sub)) for name, sub in schema["properties"].items()]

            def convert_object(value: Any) -> Any:
                value = value or {}
                return {name: convert(value.get(name)) for name, convert in fields}

            if nullable:
                return lambda value: () if value is None else (convert_object(value),)
            return convert_object
        if kind == "array":
            item = self._build(schema.get("items", {}))
            return lambda value: tuple(item(v) for v in (value or ()))
        if kind == "string" and "enum" in schema:
            index = {v: i for i, v in enumerate(schema["enum"])}
            return lambda value: np.int64(index.get(value, 0))
        if kind == "string":
            return lambda value: fit_text(value) if isinstance(value, str) else ""
        if kind == "number":
            return lambda value: np.array(0.0 if value is None else value, dtype=np.float64)
        if kind == "integer":
            return lambda value: np.array(0 if value is None else value, dtype=np.int64)
        if kind == "boolean":
            return lambda value: np.int64(1 if value else 0)
        return lambda value: fit_text(json.dumps(value, sort_keys=True, separators=(",", ":")))
