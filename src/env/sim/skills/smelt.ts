/**
 * smelt: cook items in a furnace with the world's furnace rule: find or place a furnace, load the
 * input and enough fuel from the inventory, wait the real smelting time (10 s an item in a furnace)
 * and take the output. Pre-empted, the furnace keeps cooking: the agent can come back for the output.
 */
import type { Vec3 } from '../../../core/vec3.js';
import type { Player, World } from '../../../world/index.js';
import { FUEL_TICKS, furnaceSmelt, furnaceState, furnaceTake, SMELTING, smeltTicks, withinReach } from '../../../world/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { approachBlock } from './approach.js';
import { fmtPos } from './body.js';
import { reachStation } from './crafting-station.js';
import { unknownItem } from './sight.js';
import { ruleFailure } from './rule-failure.js';

/** Fuels an agent would burn first: coal-like ones, then wood. Other burnables (tools, chests) only when named. */
const PREFERRED_FUELS = ['coal', 'charcoal', 'coal_block', 'blaze_rod'];
const isWoodFuel = (name: string): boolean => /_(planks|log|wood)$/.test(name) || name === 'stick';

export const smelt = defineSkill('smelt', {
  *run(ctx, p) {
    const { world, player } = ctx;
    const bad = unknownItem(world, p.item) ?? (p.fuel !== undefined ? unknownItem(world, p.fuel) : null);
    if (bad) return bad;
    const recipe = SMELTING[p.item];
    if (!recipe) return fail('not_smeltable', `${p.item} has no furnace recipe`);
    const stack = world.registry.stackSize(p.item);
    if (p.count > stack) return fail('too_many', `a furnace takes one stack of ${stack} at a time; smelt ${stack} or fewer per call`);
    const have = player.inventory.count(p.item);
    if (have < p.count) return fail('missing_items', `you have ${have} ${p.item}, not ${p.count}; gather more or smelt fewer`);
    const fuel = p.fuel ?? chooseFuel(player, p.item);
    if (!fuel) return fail('missing_items', `no fuel in your inventory to smelt ${p.item}; coal, charcoal, planks or logs burn`);
    const burn = FUEL_TICKS[fuel];
    if (burn === undefined) return fail('not_fuel', `${fuel} does not burn in a furnace; use coal, charcoal, planks or logs`);

    const kinds = recipe.kind === 'food' ? ['furnace', 'smoker'] : recipe.kind === 'metal' ? ['furnace', 'blast_furnace'] : ['furnace'];
    const station = yield* reachStation(ctx, kinds, 'craft a furnace from 8 cobblestone at a crafting table and try again');
    if (!station.ok) return fail('no_furnace', station.details);
    const pos = station.pos;
    const perItem = smeltTicks(world.blockAt(pos));
    const fuelCount = Math.max(1, Math.ceil((p.count * perItem) / burn));
    const needFuel = fuel === p.item ? p.count + fuelCount : fuelCount;
    if (player.inventory.count(fuel) < needFuel) {
      return fail('missing_items', `smelting ${p.count} ${p.item} needs ${fuelCount} ${fuel} as fuel; you have ${player.inventory.count(fuel) - (fuel === p.item ? p.count : 0)}`);
    }
    // A finished batch of something else would block the output slot: take it first.
    const before = furnaceState(world, pos);
    if (before?.output && before.output.name !== recipe.output) {
      const took = furnaceTake(world, player, pos);
      if (!took.ok) return ruleFailure(took);
    }
    const loaded = furnaceSmelt(world, player, pos, p.item, p.count, fuel, fuelCount);
    if (!loaded.ok) return ruleFailure(loaded);

    let taken = 0;
    const already = furnaceState(world, pos)?.output?.count ?? 0;
    const deadline = world.tick + p.count * perItem + 200;
    while (world.tick < deadline) {
      const f = furnaceState(world, pos);
      if (!f) return fail('furnace_gone', `the furnace at ${fmtPos(pos)} was destroyed; its contents dropped on the ground`);
      const out = f.output?.name === recipe.output ? f.output.count : 0;
      if (out + taken - already >= p.count) break;
      yield;
    }
    const got = yield* takeOutput(ctx, pos);
    if (!got.ok) return got;
    taken += got.count;
    const smelted = Math.max(0, taken - already);
    if (smelted < p.count) {
      return fail('timeout', `only ${smelted} of ${p.count} ${p.item} were smelted in time (taken: ${taken} ${recipe.output}); the rest is still in the furnace at ${fmtPos(pos)}`);
    }
    return succeed({ input: p.item, output: recipe.output, smelted });
  },
});

function chooseFuel(player: Player, input: string): string | null {
  for (const f of PREFERRED_FUELS) if (f !== input && player.inventory.has(f)) return f;
  for (const s of player.inventory.slots) if (s && s.name !== input && isWoodFuel(s.name) && FUEL_TICKS[s.name] !== undefined) return s.name;
  return null;
}

function* takeOutput(ctx: { world: World; player: Player; omniscient: boolean }, pos: Vec3): Generator<void, SkillResult<{ count: number }>, void> {
  if (!withinReach(ctx.player, pos)) {
    const r = yield* approachBlock(ctx, pos, 'furnace');
    if (!r.ok) return r;
  }
  const r = furnaceTake(ctx.world, ctx.player, pos);
  if (!r.ok) return r.reason === 'nothing_to_take' ? succeed({ count: 0 }) : ruleFailure(r);
  return succeed({ count: r.count });
}
