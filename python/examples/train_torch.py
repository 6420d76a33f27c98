"""A short training run of a small PyTorch policy on low-level controls (showing the loop works, not a
result): the Knight of a TickingCollab raid learns with REINFORCE over four discrete moves built
from the low-level action Dict, the other agents idle.

    python examples/train_torch.py [--steps 300]
"""
import argparse
import math

import numpy as np
import torch
from torch import nn

import guildcraft

MOVES = ("forward", "turn_left", "turn_right", "attack")


def features(obs_json):
    """Own health, heading, and where the nearest hostile is relative to the agent."""
    yaw = math.radians(obs_json["yaw"])
    hostile = [e for e in obs_json["entities"] if e.get("hostile")]
    nearest = min(hostile, key=lambda e: e["distance"], default=None)
    dx = dz = 0.0
    dist = 0.0
    if nearest is not None:
        dx = (nearest["pos"]["x"] - obs_json["pos"]["x"]) / 16
        dz = (nearest["pos"]["z"] - obs_json["pos"]["z"]) / 16
        dist = nearest["distance"] / 16
    return torch.tensor([obs_json["health"] / obs_json["maxHealth"], math.sin(yaw), math.cos(yaw), dx, dz, dist, 1.0 if nearest else 0.0], dtype=torch.float32)


def to_action(space, move):
    """One of MOVES as the low-level Dict action (everything else at rest)."""
    action = {name: np.zeros((), dtype=np.float32) if name in ("forward", "strafe", "yawDelta", "pitchDelta") else 0 for name in space.spaces}
    action["slot"] = space.spaces["slot"].start + space.spaces["slot"].n - 1  # leave the slot as it is
    if MOVES[move] == "forward":
        action["forward"] = np.float32(1)
    elif MOVES[move] == "turn_left":
        action["yawDelta"] = np.float32(-30)
    elif MOVES[move] == "turn_right":
        action["yawDelta"] = np.float32(30)
    else:
        action["attack"] = 1
    return action


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", default="tickingcollab/raid-boss-v1")
    parser.add_argument("--agent", default="Knight")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--episode", type=int, default=50)
    args = parser.parse_args(argv)

    torch.manual_seed(0)
    policy = nn.Sequential(nn.Linear(7, 32), nn.Tanh(), nn.Linear(32, len(MOVES)))
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-2)
    env = guildcraft.gym_env(args.task, agent=args.agent, max_cycles=args.episode)
    steps, episode, returns = 0, 0, []
    try:
        while steps < args.steps:
            _, info = env.reset(seed=episode)
            log_probs, rewards = [], []
            done = False
            while not done and steps < args.steps:
                dist = torch.distributions.Categorical(logits=policy(features(info["observation_json"])))
                move = dist.sample()
                _, reward, terminated, truncated, info = env.step(to_action(env.action_space, int(move)))
                log_probs.append(dist.log_prob(move))
                rewards.append(reward)
                steps += 1
                done = terminated or truncated
            g, discounted = 0.0, []
            for r in reversed(rewards):
                g = r + 0.99 * g
                discounted.append(g)
            target = torch.tensor(list(reversed(discounted)))
            loss = -(torch.stack(log_probs) * (target - target.mean())).sum()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            returns.append(sum(rewards))
            episode += 1
        print(f"{steps} steps over {episode} episodes; returns per episode: {', '.join(f'{r:.3f}' for r in returns)}; last loss {loss.item():.4f}")
        return {"steps": steps, "episodes": episode, "returns": returns, "loss": loss.item(), "policy": policy}
    finally:
        env.close()


if __name__ == "__main__":
    main()
