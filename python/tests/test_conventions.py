"""PettingZoo's and Gymnasium's own checkers on guildcraft environments."""
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo import ParallelEnv
from pettingzoo.test import parallel_api_test, parallel_seed_test

import guildcraft

CYCLES = 25


def test_parallel_env_is_a_pettingzoo_parallel_env():
    env = guildcraft.parallel_env("tickingcollab/raid-boss-v1", seed=0)
    try:
        assert isinstance(env, ParallelEnv)
        assert env.possible_agents == ["Knight", "Berserker", "Rogue", "Squire"]
        observations, infos = env.reset(seed=0)
        assert set(observations) == set(env.possible_agents)
        for agent, obs in observations.items():
            assert env.observation_space(agent).contains(obs), agent
            assert infos[agent]["observation_json"]["agent"] == agent
            assert agent in infos[agent]["observation_text"]
    finally:
        env.close()


def test_parallel_api_test(family_task):
    env = guildcraft.parallel_env(family_task, seed=0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # PettingZoo reports API slips as warnings: treat them as failures
            parallel_api_test(env, num_cycles=CYCLES)
    finally:
        env.close()


def test_parallel_seed_test(family_task):
    made = []

    def make():
        env = guildcraft.parallel_env(family_task, max_cycles=CYCLES)
        made.append(env)
        return env

    try:
        parallel_seed_test(make, num_cycles=CYCLES)
    finally:
        for env in made:
            env.close()
    assert len(made) == 2


def test_observations_fit_their_space_after_random_steps(family_task):
    env = guildcraft.parallel_env(family_task, seed=3, max_cycles=10)
    try:
        env.reset(seed=3)
        for agent in env.agents:
            env.action_space(agent).seed(7)
        steps = 0
        while env.agents:
            observations, rewards, *_ = env.step({a: env.action_space(a).sample() for a in env.agents})
            steps += 1
            for agent, obs in observations.items():
                assert env.observation_space(agent).contains(obs), (agent, steps)
                assert isinstance(rewards[agent], float)
        assert steps == 10
    finally:
        env.close()


def test_text_observations_and_json_actions():
    env = guildcraft.parallel_env("tickingcollab/raid-boss-v1", observation="text", action="json", max_cycles=3)
    try:
        observations, infos = env.reset(seed=1)
        assert all(isinstance(o, str) and a in o for a, o in observations.items())
        assert "observation_json" not in infos["Knight"]
        obs, rewards, terminated, truncated, infos = env.step({"Knight": {"type": "skill", "name": "attack", "params": {"type": "zombie"}}})
        assert set(obs) == set(env.possible_agents)
        assert env.action_space("Knight").contains({"type": "noop"})
        assert not env.action_space("Knight").contains({"type": "dance"})
    finally:
        env.close()


def test_gymnasium_check_env_on_the_single_agent_wrapper():
    env = guildcraft.gym_env("tickingcollab/raid-boss-v1", agent="Knight", max_cycles=20)
    try:
        assert isinstance(env, gymnasium.Env)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # advisory notes (e.g. unbounded Box); failures raise
            check_env(env, skip_render_check=True)
        obs, info = env.reset(seed=5)
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
        assert env.observation_space.contains(obs) and isinstance(reward, float)
    finally:
        env.close()


def test_single_agent_wrapper_refuses_teams_the_server_cannot_run():
    with pytest.raises(guildcraft.GuildcraftError, match="cannot drive") as caught:
        guildcraft.gym_env("tickingcollab/raid-boss-v1", agent="Knight", team="oracle")
    assert caught.value.fault == "user"


def test_single_agent_wrapper_with_heuristic_teammates():
    env = guildcraft.gym_env("sagents/mine-50-logs-3-leaves-v1", agent="Root", team="heuristic", max_cycles=15)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            check_env(env, skip_render_check=True)
        obs, info = env.reset(seed=0)
        assert env.parallel_env.possible_agents == ["Root"]
        for _ in range(6):
            obs, reward, terminated, truncated, info = env.step({"type": "noop"})
        # The teammates are the server's: Root sees them at work (they left their spawn points).
        mates = {e["name"]: e["pos"] for e in info["observation_json"]["entities"] if e["type"] == "player"}
        spawn = {"Leaf1": 2, "Leaf2": 4, "Leaf3": 6}
        assert any(name in mates and (mates[name]["x"], mates[name]["z"]) != (x, 0) for name, x in spawn.items()), mates
    finally:
        env.close()


def test_vector_env_steps_copies_in_one_message_and_autoresets():
    venv = guildcraft.vector_env("tickingcollab/raid-boss-v1", n=4, seed=0, observation="text", max_cycles=3)
    try:
        firsts = venv.reset()
        assert len(firsts) == 4
        assert firsts[0][0]["Knight"] != "" and set(firsts[0][0]) == set(venv.possible_agents)
        for step in range(3):
            results = venv.step([{a: {"type": "noop"} for a in venv.possible_agents} for _ in range(4)])
            assert len(results) == 4
        # max_cycles=3 ended every copy on the third step; each was reset and says so.
        for obs, rewards, terminated, truncated, infos in results:
            assert all(truncated.values())
            assert isinstance(infos["Knight"]["reset_observation"], str)
        assert all(env.agents == venv.possible_agents for env in venv.envs)
    finally:
        venv.close()


def test_low_level_actions_move_the_agent():
    env = guildcraft.parallel_env("tickingcollab/raid-boss-v1", max_cycles=5)
    try:
        _, infos = env.reset(seed=0)
        start = infos["Knight"]["observation_json"]["pos"]
        forward = {k: np.zeros((), dtype=np.float32) if k in ("strafe", "yawDelta", "pitchDelta") else 0 for k in env.action_space("Knight").spaces}
        forward["forward"] = np.float32(1.0)
        forward["slot"] = 9  # leave the hotbar slot as it is
        for _ in range(3):
            _, _, _, _, infos = env.step({"Knight": forward})
        end = infos["Knight"]["observation_json"]["pos"]
        assert (end["x"], end["z"]) != (start["x"], start["z"])
    finally:
        env.close()


def test_without_pettingzoo_the_parallel_env_keeps_the_same_api():
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['pettingzoo'] = None\n"  # makes `import pettingzoo` fail
        "import guildcraft\n"
        "env = guildcraft.parallel_env('tickingcollab/raid-boss-v1', max_cycles=2)\n"
        "assert type(env).__mro__[1] is object\n"
        "obs, infos = env.reset(seed=0)\n"
        "obs, rew, term, trunc, infos = env.step({a: env.action_space(a).sample() for a in env.agents})\n"
        "print(sorted(obs), env.agents)\n"
        "env.close()\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['Berserker', 'Knight', 'Rogue', 'Squire'] ['Knight', 'Berserker', 'Rogue', 'Squire']"
