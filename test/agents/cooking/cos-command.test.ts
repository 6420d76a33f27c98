import { describe, expect, it } from 'vitest';
import { formatReport, minecraftCos } from '../../../src/cli/commands/cuisine-minecraft.js';
import { InputError } from '../../../src/core/errors.js';

describe('guildcraft cuisine minecraft cos', () => {
  it('runs the five alphas with the heuristic cooks and reports per-alpha counts and the CoS', async () => {
    const r = await minecraftCos({ agents: '1', episodes: '1', seed: '0', maxSteps: '25' });
    expect(r.task).toBe('cuisine-minecraft/orders-1-agent-v1');
    expect(r.alphas.map((a) => a.alpha)).toEqual([1, 1.5, 2, 2.5, 3]);
    for (const a of r.alphas) {
      expect(a.episodes).toBe(1);
      expect(a.rate).toBe(a.completed + a.failed === 0 ? 0 : a.completed / (a.completed + a.failed));
      // One order at step 0 and one per interval up to step 25.
      expect(a.completed + a.failed + a.open).toBeLessThanOrEqual(Math.floor(25 / a.interval) + 1);
    }
    // Lifetimes shrink with alpha: at alpha 1 (lifetimes 26 s for meat, 14 s for bread) something arrives and is decided or open.
    expect(r.alphas[0]!.completed + r.alphas[0]!.failed + r.alphas[0]!.open).toBeGreaterThan(0);
    expect(r.cos).toBeCloseTo(r.alphas.reduce((s, a) => s + a.rate, 0) / 5);
    expect(formatReport(r)).toMatch(/CoS \d\.\d{3}/);
  });

  it('rejects a bad team size with an input error', async () => {
    await expect(minecraftCos({ agents: '5', episodes: '3', seed: '0' })).rejects.toBeInstanceOf(InputError);
    await expect(minecraftCos({ agents: '2', episodes: 'x', seed: '0' })).rejects.toBeInstanceOf(InputError);
  });
});
