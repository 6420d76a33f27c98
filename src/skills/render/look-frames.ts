/**
 * Frames taken by `look()`: when an episode renders views (`--vision`), each call of the look skill
 * renders what the agent sees right after turning, keeps the PNG under a handle (`img-1`, `img-2`…,
 * counted per agent) and returns the handle to the caller (`{yaw, pitch, image, width, height}`).
 * The frames wait on the agent's observations (`view.looked`) until the agent acts again, so an
 * agent that was busy while its program ran still gets them on its next turn (a code-as-action
 * program's looks reach the model's next writing turn).
 *
 * Bounded: an agent keeps at most `keep` frames between two of its actions (default
 * MAX_LOOK_IMAGES), the newest ones; a handle of an older, dropped frame is simply not attached.
 * Handles count on across the episode, so a handle never names two frames.
 */
import type { Player, World } from '../../world/index.js';
import { renderFirstPerson, type FirstPersonOptions } from './first-person.js';

/** Frames an agent gets per turn at most: pictures are the most expensive prompt part. */
export const MAX_LOOK_IMAGES = 3;

/** What `look()` returns to its caller besides the angles. */
export interface LookHandle {
  image: string;
  width: number;
  height: number;
}

export interface LookedImage {
  /** The handle `look()` returned (`img-3`). */
  id: string;
  png: Buffer;
  width: number;
  height: number;
  tick: number;
}

export class LookFrames {
  private readonly pending = new Map<number, LookedImage[]>();
  private readonly taken = new Map<number, number>();

  constructor(private readonly view: FirstPersonOptions, readonly keep = MAX_LOOK_IMAGES) {}

  /** Renders `player`'s view now, keeps it for the agent's next turn and returns its handle. */
  take(world: World, player: Player): LookHandle {
    const frame = renderFirstPerson(world, player, this.view);
    const n = (this.taken.get(player.id) ?? 0) + 1;
    this.taken.set(player.id, n);
    const list = this.pending.get(player.id) ?? [];
    list.push({ id: `img-${n}`, png: frame.png, width: frame.width, height: frame.height, tick: world.tick });
    if (list.length > this.keep) list.splice(0, list.length - this.keep);
    this.pending.set(player.id, list);
    return { image: `img-${n}`, width: frame.width, height: frame.height };
  }

  /** The frames `player` took since it last acted, oldest first. */
  pendingOf(player: Player): readonly LookedImage[] {
    return this.pending.get(player.id) ?? [];
  }

  /** The agent acted: it has had its chance to read the frames taken so far. */
  delivered(player: Player): void {
    this.pending.delete(player.id);
  }

  forget(player: Player): void {
    this.pending.delete(player.id);
    this.taken.delete(player.id);
  }
}

const byWorld = new WeakMap<World, LookFrames>();

/** Makes the look skill take frames in `world` (the env does this when it renders views). */
export function attachLookFrames(world: World, frames: LookFrames): void {
  byWorld.set(world, frames);
}

/** The frames store of `world`, or undefined when its episode renders no views (look() then only turns). */
export function lookFramesOf(world: World): LookFrames | undefined {
  return byWorld.get(world);
}
