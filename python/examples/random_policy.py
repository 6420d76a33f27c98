"""A random policy over a TickingCollab task: every agent samples its low-level controls each step.

    python examples/random_policy.py [--task tickingcollab/raid-boss-v1] [--steps 50] [--seed 0]
"""
import argparse

import guildcraft


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", default="tickingcollab/raid-boss-v1")
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    env = guildcraft.parallel_env(args.task, max_cycles=args.steps)
    try:
        observations, infos = env.reset(seed=args.seed)
        for agent in env.possible_agents:
            env.action_space(agent).seed(args.seed)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        steps = 0
        while env.agents:
            actions = {agent: env.action_space(agent).sample() for agent in env.agents}
            observations, rewards, terminated, truncated, infos = env.step(actions)
            for agent, reward in rewards.items():
                returns[agent] += reward
            steps += 1
        print(f"{env.task}: {steps} steps; returns " + ", ".join(f"{a}={r:.3f}" for a, r in returns.items()))
        return steps, returns
    finally:
        env.close()


if __name__ == "__main__":
    main()
