/**
 * Checks that need more than one field: counts that must agree, names that must refer to something
 * defined elsewhere in the file, triggers that end before they start, goals a task type needs.
 * Each problem carries the path of the field to fix.
 */
import { ignoredGamerules } from './gamerules.js';
import { formatPath, type PathSegment } from './issues.js';
import type { NameProblem } from './names.js';
import { boxVolume, type Box } from './spec/common.js';
import { TASK_LIMITS } from './spec/limits.js';
import type { GoalSpec, TaskSpec, TaskType } from './spec.js';

/**
 * Task files are untrusted input (LLM-generated ones included): sizes that would stall or exhaust a
 * run are rejected here, with the limit in the message, rather than failing inside the backend.
 */
export const LIMITS = { blocksPerBox: TASK_LIMITS.volume, fillVolume: TASK_LIMITS.volume, spawnsPerFiring: TASK_LIMITS.spawnsPerFiring, agents: TASK_LIMITS.agents, maxSteps: TASK_LIMITS.steps } as const;

/** Task types whose paper fixes the success criterion, so a file may leave `task.success` out. */
export const DEFAULT_GOALS: Partial<Record<TaskType, GoalSpec>> = {
  prepare_crisis: { type: 'all_survive' },
  raid_boss: { type: 'kill_boss' },
  creative: { type: 'creative' },
};

/** What each task type needs in `task.success` when the paper gives no default. */
const NEEDED_GOAL: Partial<Record<TaskType, string>> = {
  mine_vanishing_blocks: 'chest_contains with the target blocks and counts',
  harvest: 'harvest {item, count}',
  tech_tree: 'tech_tree {tool}',
  combat: 'combat {mob, count}',
  survival: 'survive_days {days}',
  construction: 'blueprint {origin, palette, layers}',
  stage_performance: 'stage_performance {script}',
  choice: 'choice {options, correct}',
  collection: 'collection {items}',
  society: 'settlement {hut, plots or agents.households}',
  shelter: 'shelter {origin}',
  cooking: 'cooking_orders with a menu, or chest_contains / team_inventory_contains with the dishes',
};

export function goalsOf(spec: Pick<TaskSpec, 'task'>): { goal: GoalSpec; path: PathSegment[] }[] {
  const s = spec.task.success;
  if (s === undefined) {
    const d = DEFAULT_GOALS[spec.task.type];
    return d ? [{ goal: d, path: ['task', 'type'] }] : [];
  }
  return Array.isArray(s) ? s.map((goal, i) => ({ goal, path: ['task', 'success', i] })) : [{ goal: s, path: ['task', 'success'] }];
}

export function checkSemantics(spec: TaskSpec): NameProblem[] {
  const problems: NameProblem[] = [];
  const err = (path: PathSegment[], reason: string) => problems.push({ path: formatPath(path), reason, severity: 'error' });
  const warn = (path: PathSegment[], reason: string) => problems.push({ path: formatPath(path), reason, severity: 'warning' });

  for (const rule of ignoredGamerules(spec.environment.world.gamerules)) {
    warn(['environment', 'world', 'gamerules', rule], `the embedded simulator does not model gamerule ${rule} (ignored there); it applies on the minecraft backend only`);
  }
  const spawn = spec.agents.spawn;
  if (spawn.length > LIMITS.agents) err(['agents', 'spawn'], `${spawn.length} agents is more than the ${LIMITS.agents} a task may have`);
  if (spec.environment.max_steps > LIMITS.maxSteps) err(['environment', 'max_steps'], `max_steps is at most ${LIMITS.maxSteps}`);
  else if (spec.environment.max_steps * spec.environment.step_seconds > TASK_LIMITS.episodeSeconds) {
    err(['environment', 'max_steps'], `max_steps × step_seconds is ${spec.environment.max_steps * spec.environment.step_seconds} simulated seconds; at most ${TASK_LIMITS.episodeSeconds}`);
  }
  // Areas can be used by many actions and goals; none may cover more than a box may.
  forEachArea(spec, (area, path) => {
    if (boxVolume(area) > LIMITS.blocksPerBox) err(path, `an area of ${boxVolume(area)} blocks is more than ${LIMITS.blocksPerBox}`);
  });
  (spec.environment.materials?.grid ?? []).forEach((p, i) => {
    if (p.width * p.height * p.depth > LIMITS.blocksPerBox) err(['environment', 'materials', 'grid', i], `a pile of ${p.width * p.height * p.depth} blocks is more than ${LIMITS.blocksPerBox}`);
  });
  spec.environment.blocks.forEach((b, i) => {
    if (b.to && boxVolume({ min: b.position, max: b.to }) > LIMITS.blocksPerBox) err(['environment', 'blocks', i, 'to'], `a box of more than ${LIMITS.blocksPerBox} blocks`);
  });
  if (spec.agents.count !== undefined && spec.agents.count !== spawn.length) {
    err(['agents', 'count'], `agents.count is ${spec.agents.count} but agents.spawn lists ${spawn.length} agent(s); make them agree`);
  }
  const agentNames = new Set<string>();
  spawn.forEach((a, i) => {
    a.capabilities?.effects.forEach((e, j) => {
      if (typeof e !== 'string' && e.type === undefined && e.name === undefined) err(['agents', 'spawn', i, 'capabilities', 'effects', j], 'an effect needs its type, e.g. {type: fire_resistance}');
    });
    if (agentNames.has(a.name)) err(['agents', 'spawn', i, 'name'], `agent name '${a.name}' is used twice; names must be unique`);
    agentNames.add(a.name);
  });
  // Confederates (spawns with a script) are played by the task; the team needs at least one agent of its own.
  const confederates = spawn.filter((a) => a.script !== undefined).length;
  if (confederates > 0 && confederates === spawn.length) err(['agents', 'spawn'], 'every agent has a script, so the team would drive nobody: leave the script out of the agents the team should play');
  if (spec.agents.confederates_first && confederates === 0) warn(['agents', 'confederates_first'], 'no agent has a script, so there are no confederates to wait for');

  const eventIds = new Set<string>();
  const bossNames = new Set<string>();
  spec.events.forEach((ev, i) => {
    if (eventIds.has(ev.id)) err(['events', i, 'id'], `event id '${ev.id}' is used twice; ids must be unique`);
    eventIds.add(ev.id);
    if (ev.trigger.end !== undefined && ev.trigger.end < ev.trigger.start) {
      err(['events', i, 'trigger', 'end'], `trigger ends at step ${ev.trigger.end}, before it starts at step ${ev.trigger.start}`);
    }
    if (ev.trigger.start >= spec.environment.max_steps) {
      warn(['events', i, 'trigger', 'start'], `the event starts at step ${ev.trigger.start} but the episode ends after ${spec.environment.max_steps} steps, so it never happens`);
    }
    ev.actions.forEach((a, j) => {
      const base: PathSegment[] = ['events', i, 'actions', j];
      if (a.type === 'spawn_boss') bossNames.add(a.name);
      if (a.type === 'progressive_fill' && boxVolume(a.area) > LIMITS.fillVolume) err([...base, 'area'], `a flood over ${boxVolume(a.area)} blocks is more than ${LIMITS.fillVolume}`);
      if ((a.type === 'spawn_blocks' || a.type === 'spawn_mobs') && a.count > LIMITS.spawnsPerFiring) err([...base, 'count'], `at most ${LIMITS.spawnsPerFiring} per firing`);
      if (a.type === 'spawn_boss' && a.minions.reduce((n, m) => n + m.count, 0) > LIMITS.spawnsPerFiring) err([...base, 'minions'], `at most ${LIMITS.spawnsPerFiring} minions per wave`);
      if (a.type === 'give_items' || a.type === 'apply_effect') {
        a.agents?.forEach((n, k) => {
          if (!agentNames.has(n)) err([...base, 'agents', k], `no agent named '${n}' (agents: ${[...agentNames].join(', ')})`);
        });
      }
    });
  });

  const goals = goalsOf(spec);
  if (goals.length === 0) {
    err(['task', 'success'], `a ${spec.task.type} task needs task.success (${NEEDED_GOAL[spec.task.type] ?? 'a goal'})`);
  }
  const hasChest = spec.environment.chest !== undefined;
  for (const { goal, path } of goals) {
    switch (goal.type) {
      case 'chest_contains':
      case 'cooking_orders':
        if (goal.position === undefined && !hasChest) err([...path, 'position'], `${goal.type} needs a chest: give a position or define environment.chest`);
        break;
      case 'kill_boss':
        if (bossNames.size === 0) err(path, 'kill_boss needs a spawn_boss action in events');
        else if (goal.name !== undefined && !bossNames.has(goal.name)) err([...path, 'name'], `no boss named '${goal.name}' (bosses: ${[...bossNames].join(', ')})`);
        break;
      case 'blueprint':
        goal.layers.forEach((layer, y) =>
          layer.forEach((row, z) => {
            for (const ch of row) {
              if (ch !== '.' && ch !== ' ' && !(ch in goal.palette)) err([...path, 'layers', y, z], `character '${ch}' is not in the palette (use '.' for air, ' ' for anything)`);
            }
          }),
        );
        break;
      case 'settlement':
        goal.hut.layers.forEach((layer, y) =>
          layer.forEach((row, z) => {
            for (const ch of row) {
              if (ch !== '.' && ch !== ' ' && !(ch in goal.hut.palette)) err([...path, 'hut', 'layers', y, z], `character '${ch}' is not in the palette (use '.' or ' ' for cells that are not checked)`);
            }
          }),
        );
        if (goal.plots === undefined && spec.agents.households === undefined) err([...path, 'plots'], 'settlement needs plots: list them, or declare agents.households (a plot per household)');
        goal.plots?.forEach((p, k) => {
          if (!Object.values(teamsOf(spec)).includes(p.team)) err([...path, 'plots', k, 'team'], `no agent is in team '${p.team}'`);
        });
        break;
      case 'choice': {
        const options = Object.keys(goal.options);
        if (options.length < 2) err([...path, 'options'], `a choice needs at least two options, this one has ${options.length}`);
        if (!options.includes(goal.correct)) err([...path, 'correct'], `'${goal.correct}' is not one of the options (${options.join(', ')})`);
        const names = new Map(spawn.map((a) => [a.name, a]));
        goal.choosers?.forEach((c, k) => {
          const a = names.get(c);
          if (!a) err([...path, 'choosers', k], `no agent is named '${c}'`);
          else if (a.script) err([...path, 'choosers', k], `'${c}' is a confederate (it has a script): its choice is scripted, not the team's`);
        });
        break;
      }
      case 'stage_performance':
        goal.script.forEach((line, k) => {
          if (line.action === 'chat' && line.text === undefined) err([...path, 'script', k, 'text'], 'a chat line needs the text to say');
          if (line.action !== 'chat' && line.object === undefined && line.action !== 'died') err([...path, 'script', k, 'object'], `a ${line.action} line needs the object it is about`);
        });
        break;
      default:
        break;
    }
  }
  return problems;
}

/** Agent -> team, as scoring groups them (an agent without a team is its own). */
function teamsOf(spec: TaskSpec): Record<string, string> {
  return Object.fromEntries(spec.agents.spawn.map((a) => [a.name, a.team ?? a.name]));
}

/** Every area a task names (event actions, goals), with its path. */
function forEachArea(spec: TaskSpec, visit: (area: Box, path: PathSegment[]) => void): void {
  spec.events.forEach((ev, i) =>
    ev.actions.forEach((a, j) => {
      // A plugin action's fields are its own kind's business (its schema checks them).
      if ('area' in a && a.type !== 'progressive_fill' && !a.type.includes(':')) visit(a.area as Box, ['events', i, 'actions', j, 'area']);
    }),
  );
  const goals = spec.task.success === undefined ? [] : Array.isArray(spec.task.success) ? spec.task.success : [spec.task.success];
  goals.forEach((g, i) => {
    if (g.type === 'cooking_orders' && g.pasture) visit(g.pasture, Array.isArray(spec.task.success) ? ['task', 'success', i, 'pasture'] : ['task', 'success', 'pasture']);
  });
}
