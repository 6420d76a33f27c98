// The CuisineWorld kitchen three ways: the engine alone, the PettingZoo-shaped Env, and whole episodes
// through the runner with the CoS over them (docs/cuisineworld.md).
import { CuisineEnv, CuisineGame } from 'guildcraft/cuisine';
import { HeuristicDispatcher, runCuisineEpisode, measureCuisineCos } from 'guildcraft/cuisine';
import { MemoryRunLog } from 'guildcraft';

// The engine alone:
const game = new CuisineGame({ level: 3, agents: 3, alpha: 1.0, seed: 0, rules: 'fixed' });
const r = game.step(['goto_agent0_storage0', 'goto_agent1_storage0', 'noop_agent2']);
console.log('engine feedback:', JSON.stringify(r.feedback), 'completed:', r.completed.length, 'expired:', r.expired.length);
const ahead = game.lookAhead(['noop_agent0', 'noop_agent1', 'noop_agent2']); // what a step would do, without doing it
console.log('look-ahead leaves the game as it was:', JSON.stringify(game.snapshot()) === JSON.stringify(game.clone().snapshot()), ahead.completed.length);

// The Env (PettingZoo-shaped, as every backend):
const env = new CuisineEnv();
const obs = await env.reset({ seed: 0, scenario: { level: 3, agents: 3, alpha: 1.0 } });
console.log('env agents:', Object.keys(obs).join(', '));
const s = await env.step({ agent0: 'goto_agent0_storage0', agent1: 'goto_agent1_storage0' });
console.log('env step:', JSON.stringify({ rewards: s.rewards, terminated: s.terminated.agent0, truncated: s.truncated.agent0 }));

// An episode through the runner (records, summary, EpisodeResult), and the CoS:
const log = new MemoryRunLog();
const result = await runCuisineEpisode({ level: 3, agents: 3, alpha: 1.0, seed: 0, dispatcher: new HeuristicDispatcher(), log });
console.log('episode:', result.ended, 'records:', log.records.length);
const cos = await measureCuisineCos({ level: 3, agents: 3, dispatcher: () => new HeuristicDispatcher() });
console.log('CoS:', cos.cos.toFixed(2));
