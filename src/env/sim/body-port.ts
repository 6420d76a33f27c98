/**
 * The embedded world's side of the body port (skills/body-port.ts). `World` already holds what
 * the port asks for — its block store, its registry's per-state tables, its block watcher and its
 * entity index — so it is its own port, with no adapter in between: the senses' hot loops read the
 * block store directly, as they did before the port existed (the senses bench measures exactly
 * these reads). The embedded world never replaces whole columns behind the watcher, so it has no
 * `watchColumns`.
 */
import type { BodyPort, Viewer } from '../../skills/body-port.js';
import type { Player, World } from '../../world/index.js';

export const simBodyPort = (world: World): BodyPort => world;

/** A player of the embedded world is a viewer as it is (feet, look, perception range, view cone). */
export const simViewer = (player: Player): Viewer => player;
