"""Action spaces and how their samples become the protocol's JSON actions.

Two modes. ``low_level``: a ``Dict`` space of the per-tick controls, built from the ``low_level``
branch of the published action schema (bounded numbers -> ``Box`` float32; numbers without bounds,
the turn angles, -> ``Box(-180, 180)`` degrees per step; booleans -> ``Discrete(2)``; an optional
integer in [a, b] -> ``Discrete(b - a + 2, start=a)`` whose last value means "leave it unset").
``json``: actions are the protocol's JSON objects as Python dicts (skills, code, cancel, noop,
low_level), for LLM agents; its space samples noop, cancel and random low-level actions.

In either mode a dict with a ``"type"`` key is sent as it is, so a learned policy can mix in skills.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

ANGLE_LIMIT = 180.0


def _low_level_branch(action_schema: dict[str, Any]) -> dict[str, Any]:
    for branch in action_schema.get("oneOf", action_schema.get("anyOf", [])):
        if branch.get("properties", {}).get("type", {}).get("const") == "low_level":
            return branch
    raise ValueError("the server's action schema has no low_level branch")


class LowLevelActions:
    """The Dict space of low-level controls and the conversion of its samples to JSON actions."""

    def __init__(self, action_schema: dict[str, Any]):
        branch = _low_level_branch(action_schema)
        required = set(branch.get("required", []))
        fields: dict[str, spaces.Space] = {}
        self._encoders: list[tuple[str, Any]] = []
        for name, prop in branch["properties"].items():
            if name == "type":
                continue
            kind = prop.get("type")
            if kind == "number":
                low = prop.get("minimum", -ANGLE_LIMIT)
                high = prop.get("maximum", ANGLE_LIMIT)
                fields[name] = spaces.Box(low=np.float32(low), high=np.float32(high), shape=(), dtype=np.float32)
                self._encoders.append((name, lambda v: float(v)))
            elif kind == "boolean":
                fields[name] = spaces.Discrete(2)
                self._encoders.append((name, lambda v: bool(int(v))))
            elif kind == "integer" and "minimum" in prop and "maximum" in prop:
                low, high = int(prop["minimum"]), int(prop["maximum"])
                optional = name not in required and "default" not in prop
                fields[name] = spaces.Discrete(high - low + 1 + (1 if optional else 0), start=low)
                unset = high + 1 if optional else None
                self._encoders.append((name, lambda v, unset=unset: None if unset is not None and int(v) == unset else int(v)))
            else:
                raise ValueError(f"low_level field '{name}' has a type this package does not map: {prop}")
        self.space = spaces.Dict(fields)

    def to_json(self, action: Any) -> dict[str, Any]:
        if isinstance(action, dict) and "type" in action:
            return action
        out: dict[str, Any] = {"type": "low_level"}
        for name, encode in self._encoders:
            if name in action:
                value = encode(action[name])
                if value is not None:
                    out[name] = value
        return out


ACTION_TYPES = ("skill", "code", "cancel", "noop", "low_level")


class JsonActionSpace(spaces.Space):
    """Actions as the protocol's JSON objects (dicts). The server validates them fully; this space
    checks the shape a caller can get wrong before sending, and samples simple valid actions."""

    def __init__(self, low_level: LowLevelActions, seed: int | None = None):
        super().__init__(shape=None, dtype=None, seed=seed)
        self._low_level = low_level

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def seed(self, seed: int | None = None) -> list[int]:
        seeds = super().seed(seed)
        self._low_level.space.seed(int(self.np_random.integers(2**31)))
        return seeds

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        choice = int(self.np_random.integers(3))
        if choice == 0:
            return {"type": "noop"}
        if choice == 1:
            return {"type": "cancel"}
        return self._low_level.to_json(self._low_level.space.sample())

    def contains(self, x: Any) -> bool:
        if not isinstance(x, dict) or x.get("type") not in ACTION_TYPES:
            return False
        if x["type"] == "skill":
            return isinstance(x.get("name"), str) and bool(x["name"])
        if x["type"] == "code":
            return isinstance(x.get("source"), str) and bool(x["source"])
        return True

    def __repr__(self) -> str:
        return "JsonActionSpace(skill | code | cancel | noop | low_level)"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, JsonActionSpace)
