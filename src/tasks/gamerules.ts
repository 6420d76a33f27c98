/**
 * Task files may set any vanilla gamerule (Listing 2 sets doImmediateRespawn). The embedded world
 * models a subset and rejects the rest, so the Scenario carries only the modelled ones; the others
 * are kept on the compiled task. Setting an unmodelled rule to its vanilla default changes nothing,
 * so only a rule that would change behaviour is worth a warning.
 */
import { DEFAULT_GAMERULES } from '../world/world-options.js';

/** Vanilla defaults (Minecraft Wiki, "Game rule", Java Edition 1.20) of boolean rules the simulator does not model. */
export const VANILLA_DEFAULTS: Readonly<Record<string, boolean>> = {
  doImmediateRespawn: false,
  doWeatherCycle: true,
  doEntityDrops: true,
  doTileDrops: true,
  mobGriefing: true,
  showDeathMessages: true,
  sendCommandFeedback: true,
  announceAdvancements: true,
  doInsomnia: true,
  doPatrolSpawning: true,
  doTraderSpawning: true,
  doWardenSpawning: true,
  disableRaids: false,
  doLimitedCrafting: false,
  forgiveDeadPlayers: true,
  universalAnger: false,
};

export function modelledGamerules(gamerules: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(gamerules).filter(([rule]) => rule in DEFAULT_GAMERULES));
}

export function unmodelledGamerules(gamerules: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(gamerules).filter(([rule]) => !(rule in DEFAULT_GAMERULES)));
}

/** Unmodelled rules set away from their vanilla default: the run on the simulator will differ. */
export function ignoredGamerules(gamerules: Record<string, boolean>): string[] {
  return Object.entries(unmodelledGamerules(gamerules))
    .filter(([rule, value]) => VANILLA_DEFAULTS[rule] !== value)
    .map(([rule]) => rule);
}
