/**
 * Checks every block, item, mob, effect and potion name a task mentions against minecraft-data (through
 * the world Registry), so a typo such as `gold_pickaxe` is reported with its path and a "did you mean"
 * before any episode starts, instead of failing mid-run.
 */
import { MOB_FACTS } from '../world/facts/mobs.js';
import { isWeaponKey, WEAPON_KINDS } from '../world/living/damage-multipliers.js';
import { POTIONS } from '../world/facts/potions.js';
import { suggest, type Registry } from '../world/registry.js';
import { formatPath, type PathSegment } from './issues.js';
import type { ActionSpec, GoalSpec, TaskSpec } from './spec.js';
import { requirementNames, type ItemRequirement } from './spec/common.js';
import { goalKind } from './goals/goal-kinds.js';
import { eventKind } from './events/event-kinds.js';
import { isPluginKind } from './kind-table.js';

export type NameKind = 'block' | 'item' | 'mob' | 'effect' | 'potion' | 'thing' | 'weapon';

export interface NameRef {
  kind: NameKind;
  name: string;
  path: PathSegment[];
}

export interface NameProblem {
  path: string;
  reason: string;
  severity: 'error' | 'warning';
}

/** `fire_resistance` -> `FireResistance` (minecraft-data's effect names). */
export function effectDataName(name: string): string {
  if (/^[A-Z]/.test(name)) return name;
  return name
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : ''))
    .join('');
}

/** `FireResistance` -> `fire_resistance` (the command-style name WorldAdmin and Scenario take). */
export function effectCommandName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

export function checkNames(spec: TaskSpec, registry: Registry): NameProblem[] {
  const problems: NameProblem[] = [];
  for (const ref of nameRefs(spec)) {
    const p = checkOne(ref, registry);
    if (p) problems.push(p);
  }
  return problems;
}

function checkOne(ref: NameRef, registry: Registry): NameProblem | null {
  const path = formatPath(ref.path);
  const v = registry.version;
  const data = registry.data;
  switch (ref.kind) {
    case 'block':
      return registry.isBlock(ref.name) ? null : { path, severity: 'error', reason: `unknown block '${ref.name}' in Minecraft ${v}; ${suggest(ref.name, Object.keys(data.blocksByName))}` };
    case 'item':
      return registry.isItem(ref.name) ? null : { path, severity: 'error', reason: `unknown item '${ref.name}' in Minecraft ${v}; ${suggest(ref.name, Object.keys(data.itemsByName))}` };
    case 'mob': {
      if (!(ref.name in data.entitiesByName)) {
        return { path, severity: 'error', reason: `unknown mob '${ref.name}' in Minecraft ${v}; ${suggest(ref.name, Object.keys(data.entitiesByName))}` };
      }
      if (!(ref.name in MOB_FACTS)) {
        return { path, severity: 'warning', reason: `the sim backend does not simulate '${ref.name}' (it knows ${Object.keys(MOB_FACTS).join(', ')}); this task needs the minecraft backend` };
      }
      return null;
    }
    case 'effect': {
      const known = Object.keys(data.effectsByName);
      return known.includes(effectDataName(ref.name))
        ? null
        : { path, severity: 'error', reason: `unknown effect '${ref.name}' in Minecraft ${v}; ${suggest(ref.name, known.map(effectCommandName))}` };
    }
    case 'potion':
      return ref.name in POTIONS ? null : { path, severity: 'error', reason: `unknown potion type '${ref.name}'; ${suggest(ref.name, Object.keys(POTIONS))}` };
    case 'weapon':
      return isWeaponKey(registry, ref.name)
        ? null
        : { path, severity: 'error', reason: `'${ref.name}' in damage_multipliers is neither an item nor a weapon kind (${WEAPON_KINDS.join(', ')}); ${suggest(ref.name, [...WEAPON_KINDS, ...Object.keys(data.itemsByName)])}` };
    case 'thing':
      return registry.isItem(ref.name) || registry.isBlock(ref.name) || ref.name in data.entitiesByName
        ? null
        : { path, severity: 'error', reason: `'${ref.name}' is not an item, block or mob in Minecraft ${v}; ${suggest(ref.name, [...Object.keys(data.itemsByName), ...Object.keys(data.entitiesByName)])}` };
  }
}

/** Every name in the spec, with the path where the file wrote it. */
export function nameRefs(spec: TaskSpec): NameRef[] {
  const refs: NameRef[] = [];
  const add = (kind: NameKind, name: string, path: PathSegment[]) => refs.push({ kind, name, path });
  const stacks = (items: { name: string; potion?: string | undefined }[], base: PathSegment[]) =>
    items.forEach((it, i) => {
      add('item', it.name, [...base, i, 'name']);
      if (it.potion !== undefined) add('potion', it.potion, [...base, i, 'potion']);
    });

  spec.agents.spawn.forEach((agent, i) => {
    const base: PathSegment[] = ['agents', 'spawn', i];
    if (Array.isArray(agent.inventory)) stacks(agent.inventory, [...base, 'inventory']);
    else {
      for (const [name, entry] of Object.entries(agent.inventory)) {
        add('item', name, [...base, 'inventory', name]);
        if (typeof entry === 'object' && entry.potion !== undefined) add('potion', entry.potion, [...base, 'inventory', name, 'potion']);
      }
    }
    for (const [slot, item] of Object.entries(agent.equipment ?? {})) if (item) add('item', item, [...base, 'equipment', slot]);
    agent.capabilities?.effects.forEach((e, j) => {
      if (typeof e === 'string') add('effect', e, [...base, 'capabilities', 'effects', j]);
      else {
        const key = e.type !== undefined ? 'type' : 'name';
        const name = e.type ?? e.name;
        if (name !== undefined) add('effect', name, [...base, 'capabilities', 'effects', j, key]);
      }
    });
  });

  const env = spec.environment;
  const chests = env.chest === undefined ? [] : Array.isArray(env.chest) ? env.chest : [env.chest];
  chests.forEach((c, i) => stacks(c.items, Array.isArray(env.chest) ? ['environment', 'chest', i, 'items'] : ['environment', 'chest', 'items']));
  env.entities?.hostiles.forEach((e, i) => add('mob', e.type, ['environment', 'entities', 'hostiles', i, 'type']));
  env.entities?.passives.forEach((e, i) => add('mob', e.type, ['environment', 'entities', 'passives', i, 'type']));
  env.materials?.grid.forEach((p, i) => add('block', p.block, ['environment', 'materials', 'grid', i, 'block']));
  env.blocks.forEach((b, i) => add('block', b.block, ['environment', 'blocks', i, 'block']));

  spec.events.forEach((ev, i) => ev.actions.forEach((a, j) => actionRefs(a, ['events', i, 'actions', j], add, stacks)));

  const success = spec.task.success;
  if (success !== undefined) {
    if (Array.isArray(success)) success.forEach((g, i) => goalRefs(g, ['task', 'success', i], add));
    else goalRefs(success, ['task', 'success'], add);
  }
  return refs;
}

type Add = (kind: NameKind, name: string, path: PathSegment[]) => void;

function actionRefs(a: ActionSpec, base: PathSegment[], add: Add, stacks: (items: { name: string; potion?: string | undefined }[], base: PathSegment[]) => void): void {
  if (isPluginKind(a)) {
    for (const ref of eventKind(a.type)?.names?.(a) ?? []) add(ref.kind, ref.name, [...base, ...ref.path]);
    return;
  }
  switch (a.type) {
    case 'progressive_fill':
    case 'spawn_blocks':
      add('block', a.block, [...base, 'block']);
      return;
    case 'spawn_mobs':
      add('mob', a.mob, [...base, 'mob']);
      return;
    case 'spawn_boss':
      add('mob', a.mob, [...base, 'mob']);
      for (const key of Object.keys(a.damage_multipliers ?? {})) add('weapon', key, [...base, 'damage_multipliers', key]);
      a.minions.forEach((m, k) => {
        add('mob', m.mob, [...base, 'minions', k, 'mob']);
        for (const key of Object.keys(m.damage_multipliers ?? {})) add('weapon', key, [...base, 'minions', k, 'damage_multipliers', key]);
      });
      return;
    case 'chest_contents':
    case 'give_items':
      stacks(a.items, [...base, 'items']);
      return;
    case 'region_effect':
    case 'apply_effect':
      add('effect', a.effect, [...base, 'effect']);
      return;
    case 'message':
      return;
  }
}

function requirementRefs(items: ItemRequirement[], base: PathSegment[], add: Add): void {
  items.forEach((r, i) => {
    if (r.any_of) r.any_of.forEach((n, k) => add('item', n, [...base, i, 'any_of', k]));
    else for (const n of requirementNames(r)) add('item', n, [...base, i, 'name']);
  });
}

function goalRefs(g: GoalSpec, base: PathSegment[], add: Add): void {
  if (isPluginKind(g)) {
    for (const ref of goalKind(g.type)?.names?.(g) ?? []) add(ref.kind, ref.name, [...base, ...ref.path]);
    return;
  }
  switch (g.type) {
    case 'chest_contains':
    case 'team_inventory_contains':
    case 'collection':
      requirementRefs(g.items, [...base, 'items'], add);
      return;
    case 'harvest':
      add('item', g.item, [...base, 'item']);
      return;
    case 'tech_tree':
      add('item', g.tool, [...base, 'tool']);
      g.path.forEach((n, i) => add('item', n, [...base, 'path', i]));
      return;
    case 'combat':
      add('mob', g.mob, [...base, 'mob']);
      return;
    case 'blueprint':
      for (const [ch, block] of Object.entries(g.palette)) add('block', block, [...base, 'palette', ch]);
      return;
    case 'settlement':
      for (const [ch, block] of Object.entries(g.hut.palette)) add('block', block, [...base, 'hut', 'palette', ch]);
      requirementRefs(g.items, [...base, 'items'], add);
      return;
    case 'shelter':
      for (const part of ['foundation', 'walls', 'roof'] as const) g[part].forEach((b, i) => add('block', b, [...base, part, i]));
      return;
    case 'stage_performance':
      g.script.forEach((line, i) => {
        if (line.object !== undefined) add('thing', line.object, [...base, 'script', i, 'object']);
      });
      return;
    case 'kill_boss':
    case 'all_survive':
    case 'survive_days':
    case 'creative':
    case 'choice':
      return;
  }
}
