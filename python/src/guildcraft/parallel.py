"""A guildcraft task as a PettingZoo parallel environment, stepped on an env-server.

A subclass of ``pettingzoo.ParallelEnv`` when PettingZoo is installed, a class with the same API when
it is not. Observations take the form of ``observation_space(agent)`` (spaces.py): the Dict built from
the observation schema (``observation="dict"``) or the compact text agents read (``observation="text"``).
Each agent's info carries the raw JSON (``observation_json``) and the compact text
(``observation_text``) when the server sent them.
"""
from __future__ import annotations

from typing import Any

from .actions import JsonActionSpace, LowLevelActions
from .client import Client
from .errors import GuildcraftError
from .spaces import ValueConverter, fit_text, space_from_schema, text_space

try:  # PettingZoo is optional: the same API without it.
    from pettingzoo import ParallelEnv as _Base
except ImportError:  # pragma: no cover - exercised only where pettingzoo is absent
    _Base = object  # type: ignore[assignment,misc]

OBSERVATION_MODES = ("dict", "text")
ACTION_MODES = ("low_level", "json")


class EnvSpec:
    """What one ``make`` returned: ids, agents, the published spaces."""

    def __init__(self, made: dict[str, Any]):
        self.env_id: str = made["env"]
        self.task: str = made["task"]
        self.possible_agents: list[str] = list(made["possibleAgents"])
        self.observation_schema: dict[str, Any] = made["observationSpace"]
        self.action_schema: dict[str, Any] = made["actionSpace"]


def make_request(task: str | None, task_yaml: str | None, seed: Any, observation: str, backend: str, permadeath: bool, views: dict[str, Any] | None) -> dict[str, Any]:
    """The fields of a ``make`` request (shared by the parallel and the vector env)."""
    if observation not in OBSERVATION_MODES:
        raise GuildcraftError("user", f"observation must be one of {OBSERVATION_MODES}, not {observation!r}", "use 'dict' for the structured space, 'text' for the compact text")
    if backend != "sim":
        raise GuildcraftError("user", f"backend {backend!r} is not served remotely yet", "use backend='sim' (the embedded world)")
    fields: dict[str, Any] = {"observation": "both" if observation == "dict" else "text", "backend": backend, "permadeath": permadeath}
    if task_yaml is not None:
        fields["taskYaml"] = task_yaml
    else:
        fields["task"] = task
    if seed is not None:
        fields["seed"] = seed
    if views is not None:
        fields["views"] = views
    return fields


class ObservationCodec:
    """Turns the server's observation payloads into (space form, info extras) for one observation mode."""

    def __init__(self, mode: str, observation_schema: dict[str, Any]):
        self.mode = mode
        self.space = space_from_schema(observation_schema) if mode == "dict" else text_space()
        self._convert = ValueConverter(observation_schema)

    def decode(self, payload: Any) -> tuple[Any, dict[str, Any]]:
        if self.mode == "text":
            return fit_text(payload), {"observation_text": payload}
        return self._convert(payload["json"]), {"observation_json": payload["json"], "observation_text": payload["text"]}


class GuildcraftParallelEnv(_Base):  # type: ignore[misc,valid-type]
    metadata = {"name": "guildcraft_parallel_v1", "render_modes": [], "is_parallelizable": True}

    def __init__(
        self,
        task: str | None = None,
        *,
        task_yaml: str | None = None,
        seed: int | str | None = None,
        backend: str = "sim",
        observation: str = "dict",
        action: str = "low_level",
        max_cycles: int | None = None,
        permadeath: bool = False,
        views: dict[str, Any] | None = None,
        team: dict[str, Any] | None = None,
        url: str | None = None,
        token: str | None = None,
        client: Client | None = None,
    ):
        if (task is None) == (task_yaml is None):
            raise GuildcraftError("user", "give exactly one of task (an id such as 'tickingcollab/raid-boss-v1') or task_yaml (a task file's text)", "")
        if action not in ACTION_MODES:
            raise GuildcraftError("user", f"action must be one of {ACTION_MODES}, not {action!r}", "use 'low_level' for the Dict of controls, 'json' for action dicts")
        self._owns_client = client is None
        self.client = client if client is not None else Client(url, token)
        try:
            made = self.client.request("make", **make_request(task, task_yaml, seed, observation, backend, permadeath, views), **({"team": team} if team else {}))
        except BaseException:
            self._close_client()
            raise
        self.spec_ = EnvSpec(made)
        self.task = self.spec_.task
        # Agents a built-in team drives (team={"architecture", "agents"}) are the server's, not the caller's.
        driven = set(team["agents"]) if team else set()
        self.possible_agents = [a for a in self.spec_.possible_agents if a not in driven]
        self.agents: list[str] = []
        self.max_cycles = max_cycles
        self.render_mode = None
        self._seed = seed
        self._codec = ObservationCodec(observation, self.spec_.observation_schema)
        self._low_level = LowLevelActions(self.spec_.action_schema)
        self.action_mode = action
        self._observation_spaces = {a: self._codec.space for a in self.possible_agents}
        self._action_spaces = {a: (self._low_level.space if action == "low_level" else JsonActionSpace(self._low_level)) for a in self.possible_agents}
        # The dict attributes some PettingZoo wrappers read instead of the methods.
        self.observation_spaces = dict(self._observation_spaces)
        self.action_spaces = dict(self._action_spaces)
        self._cycles = 0
        self.closed = False

    @property
    def env_id(self) -> str:
        return self.spec_.env_id

    def observation_space(self, agent: str):  # type: ignore[no-untyped-def]
        return self._observation_spaces[agent]

    def action_space(self, agent: str):  # type: ignore[no-untyped-def]
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._seed = seed
        result = self.client.request("reset", env=self.env_id, **({"seed": self._seed} if self._seed is not None else {}))
        observations, infos = self.decode_reset(result)
        return observations, infos

    def decode_reset(self, result: dict[str, Any]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self._cycles = 0
        observations: dict[str, Any] = {}
        infos: dict[str, dict[str, Any]] = {}
        for agent, payload in result["observations"].items():
            if agent in self._observation_spaces:
                observations[agent], extra = self._codec.decode(payload)
                infos[agent] = {**result["infos"].get(agent, {}), **extra}
        self.agents = [a for a in self.possible_agents if a in observations]
        return observations, infos

    def encode_actions(self, actions: dict[str, Any]) -> dict[str, Any]:
        return {agent: self._low_level.to_json(action) for agent, action in actions.items()}

    def step(self, actions: dict[str, Any]):  # type: ignore[no-untyped-def]
        result = self.client.request("step", env=self.env_id, actions=self.encode_actions(actions))
        return self.decode_step(result)

    def decode_step(self, result: dict[str, Any]):  # type: ignore[no-untyped-def]
        observations: dict[str, Any] = {}
        infos: dict[str, dict[str, Any]] = {}
        mine = self._observation_spaces
        for agent, payload in result["observations"].items():
            if agent in mine:
                observations[agent], extra = self._codec.decode(payload)
                infos[agent] = extra
        for agent, info in result["infos"].items():
            if agent in mine:
                infos[agent] = {**info, **infos.get(agent, {})}
        rewards = {agent: float(r) for agent, r in result["rewards"].items() if agent in mine}
        terminated = {agent: bool(t) for agent, t in result["terminated"].items() if agent in mine}
        truncated = {agent: bool(t) for agent, t in result["truncated"].items() if agent in mine}
        self._cycles += 1
        if self.max_cycles is not None and self._cycles >= self.max_cycles:
            # The caller's own cap on episode length, on top of the task's max_steps.
            for agent in truncated:
                truncated[agent] = truncated[agent] or not terminated[agent]
            self.agents = []
        else:
            live = set(result["agents"])
            self.agents = [a for a in self.possible_agents if a in live]
        return observations, rewards, terminated, truncated, infos

    def render(self) -> dict[str, Any]:
        """Each live agent's views as base64 PNG (needs ``views=`` when the env was made)."""
        return self.client.request("render", env=self.env_id)

    def state(self) -> Any:
        raise NotImplementedError("guildcraft has no global state array: each agent observes its own surroundings")

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if not self.client.closed:
                self.client.request("close", env=self.env_id)
        except GuildcraftError:
            pass  # the server or connection is already gone; nothing left to close
        finally:
            self._close_client()

    def _close_client(self) -> None:
        if self._owns_client:
            self.client.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
