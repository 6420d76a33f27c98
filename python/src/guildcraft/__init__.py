"""guildcraft task environments from Python (docs/python.md).

    import guildcraft
    env = guildcraft.parallel_env("tickingcollab/raid-boss-v1", seed=0)
    observations, infos = env.reset(seed=0)

With no ``url`` the package starts a local ``guildcraft env-server`` (one per process) and stops it
when the last environment closes, and at exit.
"""
from __future__ import annotations

from typing import Any

from .client import PROTOCOL_VERSION, Client
from .errors import GuildcraftError
from .parallel import GuildcraftParallelEnv
from .server import shutdown
from .single_agent import GuildcraftGymEnv
from .vector import GuildcraftVectorEnv

__all__ = [
    "PROTOCOL_VERSION",
    "Client",
    "GuildcraftError",
    "GuildcraftGymEnv",
    "GuildcraftParallelEnv",
    "GuildcraftVectorEnv",
    "gym_env",
    "parallel_env",
    "shutdown",
    "vector_env",
]


def parallel_env(task: str | None = None, **options: Any) -> GuildcraftParallelEnv:
    """A task as a PettingZoo parallel env. Options: seed, backend ("sim"), observation ("dict" | "text"),
    action ("low_level" | "json"), max_cycles, permadeath, views, task_yaml, url, token."""
    return GuildcraftParallelEnv(task, **options)


def gym_env(task: str | None = None, *, agent: str, team: str = "noop", **options: Any) -> GuildcraftGymEnv:
    """One agent of a task as a Gymnasium env; the other agents are driven by ``team``."""
    return GuildcraftGymEnv(task, agent=agent, team=team, **options)


def vector_env(task: str | None = None, *, n: int = 16, **options: Any) -> GuildcraftVectorEnv:
    """``n`` copies of a task stepped in one message per step (seeds seed, seed+1, …)."""
    return GuildcraftVectorEnv(task, n=n, **options)
