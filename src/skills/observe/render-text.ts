/**
 * Observations as prompt text: a few short labelled lines, in a fixed order, with rounded numbers
 * and sorted lists, so consecutive prompts differ only where the world did (cheap in tokens and
 * friendly to prompt caches). Empty sections are left out rather than printed as "none".
 */
import type { Observation } from '../../core/observation.js';
import { capText } from '../skill-result.js';
import { touchText } from '../senses/touch.js';

/**
 * Caps on what an observation puts into a prompt (issue 21): one heard message, and the whole text.
 * Messages from the game chat may come from anyone (a human on a server, another agent's loop).
 */
export const MAX_HEARD_MESSAGE_CHARS = 256;
export const MAX_OBSERVATION_TEXT_CHARS = 8192;

export interface TextRenderOptions {
  /** Most block types shown. Default 12. */
  maxBlockTypes?: number;
  /** Most entities shown. Default 8. */
  maxEntities?: number;
  /** Most events shown (most urgent first). Default 8. */
  maxEvents?: number;
  /** Most chat lines shown (latest). Default 8. */
  maxMessages?: number;
  /** Most sounds shown (latest). Default 4. */
  maxSounds?: number;
  /** Most finished skills shown (latest). Default 8; a code program may finish hundreds between two prompts. */
  maxFinished?: number;
}

export function renderObservationText(obs: Observation, opts: TextRenderOptions = {}): string {
  const lines: string[] = [];
  const status = obs.alive ? '' : ' DEAD';
  lines.push(
    `${obs.agent}${status} t=${obs.tick} ${obs.dayPhase} hp ${obs.health}/${obs.maxHealth} food ${obs.food}` +
      (obs.oxygen < 300 ? ` air ${obs.oxygen}` : '') +
      ` at ${p(obs.pos)} facing ${compass(obs.yaw)}` +
      (obs.biome ? ` in ${obs.biome}` : ''),
  );
  if (obs.heldItem) lines.push(`holding ${obs.heldItem}`);
  const armor = [obs.equipment.head, obs.equipment.chest, obs.equipment.legs, obs.equipment.feet, obs.equipment.offHand].filter((x): x is string => x !== null);
  if (armor.length) lines.push(`wearing ${armor.join(', ')}`);
  if (obs.inventory.length) {
    lines.push(`inventory: ${obs.inventory.map((i) => (i.durability !== undefined ? `${i.name}(${i.durability})` : `${i.name} x${i.count}`)).join(', ')}`);
  }
  if (obs.effects.length) lines.push(`effects: ${obs.effects.map((e) => `${e.name} ${e.amplifier + 1}${e.ticksLeft === null ? '' : ` ${e.ticksLeft}t`}`).join(', ')}`);
  const events = obs.events.slice(0, opts.maxEvents ?? 8);
  if (events.length) lines.push(`events: ${events.map((e) => `[${e.priority}] ${e.text}`).join(' | ')}`);
  const msgs = obs.messages.slice(-(opts.maxMessages ?? 8));
  if (msgs.length) {
    lines.push(`heard: ${msgs.map((m) => `${m.channel ? `[${m.channel}] ` : ''}${m.from}${m.volume < 1 ? `(${m.volume})` : ''}: "${capText(m.message, MAX_HEARD_MESSAGE_CHARS)}"`).join(' | ')}`);
  }
  const sounds = obs.sounds.slice(-(opts.maxSounds ?? 4));
  if (sounds.length) lines.push(`sounds: ${sounds.map((s) => `${s.sound} at ${p(s.pos)}`).join(', ')}`);
  const blocks = nearestFirst(obs.nearbyBlocks, opts.maxBlockTypes ?? 12);
  if (blocks.length) lines.push(`blocks: ${blocks.map((b) => `${b.name} x${b.count} @${b.nearest.x},${b.nearest.y},${b.nearest.z}`).join('; ')}`);
  const ents = obs.entities.slice(0, opts.maxEntities ?? 8);
  if (ents.length) {
    lines.push(
      `entities: ${ents
        .map((e) => `${e.name ? `${e.type}:${e.name}` : e.type}#${e.id}${e.count && e.count > 1 ? ` x${e.count}` : ''} @${p(e.pos)} d${e.distance}${e.health !== undefined && e.type !== 'player' ? ` hp${e.health}` : ''}`)
        .join('; ')}`,
    );
  }
  const touch = obs.touch ? touchText(obs.touch) : '';
  if (touch) lines.push(`touch: ${touch}`);
  if (obs.runningSkill) lines.push(`running: ${obs.runningSkill.name}${compact(obs.runningSkill.params)} ${obs.runningSkill.ticks}t`);
  const maxFinished = opts.maxFinished ?? 8;
  const earlier = obs.finishedSkills.length - maxFinished;
  if (earlier > 0) lines.push(`(${earlier} earlier finished skills not shown)`);
  for (const f of obs.finishedSkills.slice(-maxFinished)) {
    const { ok: _ok, ...rest } = f.result;
    lines.push(`${f.ok ? 'done' : 'failed'}: ${f.name} ${compact(rest)}`);
  }
  return capText(lines.join('\n'), MAX_OBSERVATION_TEXT_CHARS);
}

/** The nearest `max` block types, kept in name order so the line stays stable as the agent moves. */
function nearestFirst<T extends { name: string; distance: number }>(list: readonly T[], max: number): T[] {
  if (list.length <= max) return [...list];
  return [...list].sort((a, b) => a.distance - b.distance).slice(0, max).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** JSON without quotes around keys, truncated: params and results are for reading, not parsing. */
function compact(value: unknown, max = 160): string {
  const json = JSON.stringify(value) ?? '';
  const text = json.replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const p = (v: { x: number; y: number; z: number }): string => `${fmt(v.x)},${fmt(v.y)},${fmt(v.z)}`;
const fmt = (n: number): string => String(Math.round(n * 10) / 10);

/** Yaw in Minecraft's convention (0 = south/+z, 90 = west/-x) as one of eight compass points. */
function compass(yaw: number): string {
  const names = ['S', 'SW', 'W', 'NW', 'N', 'NE', 'E', 'SE'];
  const i = Math.round((((yaw % 360) + 360) % 360) / 45) % 8;
  return names[i]!;
}

/** The observation as JSON text (the object itself is plain JSON). */
export function renderObservationJson(obs: Observation, pretty = false): string {
  return JSON.stringify(obs, null, pretty ? 2 : undefined);
}
