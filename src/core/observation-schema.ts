/**
 * The observation as a zod schema, for those who need it as data: the JSON Schema a task environment
 * publishes as its observation space, and validation of observations that arrive over the wire.
 * The TypeScript interfaces in observation.ts stay the reference for code; the type checks at the
 * bottom fail the build if the two ever disagree, in either direction.
 */
import { z } from 'zod';
import { vec3Schema } from './actions.js';
import type { Observation } from './observation.js';

const itemSchema = z.object({ name: z.string(), count: z.number().int(), durability: z.number().optional() });
const effectSchema = z.object({ name: z.string(), amplifier: z.number().int(), ticksLeft: z.number().nullable() });
const entitySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string().optional(),
  pos: vec3Schema,
  distance: z.number(),
  health: z.number().optional(),
  hostile: z.boolean().optional(),
  count: z.number().int().optional(),
});
const messageSchema = z.object({ tick: z.number().int(), from: z.string(), message: z.string(), channel: z.string().nullable(), volume: z.number() });
const soundSchema = z.object({ tick: z.number().int(), sound: z.string(), pos: vec3Schema, volume: z.number() });
const blockSummarySchema = z.object({ name: z.string(), count: z.number().int(), nearest: vec3Schema, distance: z.number() });
const skillStatusSchema = z.object({ name: z.string(), params: z.unknown(), ticks: z.number().int() });
const finishedSkillSchema = z.object({
  name: z.string(),
  params: z.unknown(),
  ok: z.boolean(),
  result: z.record(z.string(), z.unknown()),
  ticks: z.number().int(),
  finishedAt: z.number().int(),
});
const eventSchema = z.object({ tick: z.number().int(), type: z.string(), text: z.string(), priority: z.number() });
const slot = z.string().nullable();

export const observationSchema = z.object({
  agent: z.string(),
  tick: z.number().int(),
  alive: z.boolean(),
  health: z.number(),
  maxHealth: z.number(),
  food: z.number(),
  saturation: z.number(),
  oxygen: z.number(),
  effects: z.array(effectSchema),
  pos: vec3Schema,
  yaw: z.number(),
  pitch: z.number(),
  inventory: z.array(itemSchema),
  equipment: z.object({ head: slot, chest: slot, legs: slot, feet: slot, mainHand: slot, offHand: slot }),
  heldItem: z.string().nullable(),
  timeOfDay: z.number(),
  dayPhase: z.enum(['day', 'sunset', 'night', 'sunrise']),
  biome: z.string().nullable(),
  nearbyBlocks: z.array(blockSummarySchema),
  entities: z.array(entitySchema),
  messages: z.array(messageSchema),
  sounds: z.array(soundSchema),
  events: z.array(eventSchema),
  runningSkill: skillStatusSchema.nullable(),
  finishedSkills: z.array(finishedSkillSchema),
});

// Compile-time agreement with the interfaces: each must be assignable to the other.
type Parsed = z.output<typeof observationSchema>;
const interfaceFitsSchema = (o: Observation): Parsed => o;
const schemaFitsInterface = (o: Parsed): Observation => o;
void interfaceFitsSchema;
void schemaFitsInterface;
