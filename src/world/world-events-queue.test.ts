/**
 * The world's two ways of handing out events: push listeners (`on`, `onAny`, `watchBlocks`) whose
 * unsubscribe functions are safe to call twice, and the pull queue (`takeEvents`) that stays bounded
 * when nobody pulls from it, as in every backend run.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../core/errors.js';
import { EVENT_PULL_WINDOW_TICKS, World } from './world.js';

const world = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false } });
const say = (w: World, message: string) => w.emit({ type: 'chat', from: null, name: 'server', message, pos: null, channel: null });

describe('World listeners', () => {
  it('an unsubscribe called twice removes only its own listener (on)', () => {
    const w = world();
    const heard: string[] = [];
    const offA = w.on('chat', () => heard.push('a'));
    w.on('chat', () => heard.push('b'));
    offA();
    offA();
    say(w, 'hi');
    expect(heard).toEqual(['b']);
  });

  it('an unsubscribe called twice removes only its own listener (onAny)', () => {
    const w = world();
    const heard: string[] = [];
    const offA = w.onAny(() => heard.push('a'));
    w.onAny(() => heard.push('b'));
    offA();
    offA();
    say(w, 'hi');
    expect(heard).toEqual(['b']);
  });

  it('an unsubscribe called twice removes only its own block watcher', () => {
    const w = world();
    const seen: string[] = [];
    const offA = w.watchBlocks(() => seen.push('a'));
    w.watchBlocks(() => seen.push('b'));
    offA();
    offA();
    w.setBlock({ x: 0, y: -50, z: 0 }, 'stone');
    expect(seen).toEqual(['b']);
  });

  it('a listener that unsubscribes while an event is delivered does not make the next one miss it', () => {
    const w = world();
    const heard: string[] = [];
    const offA = w.onAny(() => {
      heard.push('a');
      offA();
    });
    w.onAny(() => heard.push('b'));
    say(w, 'one');
    say(w, 'two');
    expect(heard).toEqual(['a', 'b', 'b']);
  });
});

describe('World pull queue', () => {
  it('stays bounded over a long run when nobody pulls (listeners still see every event)', () => {
    const w = world();
    let pushed = 0;
    w.onAny(() => pushed++);
    const days = 5;
    let maxQueued = 0;
    for (let t = 0; t < days * EVENT_PULL_WINDOW_TICKS; t++) {
      say(w, 'tick');
      w.step();
      if (w.queuedEventCount > maxQueued) maxQueued = w.queuedEventCount;
    }
    expect(pushed).toBe(days * EVENT_PULL_WINDOW_TICKS);
    // One event a tick: at most a pull window's worth was ever kept, and nothing is kept after it.
    expect(maxQueued).toBeLessThanOrEqual(EVENT_PULL_WINDOW_TICKS);
    expect(w.queuedEventCount).toBe(0);
  });

  it('a caller that pulls within the window gets every event, across many windows', () => {
    const w = world();
    let taken = 0;
    const total = 3 * EVENT_PULL_WINDOW_TICKS;
    for (let t = 0; t < total; t++) {
      say(w, 'tick');
      w.step();
      if (t % 1000 === 999) taken += w.takeEvents().length;
    }
    expect(taken).toBe(total);
  });

  it('a pull after the window says the events were dropped, then keeps events again', () => {
    const w = world();
    say(w, 'early');
    w.run(EVENT_PULL_WINDOW_TICKS + 10);
    expect(() => w.takeEvents()).toThrow(InputError);
    say(w, 'late');
    expect(w.takeEvents().map((e) => (e.type === 'chat' ? e.message : e.type))).toEqual(['late']);
  });
});
