"""One agent of a task as a Gymnasium ``Env``; the task's other agents are driven by a built-in team.

Teams: ``noop`` (the others stand idle: they send no new action each step), or a built-in architecture
that needs no model and no omniscient view (``heuristic``, ``random``, ``cooking``), which the server
runs for the other agents (``team`` in the make request). The ``oracle`` reads the world beyond an
agent's senses through the episode runner's admin view, which a remote environment does not expose;
the server refuses it with that reason.
"""
from __future__ import annotations

from typing import Any

import gymnasium

from .client import Client
from .errors import GuildcraftError
from .parallel import GuildcraftParallelEnv



class GuildcraftGymEnv(gymnasium.Env):
    metadata = {"render_modes": []}

    def __init__(self, task: str | None = None, *, agent: str, team: str = "noop", **options: Any):
        client = Client(options.pop("url", None), options.pop("token", None))
        try:
            if team != "noop":
                # The server needs the names of the agents to drive: every agent but this one.
                probe = GuildcraftParallelEnv(task, client=client, **options)
                others = [a for a in probe.possible_agents if a != agent]
                known = agent in probe.possible_agents
                probe.close()
                if known and others:
                    options = {**options, "team": {"architecture": team, "agents": others}}
            self._env = GuildcraftParallelEnv(task, client=client, **options)
        except BaseException:
            client.close()
            raise
        self._client = client
        if agent not in self._env.possible_agents:
            self.close()
            raise GuildcraftError("user", f"no agent {agent!r} in {self._env.task}", f"pick one of {', '.join(self._env.possible_agents)}")
        self.agent = agent
        self.team = team
        self.observation_space = self._env.observation_space(agent)
        self.action_space = self._env.action_space(agent)
        self.render_mode = None

    @property
    def parallel_env(self) -> GuildcraftParallelEnv:
        return self._env

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):  # type: ignore[no-untyped-def]
        super().reset(seed=seed)
        # The world is deterministic from its seed: without one, draw it from the env's generator so
        # that reset(seed=s) followed by reset() repeats exactly.
        world_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        observations, infos = self._env.reset(seed=world_seed)
        return observations[self.agent], infos[self.agent]

    def step(self, action: Any):  # type: ignore[no-untyped-def]
        if self.agent not in self._env.agents:
            raise GuildcraftError("user", f"step() after {self.agent}'s episode ended", "call reset()")
        observations, rewards, terminated, truncated, infos = self._env.step({self.agent: action})
        info = infos.get(self.agent, {})
        done_for_all = not self._env.agents
        return (
            observations[self.agent],
            rewards.get(self.agent, 0.0),
            terminated.get(self.agent, False),
            truncated.get(self.agent, False) or (done_for_all and not terminated.get(self.agent, False)),
            info,
        )

    def close(self) -> None:
        self._env.close()
        self._client.close()
