import { describe, expect, it } from 'vitest';
import type { Observation } from '../../core/observation.js';
import { ConfederatePlayers } from './confederate-players.js';

/** Only what the controller reads of an observation. */
const obs = (agent: string, tick: number, extra: Partial<Observation> = {}): Observation => ({ agent, tick, alive: true, runningSkill: null, ...extra }) as Observation;
const running = { name: 'moveTo', params: {}, ticks: 3 } as unknown as Observation['runningSkill'];

describe('ConfederatePlayers', () => {
  it('plays each script in order: a step waits for its time and for the step before it to end', () => {
    const players = new ConfederatePlayers({
      Ada: [
        { at: 1, say: 'I choose the left tower.' },
        { at: 0, move_to: { x: 6, y: 64, z: 8 }, range: 0 },
      ],
    });
    players.start(['Ada', 'Tess']);
    expect(players.playing(['Ada', 'Tess'])).toEqual(['Ada']);
    expect(players.decide({ Ada: obs('Ada', 100), Tess: obs('Tess', 100) })).toEqual({}); // `at` counts from the first tick seen
    expect(players.decide({ Ada: obs('Ada', 115) })).toEqual({});
    expect(players.decide({ Ada: obs('Ada', 120) })).toEqual({ Ada: { type: 'skill', name: 'say', params: { message: 'I choose the left tower.' } } });
    expect(players.finished).toBe(false);
    expect(players.decide({ Ada: obs('Ada', 125) })).toEqual({ Ada: { type: 'skill', name: 'moveTo', params: { x: 6, y: 64, z: 8, range: 0 } } });
    // Still walking: nothing new, and not finished until the walk ends.
    expect(players.decide({ Ada: obs('Ada', 130, { runningSkill: running }) })).toEqual({});
    expect(players.finished).toBe(false);
    expect(players.decide({ Ada: obs('Ada', 160) })).toEqual({});
    expect(players.finished).toBe(true);
  });

  it('a confederate who died plays no more and is not waited for', () => {
    const players = new ConfederatePlayers({ Ada: [{ at: 5, say: 'hi' }], Ben: [{ at: 0, look_at: { x: 1, y: 2, z: 3 } }] });
    players.start(['Ada', 'Ben']);
    expect(players.decide({ Ada: obs('Ada', 0, { alive: false }), Ben: obs('Ben', 0) })).toEqual({ Ben: { type: 'skill', name: 'look', params: { at: { x: 1, y: 2, z: 3 } } } });
    expect(players.decide({ Ben: obs('Ben', 5) })).toEqual({});
    expect(players.finished).toBe(true);
  });
});
