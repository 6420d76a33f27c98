"""Agent-steps per second through the Python client (run by bench/python-env.ts, which prints the JSON).

    python benchmarks/step_rate.py --url ws://127.0.0.1:PORT/env --task-file task.yaml --steps 200 --envs 16

Low-level actions (the Dict space's samples, drawn once and cycled, so the sampler is not timed) and
compact text observations. Prints one JSON object: single env and batched figures.
"""
import argparse
import json
import time

import guildcraft


def actions_for(space_of, agents, pool=16, seed=0):
    """A fixed cycle of sampled low-level actions per agent."""
    out = []
    for k in range(pool):
        step = {}
        for agent in agents:
            space = space_of(agent)
            space.seed(seed + k * 31 + hash(agent) % 7)
            step[agent] = space.sample()
        out.append(step)
    return out


def single(url, task_yaml, steps):
    env = guildcraft.parallel_env(task_yaml=task_yaml, url=url, observation="text", seed=0)
    try:
        env.reset(seed=0)
        cycle = actions_for(env.action_space, env.possible_agents)
        agent_steps = 0
        start = time.perf_counter()
        for i in range(steps):
            if not env.agents:
                env.reset(seed=i)
            acting = {a: cycle[i % len(cycle)][a] for a in env.agents}
            env.step(acting)
            agent_steps += len(acting)
        seconds = time.perf_counter() - start
        return {"envs": 1, "steps": steps, "agentSteps": agent_steps, "seconds": round(seconds, 3), "agentStepsPerSecond": round(agent_steps / seconds)}
    finally:
        env.close()


def batched(url, task_yaml, steps, n):
    venv = guildcraft.vector_env(task_yaml=task_yaml, url=url, n=n, observation="text", seed=0)
    try:
        venv.reset()
        cycle = actions_for(venv.action_space, venv.possible_agents)
        agent_steps = 0
        start = time.perf_counter()
        for i in range(steps):
            acting = [{a: cycle[(i + j) % len(cycle)][a] for a in env.agents} for j, env in enumerate(venv.envs)]
            venv.step(acting)
            agent_steps += sum(len(a) for a in acting)
        seconds = time.perf_counter() - start
        return {"envs": n, "steps": steps, "agentSteps": agent_steps, "seconds": round(seconds, 3), "agentStepsPerSecond": round(agent_steps / seconds)}
    finally:
        venv.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--task-file", required=True)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--envs", type=int, default=16)
    args = parser.parse_args()
    with open(args.task_file, encoding="utf8") as f:
        task_yaml = f.read()
    print(json.dumps({"single": single(args.url, task_yaml, args.steps), "batched": batched(args.url, task_yaml, args.steps, args.envs)}))


if __name__ == "__main__":
    main()
