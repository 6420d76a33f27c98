/**
 * The random baseline: each time it is asked, it starts a random but well-formed skill call built
 * from what it currently sees (walk to a random nearby point, collect a visible block type, attack
 * a visible mob, eat, say something, wait). Seeded, so a random run reproduces.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import { Rng } from '../../world/index.js';
import type { Agent, TeamSetup } from '../team.js';

const EDIBLE = /^(bread|apple|cooked_|baked_potato|carrot|golden_carrot|melon_slice|sweet_berries|beef|porkchop|chicken|mutton|cod|salmon)/;

export class RandomAgent implements Agent {
  private rng: Rng;

  constructor(readonly name: string, seed = 'random') {
    this.rng = new Rng(`${seed}/${name}`);
  }

  async start(setup: TeamSetup): Promise<void> {
    this.rng = new Rng(`${setup.seed}/random/${this.name}`);
  }

  async decide(obs: Observation): Promise<AgentAction | null> {
    if (!obs.alive) return null;
    // Keep going while a skill runs; pick anew once it has finished.
    if (obs.runningSkill) return null;
    const choices: (() => AgentAction)[] = [
      () => ({
        type: 'skill',
        name: 'moveTo',
        params: { x: Math.floor(obs.pos.x + this.rng.int(-12, 12)), y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z + this.rng.int(-12, 12)), range: 2 },
      }),
      () => ({ type: 'skill', name: 'wait', params: { ticks: this.rng.int(10, 60) } }),
      () => ({ type: 'skill', name: 'say', params: { message: this.rng.pick(['hello', 'on my way', 'need help?', 'found something']) } }),
    ];
    const blocks = obs.nearbyBlocks.filter((b) => b.name !== 'grass_block' && b.name !== 'dirt' && !b.name.includes('air'));
    if (blocks.length > 0) choices.push(() => ({ type: 'skill', name: 'collect', params: { block: this.rng.pick(blocks).name, count: 1 } }));
    const mobs = obs.entities.filter((e) => e.type !== 'player' && e.type !== 'item');
    if (mobs.length > 0) choices.push(() => ({ type: 'skill', name: 'attack', params: { id: this.rng.pick(mobs).id, timeoutTicks: 200 } }));
    const food = obs.inventory.find((i) => EDIBLE.test(i.name));
    if (food && obs.food < 20) choices.push(() => ({ type: 'skill', name: 'eat', params: { item: food.name } }));
    return this.rng.pick(choices)();
  }
}
