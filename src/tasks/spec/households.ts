/**
 * `agents.households`: a compact way to declare many agents in groups (a society of 100 households of
 * 10 needs 1,000 spawn entries otherwise). The block expands, when the file loads, into ordinary
 * spawn entries — one team per household, named `<name><h>_<m>` — so every later stage (names,
 * limits, difficulty, compile, scoring) sees agents exactly as if they were written out.
 *
 * Households sit on a grid: household h's centre is `origin + (h % columns, h / columns) × spacing`
 * (columns along +x, rows along +z). Its members stand in a small block west of the centre, two
 * blocks apart, leaving the centre and the ground east of it free for the household's hut.
 */
import { z } from 'zod';
import type { Vec3 } from '../../core/vec3.js';
import { positionSchema } from './common.js';
import { positiveInt, TASK_LIMITS } from './limits.js';

/** Members per row of a household's standing block (two blocks apart, west of the centre). */
const MEMBERS_PER_ROW = 4;
const MEMBER_GAP = 2;

/**
 * The household block. `inventory`, `equipment` and `capabilities` are each member's, with the same
 * schemas as a spawn entry (passed in, so this file does not import the spawn schema that imports it).
 */
export function householdsSchema<I extends z.ZodType, E extends z.ZodType, C extends z.ZodType>(parts: { inventory: I; equipment: E; capabilities: C }) {
  return z.strictObject({
    /** Households. */
    count: positiveInt(TASK_LIMITS.agents, 'households'),
    /** Agents per household. */
    members: positiveInt(TASK_LIMITS.agents, 'agents'),
    /** Name prefix: agents `<name><h>_<m>`, teams `<name><h>`; letters only so names stay unambiguous. */
    name: z.string().regex(/^[A-Za-z]{1,6}$/, 'a household name prefix is 1–6 letters').default('h'),
    /** Centre of household 0. On a natural world y is only a hint when `on_ground` is on. */
    origin: positionSchema,
    /** Households per row (along +x); rows go along +z. */
    columns: positiveInt(TASK_LIMITS.agents, 'households').default(10),
    /** Blocks between neighbouring households' centres. */
    spacing: positiveInt(TASK_LIMITS.side, 'blocks').default(24),
    /** Each member is placed on the ground of its column when the episode starts (natural terrain). */
    on_ground: z.boolean().default(true),
    inventory: parts.inventory,
    equipment: parts.equipment,
    capabilities: parts.capabilities,
  });
}

export interface HouseholdLayout {
  count: number;
  members: number;
  name: string;
  origin: Vec3;
  columns: number;
  spacing: number;
}

/** Household `h`'s team name. */
export const householdTeam = (layout: Pick<HouseholdLayout, 'name'>, h: number): string => `${layout.name}${h}`;

/** Household `h`'s member `m`'s agent name. */
export const householdMember = (layout: Pick<HouseholdLayout, 'name'>, h: number, m: number): string => `${layout.name}${h}_${m}`;

/** Household `h`'s centre. */
export function householdCentre(layout: HouseholdLayout, h: number): Vec3 {
  return {
    x: layout.origin.x + (h % layout.columns) * layout.spacing,
    y: layout.origin.y,
    z: layout.origin.z + Math.floor(h / layout.columns) * layout.spacing,
  };
}

/** Where member `m` of household `h` starts: a block of rows west of the centre. */
export function memberPosition(layout: HouseholdLayout, h: number, m: number): Vec3 {
  const c = householdCentre(layout, h);
  return { x: c.x - MEMBER_GAP * (1 + (m % MEMBERS_PER_ROW)), y: c.y, z: c.z + MEMBER_GAP * Math.floor(m / MEMBERS_PER_ROW) - MEMBER_GAP };
}

/** The households of a layout: team name, centre and member names, in order. */
export function householdsOf(layout: HouseholdLayout): { team: string; centre: Vec3; members: string[] }[] {
  return Array.from({ length: layout.count }, (_, h) => ({
    team: householdTeam(layout, h),
    centre: householdCentre(layout, h),
    members: Array.from({ length: layout.members }, (_, m) => householdMember(layout, h, m)),
  }));
}
