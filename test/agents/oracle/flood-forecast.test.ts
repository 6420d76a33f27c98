import { describe, expect, it } from 'vitest';
import { arrivalStep, floodThreatens, type Flood } from '../../../src/agents/oracle/flood-forecast.js';

const lavaEast: Flood = { block: 'lava', volume: { min: { x: -10, y: 64, z: 0 }, max: { x: 9, y: 64, z: 5 } }, direction: 'east', startStep: 10, endStep: undefined, rate: 2 };

describe('flood forecast', () => {
  it('gives the step the fill front reaches a block, matching the fill rule slices(step) = floor((step - start + 1) * rate)', () => {
    expect(arrivalStep(lavaEast, { x: -10, y: 64, z: 2 })).toBe(10);
    expect(arrivalStep(lavaEast, { x: -9, y: 64, z: 2 })).toBe(10);
    expect(arrivalStep(lavaEast, { x: -8, y: 64, z: 2 })).toBe(11);
    expect(arrivalStep(lavaEast, { x: 9, y: 64, z: 2 })).toBe(19);
    for (let step = 10; step < 22; step++) {
      const slices = Math.floor((step - 10 + 1) * 2);
      for (let x = -10; x <= 9; x++) expect(arrivalStep(lavaEast, { x, y: 64, z: 0 }) <= step).toBe(x - -10 < slices);
    }
  });

  it('never arrives outside the volume or after the trigger ends', () => {
    expect(arrivalStep(lavaEast, { x: 0, y: 65, z: 2 })).toBe(Infinity);
    expect(arrivalStep(lavaEast, { x: 0, y: 64, z: 6 })).toBe(Infinity);
    expect(arrivalStep({ ...lavaEast, endStep: 12 }, { x: 5, y: 64, z: 0 })).toBe(Infinity);
  });

  it('knows who a flood can hurt: fire resistance against lava, leather against powder snow, one layer of water is harmless', () => {
    expect(floodThreatens(lavaEast, { effects: [], wearsLeather: false, feetY: 64 })).toBe(true);
    expect(floodThreatens(lavaEast, { effects: ['fire_resistance'], wearsLeather: false, feetY: 64 })).toBe(false);
    expect(floodThreatens(lavaEast, { effects: [], wearsLeather: false, feetY: 65 })).toBe(false);
    expect(floodThreatens({ ...lavaEast, block: 'powder_snow' }, { effects: [], wearsLeather: true, feetY: 64 })).toBe(false);
    expect(floodThreatens({ ...lavaEast, block: 'water' }, { effects: [], wearsLeather: false, feetY: 64 })).toBe(false);
    const deep = { ...lavaEast, block: 'water', volume: { ...lavaEast.volume, max: { ...lavaEast.volume.max, y: 65 } } };
    expect(floodThreatens(deep, { effects: [], wearsLeather: false, feetY: 64 })).toBe(true);
  });
});
