/**
 * Optional rendered views to go with an observation: the agent's first-person picture and a
 * top-down map around it, as PNG, at a configured size and refresh interval. Rendering costs far
 * more than text, so each agent's images are re-rendered only every `everyTicks` ticks and the
 * cached PNG is returned in between (the first-person frame via the shared FirstPersonViews).
 */
import { InputError } from '../../core/errors.js';
import type { Player, World } from '../../world/index.js';
import { encodeRgbPng } from '../render/png.js';
import { renderTopDown } from '../render/top-down.js';
import { attachLookFrames, LookFrames } from '../render/look-frames.js';
import { FirstPersonViews, type ViewScheduleOptions } from '../render/view-schedule.js';
import type { Frame } from '../render/first-person.js';

export interface ViewsOptions {
  /** First-person picture: width, height (pixels), fovDegrees, everyTicks (default 20). */
  firstPerson?: ViewScheduleOptions;
  /** Top-down map: radius in blocks, pixels per block, everyTicks (default 20). */
  topDown?: { radius: number; scale?: number; everyTicks?: number };
  /** Also put the images on each observation as `view` (what vision agents read), not only in the step's infos. */
  onObservations?: boolean;
}

export interface RenderedViews {
  /** Tick each image was rendered at (they may be older than the observation). */
  firstPerson?: { png: Buffer; width: number; height: number; tick: number };
  topDown?: { png: Buffer; width: number; height: number; tick: number };
  /** Frames the agent's look() calls took since it last acted (see look-frames.ts). */
  looked?: { id: string; png: Buffer; width: number; height: number; tick: number }[];
}

export class ObservationViews {
  private readonly firstPerson: FirstPersonViews | null;
  private readonly fpPng = new Map<number, { frame: Frame; png: Buffer; tick: number }>();
  private readonly maps = new Map<number, { png: Buffer; tick: number }>();
  private readonly mapEvery: number;
  /** Frames taken by look(), at the first-person size: only when first-person views are rendered. */
  private readonly looks: LookFrames | null;

  /** With `world`, look() in it takes frames (handed out as `looked`) when first-person views are on. */
  constructor(private readonly options: ViewsOptions, world?: World) {
    this.firstPerson = options.firstPerson ? new FirstPersonViews(options.firstPerson) : null;
    this.looks = options.firstPerson && world ? new LookFrames(options.firstPerson) : null;
    if (this.looks) attachLookFrames(world!, this.looks);
    this.mapEvery = options.topDown?.everyTicks ?? 20;
    if (!Number.isInteger(this.mapEvery) || this.mapEvery < 1) {
      throw new InputError(`topDown.everyTicks must be a whole number >= 1, got ${options.topDown?.everyTicks}`, 'pass e.g. 20 to render once per second of game time');
    }
  }

  /** The current images of `player` (re-rendered only when due). */
  render(world: World, player: Player): RenderedViews {
    const out: RenderedViews = {};
    if (this.firstPerson) {
      const frame = this.firstPerson.view(world, player);
      let cached = this.fpPng.get(player.id);
      // FirstPersonViews hands back a new frame object when it re-rendered: encode only then.
      if (!cached || cached.frame !== frame) {
        cached = { frame, png: encodeRgbPng(frame.width, frame.height, frame.rgb), tick: world.tick };
        this.fpPng.set(player.id, cached);
      }
      out.firstPerson = { png: cached.png, width: frame.width, height: frame.height, tick: cached.tick };
    }
    const td = this.options.topDown;
    if (td) {
      let map = this.maps.get(player.id);
      if (!map || world.tick - map.tick >= this.mapEvery) {
        map = { png: renderTopDown(world, player.pos, td.radius, { scale: td.scale ?? 1 }), tick: world.tick };
        this.maps.set(player.id, map);
      }
      const side = (2 * td.radius + 1) * (td.scale ?? 1);
      out.topDown = { png: map.png, width: side, height: side, tick: map.tick };
    }
    const looked = this.looks?.pendingOf(player);
    if (looked && looked.length > 0) out.looked = [...looked];
    return out;
  }

  /** `player`'s agent acted: the look() frames it was shown are done with. */
  acted(player: Player): void {
    this.looks?.delivered(player);
  }

  forget(player: Player): void {
    this.looks?.forget(player);
    this.firstPerson?.forget(player.id);
    this.fpPng.delete(player.id);
    this.maps.delete(player.id);
  }
}
