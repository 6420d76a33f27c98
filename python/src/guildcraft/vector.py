"""Many copies of a task stepped together: one connection, one ``step_batch`` message per step.

Each copy ``i`` is seeded ``seed + i``. ``step`` takes one action dict per copy (agent -> action) and
returns a list with one ``(observations, rewards, terminated, truncated, infos)`` per copy. With
``autoreset`` (the default) a copy whose episode ended is reset in the same call: its result keeps the
final step, and each of its agents' infos gains ``reset_observation`` and ``reset_info``, the first
observation and info of the new episode, which the next step acts on.
"""
from __future__ import annotations

from typing import Any

from .client import Client
from .errors import GuildcraftError
from .parallel import GuildcraftParallelEnv


class GuildcraftVectorEnv:
    def __init__(self, task: str | None = None, *, n: int = 16, seed: int = 0, autoreset: bool = True, url: str | None = None, token: str | None = None, **options: Any):
        if n < 1 or n > 256:
            raise GuildcraftError("user", f"n must be 1..256, got {n}", "step_batch carries at most 256 environments")
        self.client = Client(url, token)
        self.envs: list[GuildcraftParallelEnv] = []
        try:
            for i in range(n):
                self.envs.append(GuildcraftParallelEnv(task, seed=seed + i, client=self.client, **options))
        except BaseException:
            self.close()
            raise
        self.num_envs = n
        self.autoreset = autoreset
        self.possible_agents = self.envs[0].possible_agents

    def observation_space(self, agent: str):  # type: ignore[no-untyped-def]
        return self.envs[0].observation_space(agent)

    def action_space(self, agent: str):  # type: ignore[no-untyped-def]
        return self.envs[0].action_space(agent)

    def reset(self, seed: int | None = None) -> list[tuple[dict[str, Any], dict[str, dict[str, Any]]]]:
        return [env.reset(seed=None if seed is None else seed + i) for i, env in enumerate(self.envs)]

    def step(self, actions: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
        if len(actions) != self.num_envs:
            raise GuildcraftError("user", f"step needs one action dict per environment ({self.num_envs}), got {len(actions)}", "")
        steps = [{"env": env.env_id, "actions": env.encode_actions(a)} for env, a in zip(self.envs, actions)]
        replies = self.client.request("step_batch", steps=steps)["results"]
        out: list[tuple[Any, ...]] = []
        for env, reply in zip(self.envs, replies):
            if not reply["ok"]:
                error = reply["error"]
                raise GuildcraftError(error["fault"], f"{env.env_id}: {error['message']}", error["hint"])
            result = env.decode_step(reply["result"])
            if self.autoreset and not env.agents:
                first_obs, first_infos = env.reset()
                for agent, info in result[4].items():
                    info["reset_observation"] = first_obs.get(agent)
                    info["reset_info"] = first_infos.get(agent)
            out.append(result)
        return out

    def close(self) -> None:
        for env in self.envs:
            env.close()
        self.client.close()
