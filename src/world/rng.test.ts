import { describe, expect, it } from 'vitest';
import { Rng } from './rng.js';

describe('Rng.clone', () => {
  it('draws what the original draws from the same point, and the two streams stay independent', () => {
    const r = new Rng('seed-7');
    r.next();
    const c = r.clone();
    const fromCopy = [c.nextUint32(), c.nextUint32(), c.nextUint32()];
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32()]).toEqual(fromCopy);
    c.nextUint32();
    expect(r.clone().nextUint32()).not.toBe(c.clone().nextUint32());
  });

  it('leaves new streams seeded as before (a clone in between changes nothing)', () => {
    const a = new Rng(42).nextUint32();
    new Rng(1).clone();
    expect(new Rng(42).nextUint32()).toBe(a);
  });
});
