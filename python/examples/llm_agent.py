"""An LLM agent in Python: each agent reads its compact observation text and answers with one JSON
action, through the ``openai`` client against any OpenAI-compatible server.

    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=... python examples/llm_agent.py --model my-model

A reply that is not a valid action is the model's fault: the agent does nothing new that step and the
next prompt tells it why, as guildcraft's own agents do.
"""
import argparse
import json
import os

from openai import OpenAI

import guildcraft

SYSTEM = (
    "You control one agent in a Minecraft task. Each turn you get what the agent observes. Answer with one JSON "
    'object and nothing else: {"type":"skill","name":<skill>,"params":{...}} (skills such as attack, goTo, '
    'mineBlocks, chat), {"type":"code","source":<JavaScript calling skills>} or {"type":"noop"}.'
)


def parse_action(text):
    """The JSON action in a reply, or (None, why not)."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        return None, "the reply held no JSON object"
    try:
        action = json.loads(text[start : end + 1])
    except json.JSONDecodeError as err:
        return None, f"the JSON did not parse: {err}"
    if not isinstance(action, dict) or action.get("type") not in ("skill", "code", "cancel", "noop"):
        return None, "the object's type must be skill, code, cancel or noop"
    return action, None


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", default="tickingcollab/raid-boss-v1")
    parser.add_argument("--model", default=os.environ.get("OPENAI_MODEL", "gpt-4o-mini"))
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    llm = OpenAI(base_url=os.environ.get("OPENAI_BASE_URL"), api_key=os.environ.get("OPENAI_API_KEY", "not-needed"), max_retries=0)
    env = guildcraft.parallel_env(args.task, observation="text", action="json", max_cycles=args.steps)
    taken = []
    try:
        observations, _ = env.reset(seed=args.seed)
        feedback = {}
        while env.agents:
            actions = {}
            for agent in env.agents:
                prompt = observations[agent] + (f"\nYour last reply was refused: {feedback[agent]}" if agent in feedback else "")
                reply = llm.chat.completions.create(model=args.model, messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}], temperature=0)
                action, why_not = parse_action(reply.choices[0].message.content or "")
                if action is None:
                    feedback[agent] = why_not
                    action = {"type": "noop"}
                else:
                    feedback.pop(agent, None)
                actions[agent] = action
                taken.append((agent, action))
            observations, rewards, terminated, truncated, infos = env.step(actions)
        for agent, action in taken:
            print(f"{agent}: {json.dumps(action)}")
        return taken
    finally:
        env.close()


if __name__ == "__main__":
    main()
