import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/core/actions.js';
import type { Observation } from '../../../src/core/observation.js';
import { HeuristicTeam } from '../../../src/agents/heuristic/heuristic-team.js';
import { LINE_REACH, LINE_SPACING, miningFeetY, StripMine } from '../../../src/agents/heuristic/strip-mine.js';
import { ORE_PLACEMENTS } from '../../../src/world/index.js';
import { obs, report } from '../alex/helpers.js';

const paramsOf = (a: AgentAction | null | undefined): Record<string, unknown> => (a?.type === 'skill' ? { name: a.name, ...(a.params ?? {}) } : {});
const at = (x: number, y: number, z: number, extra: Partial<Observation> = {}): Observation => obs({ tick: 0, pos: { x: x + 0.5, y, z: z + 0.5 }, ...extra });

describe('strip mine: where and how the team tunnels for ore', () => {
  it('tunnels at the top of the ore band that lies under the surface, from the world generator\'s ore config', () => {
    const middle = ORE_PLACEMENTS.find((p) => p.feature === 'ore_iron_middle')!;
    // Under a y=64 surface: iron's middle band (−24..56) is the highest wholly underground; the small band reaches 72.
    expect(miningFeetY('iron_ore', 64)).toBe(middle.maxY);
    expect(miningFeetY('deepslate_iron_ore', 64)).toBe(middle.maxY);
    const diamondTop = Math.max(...ORE_PLACEMENTS.filter((p) => p.ore === 'diamond_ore').map((p) => p.maxY));
    expect(miningFeetY('diamond_ore', 64)).toBe(diamondTop);
  });

  it('walks (digging) to the face of the nearest line, then tunnels along it no farther than the pickaxes last', () => {
    const mine = new StripMine('iron_ore', { x: 0, z: 0 }, 64);
    const go = paramsOf(mine.next('A', at(0, 64, 0), 100));
    expect(go).toMatchObject({ name: 'moveTo', x: 0, y: mine.feetY, z: LINE_SPACING, range: 0, dig: true });
    const dig = paramsOf(mine.next('A', at(0, mine.feetY, LINE_SPACING), 10));
    expect(dig).toMatchObject({ name: 'explore', direction: 'west', distance: 10, lookFor: 'iron_ore' });
    // A teammate takes the other side of the same line, not the same tunnel.
    expect(paramsOf(mine.next('B', at(0, mine.feetY, LINE_SPACING), 100))).toMatchObject({ name: 'explore', direction: 'east', distance: LINE_REACH });
  });

  it('goes on from where the tunnel stopped, and ends a side at its full reach', () => {
    const mine = new StripMine('iron_ore', { x: 0, z: 0 }, 64);
    const y = mine.feetY;
    mine.next('A', at(0, y, LINE_SPACING), 100);
    const stopped = report('explore', { direction: 'west', distance: LINE_REACH }, true, { pos: { x: -11.5, y, z: LINE_SPACING + 0.5 }, found: [{ x: -13, y, z: LINE_SPACING - 1 }] });
    mine.observe('A', at(-12, y, LINE_SPACING, { finishedSkills: [stopped] }));
    // After collecting the ore the agent stands elsewhere: back to the face at x=-12, then on.
    expect(paramsOf(mine.next('A', at(-13, y, LINE_SPACING - 1), 100))).toMatchObject({ name: 'moveTo', x: -12, z: LINE_SPACING });
    expect(paramsOf(mine.next('A', at(-12, y, LINE_SPACING), 100))).toMatchObject({ name: 'explore', direction: 'west', distance: LINE_REACH - 12 });
    const end = report('explore', { direction: 'west' }, true, { pos: { x: -LINE_REACH + 0.5, y, z: LINE_SPACING + 0.5 }, found: [] });
    mine.observe('A', at(-LINE_REACH, y, LINE_SPACING, { finishedSkills: [end] }));
    // The west side of line 1 is done: the next unit is another one.
    const next = paramsOf(mine.next('A', at(-LINE_REACH, y, LINE_SPACING), 100));
    expect(next.name).toBe('moveTo');
    expect(next.z === LINE_SPACING && next.x === -LINE_REACH).toBe(false);
  });

  it('opens the lines nearest to ore the team has seen first', () => {
    const mine = new StripMine('iron_ore', { x: 0, z: 0 }, 64);
    mine.observe('B', at(0, mine.feetY, 0, { nearbyBlocks: [{ name: 'iron_ore', count: 2, nearest: { x: -20, y: 56, z: -25 }, distance: 30 }] }));
    // Line -6 (z = -24) passes one block from the vein, on its west side.
    expect(paramsOf(mine.next('A', at(0, 64, 0), 100))).toMatchObject({ name: 'moveTo', x: 0, z: -24 });
    expect(paramsOf(mine.next('A', at(0, mine.feetY, -24), 100))).toMatchObject({ name: 'explore', direction: 'west' });
  });
});

describe('heuristic team: pickaxes underground', () => {
  async function started(): Promise<HeuristicTeam> {
    // Silent: these decisions are the plan's; a first line said aloud would put each off by a step (heuristic-chat.test.ts).
    const team = new HeuristicTeam({ goals: [{ type: 'collection', items: [{ name: 'raw_iron', count: 20 }] }], talk: false });
    await team.start({ task: { id: 't', type: 'collection', goal: 'mine iron', maxTicks: 10_000 }, agents: ['A'], seed: '1', skills: '', log: () => {} } as never);
    return team;
  }
  const kit = [{ name: 'stick', count: 16 }, { name: 'cobblestone', count: 30 }, { name: 'crafting_table', count: 1 }];

  it('crafts a new pickaxe before the last one (2 uses left) breaks, instead of tunnelling on', async () => {
    const team = await started();
    await team.decide({ A: obs({ tick: 0, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, inventory: [...kit, { name: 'stone_pickaxe', count: 1, durability: 131 }] }) });
    const worn = await team.decide({ A: obs({ tick: 10, agent: 'A', pos: { x: 0.5, y: 56, z: 4.5 }, inventory: [...kit, { name: 'stone_pickaxe', count: 1, durability: 2 }] }) });
    expect(paramsOf(worn.A)).toMatchObject({ name: 'craft', item: 'stone_pickaxe' });
    const fresh = await team.decide({ A: obs({ tick: 20, agent: 'A', pos: { x: 0.5, y: 56, z: 4.5 }, inventory: [...kit, { name: 'stone_pickaxe', count: 1, durability: 131 }] }) });
    expect(paramsOf(fresh.A)).toMatchObject({ name: 'explore', lookFor: 'iron_ore' });
  });

  it('takes wood for new pickaxes while at the surface, before going down', async () => {
    const team = await started();
    const a = await team.decide({ A: obs({ tick: 0, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, inventory: [{ name: 'stone_pickaxe', count: 1, durability: 131 }, { name: 'oak_planks', count: 8 }], nearbyBlocks: [{ name: 'oak_log', count: 5, nearest: { x: 4, y: 64, z: 4 }, distance: 5 }] }) });
    expect(paramsOf(a.A)).toMatchObject({ name: 'craft', item: 'stick' });
  });

  it('does not go looking for more wood once the trees in sight are gone: it mines with what it has', async () => {
    const team = await started();
    const a = await team.decide({ A: obs({ tick: 0, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, inventory: [{ name: 'stone_pickaxe', count: 1, durability: 131 }, { name: 'stick', count: 2 }] }) });
    expect(paramsOf(a.A)).toMatchObject({ name: 'moveTo', dig: true, y: 56 });
  });
});
