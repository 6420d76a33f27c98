/**
 * How entities without a textured model look in a first-person frame (those not in
 * `entity-models.ts`, or whose skin the assets version lacks): boxes of the entity's size, painted in
 * horizontal bands that make them recognisable at a glance (a player's skin, cyan shirt and blue
 * trousers; a zombie's green head over the same clothes; an enderman black). The colours are a
 * rendering choice.
 */
import type { Entity } from '../../world/index.js';
import { entityColor, type Rgb } from './palette.js';

/** A band covers the box from `from` (a fraction of its height, 0 = feet) up to the next band. */
export interface Band {
  from: number;
  color: Rgb;
}

const SKIN: Rgb = [196, 146, 110];
const SHIRT: Rgb = [0, 168, 168];
const TROUSERS: Rgb = [60, 60, 170];
const ZOMBIE_SKIN: Rgb = [85, 140, 75];

/** Humanoid proportions: legs are the lower 3/8 of the height, the head the top 1/4. */
const humanoid = (head: Rgb, shirt: Rgb, legs: Rgb): Band[] => [
  { from: 0, color: legs },
  { from: 0.375, color: shirt },
  { from: 0.75, color: head },
];

const MOB_BANDS: Record<string, Band[]> = {
  zombie: humanoid(ZOMBIE_SKIN, SHIRT, TROUSERS),
  husk: humanoid([150, 130, 90], [110, 95, 70], [90, 80, 60]),
  drowned: humanoid([80, 150, 150], [60, 120, 110], [60, 90, 120]),
  skeleton: humanoid([210, 210, 210], [185, 185, 185], [170, 170, 170]),
  creeper: [{ from: 0, color: [60, 140, 50] }, { from: 0.25, color: [95, 180, 80] }],
  spider: [{ from: 0, color: [55, 45, 40] }],
  enderman: [{ from: 0, color: [25, 20, 30] }],
  cow: [{ from: 0, color: [70, 50, 35] }, { from: 0.5, color: [240, 240, 240] }, { from: 0.7, color: [70, 50, 35] }],
  pig: [{ from: 0, color: [240, 160, 160] }],
  sheep: [{ from: 0, color: [190, 160, 140] }, { from: 0.35, color: [235, 235, 230] }],
  chicken: [{ from: 0, color: [230, 180, 60] }, { from: 0.2, color: [245, 245, 245] }],
};

/** The bands of an entity (players and known mobs by kind; others one colour). */
export function bandsOf(e: Entity): Band[] {
  if (e.kind === 'player') return humanoid(SKIN, SHIRT, TROUSERS);
  const known = MOB_BANDS[e.type];
  if (known) return known;
  return [{ from: 0, color: entityColor(e.kind, e.type, e.kind === 'mob' && e.hostile) }];
}

/** The colour of the band at height fraction `h` (0 at the feet, 1 at the top). */
export function bandAt(bands: readonly Band[], h: number): Rgb {
  let c = bands[0]!.color;
  for (const b of bands) if (h >= b.from) c = b.color;
  return c;
}
