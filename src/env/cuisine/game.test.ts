/**
 * Rules against cuisineworld.md (MindAgent `overcooked/game.py`, checked there by running the original engine).
 * Section numbers in comments refer to that file.
 */
import { describe, expect, it } from 'vitest';
import { CuisineGame, NONE_ACTED } from './game.js';
import { getLevel } from './level.js';
import { stateText, stepMessage } from './state-text.js';

function game(level: string, agents = 2, rules: 'fixed' | 'original' = 'fixed', alpha = 2.2): CuisineGame {
  return new CuisineGame({ level, agents, alpha, seed: 0, rules });
}

/** Runs steps, returning the feedback of the last one. */
function run(g: CuisineGame, ...steps: string[][]): string[] {
  let fb: string[] = [];
  for (const s of steps) fb = g.step(s).feedback;
  return fb;
}

describe('parsing (§5.2): one bad command rejects the whole dispatch', () => {
  it('reports each parse error with the original message', () => {
    const g = game('level_3', 3);
    expect(g.step(['goto']).feedback).toEqual(['not enough arguments for action goto']);
    expect(g.step(['jump_agent0_pot0']).feedback).toEqual(['jump is not in the list of supported actions']);
    expect(g.step(['goto_agentX_pot0']).feedback).toEqual(['agent id not found']);
    expect(g.step(['goto_agent1_oven0']).feedback).toEqual(['for agent1, tool oven0 is not in the current game level']);
    expect(g.step(['goto_agent0_pot0', 'put_agent0_pot0']).feedback).toEqual(['agent ids cannot be the same']);
  });

  it('runs nobody when one command is bad, but time moves on', () => {
    const g = game('level_3', 3);
    const r = g.step(['goto_agent0_storage0', 'fly_agent1_pot0']);
    expect(r.success).toEqual([false, false]);
    expect(g.snapshot().agents[0]!.at).toBe('servingtable0');
    expect(g.time).toBe(1);
  });

  it('says so when every agent does nothing', () => {
    expect(game('level_0').step(['noop_agent0', 'noop_agent1']).feedback).toEqual([NONE_ACTED]);
  });

  it('gives a message instead of crashing on an agent number out of range (original: IndexError)', () => {
    expect(game('level_0').step(['goto_agent7_storage0']).feedback).toEqual(['agent7 does not exist, there are only 2 agents']);
  });
});

describe('get (§5.3)', () => {
  it('checks location, pickability, hands and storage items, with the original messages', () => {
    const g = game('level_0');
    expect(run(g, ['get_agent0_salmon_storage0'])).toEqual(['agent0 is not located in storage0']);
    expect(run(g, ['get_agent0_servingtable0'])).toEqual(['agent0 is not allowed to pick up from servingtable0 at this point']);
    run(g, ['goto_agent0_storage0', 'goto_agent1_blender0']);
    expect(run(g, ['get_agent0_salmonSashimi_storage0'])).toEqual(['agent0 can only pickup base ingredients from the storage']);
    expect(run(g, ['get_agent0_storage0'])).toEqual(['for agent0, need to specify the item to get from storage']);
    expect(run(g, ['get_agent1_blender0'])).toEqual(['agent1 is not allowed to pick up from blender0 at this point']);
    // Any of the 27 base ingredients can be taken, even one the level never uses (bread in level_0).
    expect(run(g, ['get_agent0_bread_storage0'])).toEqual([]);
    expect(run(g, ['get_agent0_salmon_storage0'])).toEqual(['agent0 is holding objects, therefore cannot get objects from the tool']);
  });

  it('reports a busy agent and waste lying around (both unreachable in normal play)', () => {
    const g = game('level_0');
    g.agentBusy[0] = 1;
    expect(run(g, ['goto_agent0_storage0'])).toEqual(['agent0 is occupied therefore cannot take any actions other than noop']);
    g.holding[1] = 'waste';
    expect(g.step(['noop_agent1']).suggestions).toEqual(['put the waste into the storage']);
  });

  it('lets a raw item be taken back off a chopboard, and reports an empty one', () => {
    const g = game('level_2');
    run(g, ['goto_agent0_storage0', 'goto_agent1_chopboard0']);
    expect(run(g, ['get_agent1_chopboard0'])).toEqual(['chopboard0 is empty, you cannot get anything from there']);
    run(g, ['get_agent0_tuna_storage0'], ['goto_agent0_chopboard0'], ['put_agent0_chopboard0'], ['get_agent1_chopboard0']);
    expect(g.holding[1]).toBe('tuna');
  });
});

describe('put (§5.3)', () => {
  it('refuses non-dishes on the serving table, waste in tools and empty hands', () => {
    const g = game('level_0');
    run(g, ['goto_agent0_storage0'], ['get_agent0_salmon_storage0'], ['goto_agent0_servingtable0']);
    expect(run(g, ['put_agent0_servingtable0'])).toEqual(['salmon is not any dish needed in this level and cannot be put on servingtable0']);
    expect(run(g, ['put_agent1_blender0'])).toEqual(['agent1 is not located in blender0']);
    run(g, ['goto_agent0_storage0'], ['put_agent0_storage0'], ['get_agent0_lamb_storage0'], ['goto_agent0_blender0']);
    expect(run(g, ['put_agent0_blender0'])).toEqual(['putting lamb into blender0 will result in waste']);
    run(g, ['goto_agent1_blender0']);
    expect(run(g, ['put_agent1_blender0'])).toEqual(['agent1 is not holding objects, therefore cannot put objects into the tool']);
  });

  it('storage is a bin: a put there throws the item away', () => {
    const g = game('level_0');
    run(g, ['goto_agent0_storage0'], ['get_agent0_salmon_storage0'], ['put_agent0_storage0']);
    expect(g.holding[0]).toBeNull();
    expect(stateText(g)).toContain('inside(storage0, None)');
  });

  it('a full chopboard (capacity 1) reports its capacity', () => {
    const g = game('level_2');
    run(g, ['goto_agent0_storage0', 'goto_agent1_storage0'], ['get_agent0_tuna_storage0', 'get_agent1_salmon_storage0']);
    run(g, ['goto_agent0_chopboard0', 'goto_agent1_chopboard0'], ['put_agent0_chopboard0']);
    expect(run(g, ['put_agent1_chopboard0'])).toEqual(['chopboard0 reaches maximum capacity']);
    expect(g.holding[1]).toBe('salmon');
  });
});

describe('the duplicate-merge bug (§9.4)', () => {
  function putTwoSalmon(rules: 'fixed' | 'original') {
    const g = game('level_0', 2, rules);
    run(g, ['goto_agent0_storage0', 'goto_agent1_storage0'], ['get_agent0_salmon_storage0', 'get_agent1_salmon_storage0']);
    run(g, ['goto_agent0_blender0', 'goto_agent1_blender0'], ['put_agent0_blender0']);
    const fb = run(g, ['put_agent1_blender0']);
    return { g, fb };
  }

  it('original: the second salmon "succeeds" and vanishes', () => {
    const { g, fb } = putTwoSalmon('original');
    expect(fb).toEqual([]);
    expect(g.holding[1]).toBeNull();
    expect(g.contents[2]).toEqual(['salmon']);
  });

  it('fixed: the put is refused and the agent keeps the item', () => {
    const { g, fb } = putTwoSalmon('fixed');
    expect(fb).toEqual(['putting salmon into blender0 will result in waste']);
    expect(g.holding[1]).toBe('salmon');
  });
});

describe('activate, occupation times and recipe matching (§1, §5.3)', () => {
  it('blender: product visible at once, blocked for 1 more step, then free', () => {
    const g = game('level_0');
    run(g, ['goto_agent0_storage0', 'goto_agent1_storage0'], ['get_agent0_salmon_storage0', 'get_agent1_flour_storage0']);
    run(g, ['goto_agent0_blender0', 'goto_agent1_blender0'], ['put_agent0_blender0', 'put_agent1_blender0']);
    expect(run(g, ['activate_agent0_blender0', 'noop_agent1'])).toEqual([]);
    expect(stateText(g)).toContain('inside(blender0, salmonMeatcake)\noccupy(blender0)\n');
    expect(run(g, ['get_agent0_blender0'])).toEqual(['blender0 is occupied, therefore agent0 cannot get objects from the tool']);
    expect(run(g, ['get_agent0_blender0'])).toEqual([]);
    expect(g.holding[0]).toBe('salmonMeatcake');
  });

  it('pot: blocked for 2 steps after the activate step; activate messages', () => {
    const g = game('level_3', 3);
    run(g, ['goto_agent0_storage0', 'goto_agent1_pot0'], ['get_agent0_rice_storage0']);
    expect(run(g, ['activate_agent1_pot0'])).toEqual(['pot0 is empty, therefore cannot be activated']);
    expect(run(g, ['activate_agent0_pot0'])).toEqual(['agent0 is not located in pot0']);
    run(g, ['goto_agent0_pot0']);
    expect(run(g, ['activate_agent0_pot0'])).toEqual([
      'agent0 is holding objects, therefore cannot activate tools',
      'pot0 is empty, therefore cannot be activated',
    ]);
    run(g, ['put_agent0_pot0'], ['activate_agent0_pot0']);
    expect(run(g, ['put_agent1_pot0'])).toEqual([
      'agent1 is not holding objects, therefore cannot put objects into it'.replace('into it', 'into the tool'),
      'pot0 is occupied, therefore cannot put objects into it',
    ]);
    expect(run(g, ['activate_agent1_pot0'])).toEqual(['pot0 is occupied, therefore cannot be activated']);
    expect(run(g, ['get_agent1_pot0'])).toEqual([]);
    expect(g.holding[1]).toBe('cookedRice');
  });

  it('mixer (occupied 0): put, activate and get by three agents in one step, in list order (§1)', () => {
    const g = game('level_4', 3);
    run(g, ['goto_agent0_storage0'], ['get_agent0_tomato_storage0'], ['goto_agent0_chopboard0'], ['put_agent0_chopboard0']);
    run(g, ['activate_agent0_chopboard0']);
    // chopboard (occupied 1) is free again the next step.
    run(g, ['get_agent0_chopboard0', 'goto_agent1_mixer0', 'goto_agent2_mixer0'], ['goto_agent0_mixer0']);
    const r = g.step(['put_agent0_mixer0', 'activate_agent1_mixer0', 'get_agent2_mixer0']);
    expect(r.success).toEqual([true, true, true]);
    expect(g.holding[2]).toBe('tomatoSalad');
  });

  it('matches exactly: a near miss is refused as waste and stays in the tool', () => {
    // level_9 Hopper = tomatoSlice + lettuceSlice + sauteedBeef + bread; without the beef nothing matches.
    const g = game('level_9', 2);
    g.contents[g.level.locationIndex.get('mixer0')!] = ['tomatoSlice', 'lettuceSlice', 'bread'];
    run(g, ['goto_agent0_mixer0']);
    expect(run(g, ['activate_agent0_mixer0'])).toEqual(['activating mixer0 will result in waste']);
    expect(g.contents[g.level.locationIndex.get('mixer0')!]).toEqual(['tomatoSlice', 'lettuceSlice', 'bread']);
    // A subset that is itself a recipe does cook: tomatoSlice alone in level_4's mixer is a tomatoSalad (§3.2 note).
    const h = game('level_4', 2);
    h.contents[h.level.locationIndex.get('mixer0')!] = ['tomatoSlice'];
    run(h, ['goto_agent0_mixer0'], ['activate_agent0_mixer0']);
    expect(h.contents[h.level.locationIndex.get('mixer0')!]).toEqual(['tomatoSalad']);
  });

  it('only recipes of the level can be cooked (filter_recipe)', () => {
    const g = game('level_0');
    g.contents[2] = ['pork', 'flour']; // porkMeatcake is not in level_0
    run(g, ['goto_agent0_blender0']);
    expect(run(g, ['activate_agent0_blender0'])).toEqual(['activating blender0 will result in waste']);
  });
});

describe('orders (§4.2, §5.4)', () => {
  it('places one order at reset and one every task interval, with its full lifetime', () => {
    const g = game('level_3', 3, 'fixed', 1.0); // interval 6, sushi lifetime 13
    expect(g.orders).toHaveLength(1);
    expect(g.orders[0]!.lifetime).toBe(13);
    for (let t = 0; t < 5; t++) g.step([]);
    expect(g.orders).toHaveLength(1);
    g.step([]);
    expect(g.time).toBe(6);
    expect(g.orders.map((o) => o.lifetime)).toEqual([7, 13]);
  });

  it('expires an order in the step after it shows lifetime 0; counts every expired order (fixed) or steps (original)', () => {
    for (const rules of ['fixed', 'original'] as const) {
      const g = game('level_0', 2, rules, 1.0); // interval 3, lifetime 8
      g.orders = [
        { dish: 'salmonMeatcake', lifetime: 1 },
        { dish: 'salmonMeatcake', lifetime: 1 },
      ];
      expect(g.step([]).expired).toEqual([]);
      expect(g.orders.map((o) => o.lifetime)).toEqual([0, 0]);
      expect(g.step([]).expired).toEqual(['salmonMeatcake', 'salmonMeatcake']);
      expect(g.expiredCount).toBe(2);
      expect(g.failedCount).toBe(rules === 'fixed' ? 2 : 1);
    }
  });

  it('serves a matching dish at the end of the step; a spare dish stays and completes a later order', () => {
    const g = game('level_0', 2, 'fixed', 1.0);
    g.orders = [{ dish: 'salmonMeatcake', lifetime: 5 }];
    g.holding[0] = 'salmonMeatcake';
    g.holding[1] = 'salmonMeatcake';
    const r = g.step(['put_agent0_servingtable0', 'put_agent1_servingtable0']);
    expect(r.completed).toEqual(['salmonMeatcake']);
    expect(g.contents[1]).toEqual(['salmonMeatcake']);
    expect(g.orders).toHaveLength(0);
    g.step([]);
    g.step([]); // step 3: a new order arrives (interval 3) ...
    expect(g.orders).toHaveLength(1);
    expect(g.step([]).completed).toEqual(['salmonMeatcake']); // ... and the spare dish completes it the step after
    expect(g.completedCount).toBe(2);
    expect(g.accomplished).toEqual(['salmonMeatcake', 'salmonMeatcake']);
  });

  it('ends after 60 steps', () => {
    const g = game('level_0');
    for (let t = 0; t < 60; t++) g.step([]);
    expect(g.done).toBe(true);
    expect(() => g.step([])).toThrow(/episode is over/);
  });
});

describe('level_12 fryer fix (§3.2 note, §9.8)', () => {
  it('original level_12 cannot make frenchFries; the fixed one has fryers instead of the unused pans', () => {
    expect(getLevel('level_12', 'original').unmakeableDishes()).toEqual(['frenchFries']);
    const fixed = getLevel('level_12', 'fixed');
    expect(fixed.unmakeableDishes()).toEqual([]);
    expect(fixed.locations.map((l) => l.id)).toContain('fryer1');
    expect(fixed.locations.map((l) => l.id)).not.toContain('pan0');
  });
});

describe('state text (§6.1)', () => {
  it('reproduces the reference state of level_3 at step 5 exactly', () => {
    const g = game('level_3', 3, 'fixed', 1.0);
    g.orders = [{ dish: 'tunaSushi', lifetime: 13 }];
    run(
      g,
      ['goto_agent0_storage0', 'goto_agent1_storage0', 'goto_agent2_storage0'],
      ['get_agent1_tuna_storage0', 'get_agent2_rice_storage0', 'noop_agent0'],
      ['goto_agent1_chopboard0', 'goto_agent2_pot0'],
      ['put_agent1_chopboard0', 'put_agent2_pot0'],
      ['activate_agent1_chopboard0', 'activate_agent2_pot0'],
    );
    expect(stateText(g)).toBe(
      '-game state:\ncurrent game level: level_3\ncurrent dishes:\n    name: tunaSushi lifetime: 8\ncurrent game step: 5\n' +
        'maximum game steps: 60\n\n-agent state:\nat(agent0, storage0)\nhold(agent0, None)\nat(agent1, chopboard0)\n' +
        'hold(agent1, None)\nat(agent2, pot0)\nhold(agent2, None)\n\n-kitchen state:\ninside(storage0, None)\n' +
        'inside(servingtable0, None)\ninside(pot0, cookedRice)\noccupy(pot0)\ninside(pot1, None)\n' +
        'inside(chopboard0, tunaSashimi)\ninside(chopboard1, None)\ninside(mixer0, None)\ninside(mixer1, None)\n\n' +
        '-accomplished task:\n\n\n',
    );
  });

  it('wraps it in the per-step message with Python-style feedback lists', () => {
    const g = game('level_0');
    g.step(['noop_agent0']);
    expect(stepMessage(g)).toMatch(
      /^-execution error messages:\n {2}-- {2}\['None of the agents performed any actions which is not normal.'\]\n-execution suggestions:\n {2}-- {2}\[\]\n-game state:/,
    );
    expect(stepMessage(g).endsWith('-action:\n')).toBe(true);
    expect(stepMessage(g, false).startsWith('-game state:')).toBe(true);
  });

  it('offers the state as JSON too', () => {
    const s = game('level_3', 3).snapshot();
    expect(s.agents).toHaveLength(3);
    expect(s.locations.map((l) => l.id)).toEqual(['storage0', 'servingtable0', 'pot0', 'pot1', 'chopboard0', 'chopboard1', 'mixer0', 'mixer1']);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe('clone (look-ahead for planners)', () => {
  it('plays on exactly as the original would, orders included, and never touches it', () => {
    const g = game('level_3', 2, 'fixed', 1.0);
    g.step(['goto_agent0_storage0', 'goto_agent1_storage0']);
    const before = JSON.stringify(g.snapshot());
    const copy = g.clone();
    const twin = g.clone();
    // Long enough for new orders to be drawn from the order stream: a copy's stream must go on as the original's.
    for (let i = 0; i < 30; i++) {
      copy.step(['noop_agent0', 'noop_agent1']);
      twin.step(['noop_agent0', 'noop_agent1']);
    }
    expect(copy.snapshot()).toEqual(twin.snapshot());
    expect(copy.orders.length + copy.completedCount + copy.expiredCount).toBeGreaterThan(1);
    expect(JSON.stringify(g.snapshot())).toBe(before);
    for (let i = 0; i < 30; i++) g.step(['noop_agent0', 'noop_agent1']);
    expect(g.snapshot()).toEqual(copy.snapshot());
  });
});
