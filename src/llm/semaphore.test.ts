import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('admits at most `limit` holders, then the waiters in arrival order', async () => {
    const sem = new Semaphore(2);
    const order: number[] = [];
    const r1 = await sem.acquire();
    const r2 = await sem.acquire();
    const w3 = sem.acquire().then((r) => (order.push(3), r));
    const w4 = sem.acquire().then((r) => (order.push(4), r));
    await Promise.resolve();
    expect(sem.inUse).toBe(2);
    expect(sem.queued).toBe(2);
    r1();
    r1(); // a second release of the same slot must not admit anyone else
    const r3 = await w3;
    expect(order).toEqual([3]);
    expect(sem.inUse).toBe(2);
    r2();
    (await w4)();
    r3();
    expect(order).toEqual([3, 4]);
    expect(sem.inUse).toBe(0);
  });

  it('stops waiting when the signal aborts', async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire();
    const controller = new AbortController();
    const waiting = sem.acquire(controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    expect(sem.queued).toBe(0);
    release();
    expect(sem.inUse).toBe(0);
  });

  it('rejects a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(/maxConcurrency/);
  });
});
