import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';

describe('ManualClock', () => {
  it('with advanceOnSleep, each sleep moves time at once and is recorded; an aborted sleep rejects with the reason', async () => {
    const clock = new ManualClock({ advanceOnSleep: true });
    await clock.sleep(500);
    await clock.sleep(250);
    expect(clock.now()).toBe(750);
    expect(clock.sleeps).toEqual([500, 250]);
    const ac = new AbortController();
    ac.abort(new Error('stop'));
    await expect(clock.sleep(10, ac.signal)).rejects.toThrow('stop');
    expect(clock.now()).toBe(750);
  });

  it('by default, sleepers wait until sleepUntil drives time past their deadline, woken in time order', async () => {
    const clock = new ManualClock();
    const woke: string[] = [];
    void clock.sleep(300).then(() => woke.push(`b@${clock.now()}`));
    void clock.sleep(100).then(() => woke.push(`a@${clock.now()}`));
    await clock.sleepUntil(50);
    expect(woke).toEqual([]);
    await clock.sleepUntil(1000);
    expect(woke).toEqual(['a@100', 'b@300']);
    expect(clock.now()).toBe(1000);
  });
});
