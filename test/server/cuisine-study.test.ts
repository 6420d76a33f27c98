/**
 * `guildcraft cuisine study`: MindAgent's user-study analysis over stored human-play records. The games here are
 * played through HumanGame (the page's own game) by a scripted participant, and stored by the server's record store.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuisineStudy } from '../../src/cli/commands/cuisine-study.js';
import { HumanGame, type AiKind } from '../../src/server/cuisine/human-game.js';
import type { StudyReport } from '../../src/server/cuisine/human-study.js';
import { storeRecord } from '../../src/server/cuisine/record-store.js';

let runsDir: string;
let games = 0;

/** A participant who takes the first command that would work (a wander), and rates the game as `rating` says. */
async function playAndStore(ai: AiKind | null, seed: number, rating: number, finish = true): Promise<void> {
  const id = (++games).toString(16).padStart(12, '0');
  const game = new HumanGame({ id, level: 'level_1', agents: ai === null ? 1 : 2, alpha: 2.2, seed, ai: ai ?? 'heuristic' });
  while (!game.done && (finish || game.game.time < 10)) {
    const pick = game.view().you.choices.find((c) => c.ok && c.verb !== 'noop') ?? { command: 'noop_agent0' };
    await game.step(pick.command);
  }
  if (game.done) {
    const answers: Record<string, number> = { enjoyment: rating, productivity: rating };
    if (ai !== null) Object.assign(answers, { aiHelpful: rating, aiUnderstanding: 3, aiPredictable: ai === 'random' ? 1 : 4, adaptedToAi: 3 });
    game.survey = answers;
  }
  await storeRecord(runsDir, game);
}

beforeAll(async () => {
  runsDir = await mkdtemp(join(tmpdir(), 'guildcraft-study-'));
  for (let seed = 0; seed < 4; seed++) {
    await playAndStore(null, seed, 2 + (seed % 2));
    await playAndStore('heuristic', seed, 4 + (seed % 2));
    await playAndStore('random', seed, 2 + (seed % 2));
  }
  await playAndStore('heuristic', 9, 5, false); // left before the end: not in the analysis
  await writeFile(join(runsDir, 'human', 'notes.json'), '{"format":"something else"}');
}, 120_000);

afterAll(async () => {
  await rm(runsDir, { recursive: true, force: true });
});

describe('guildcraft cuisine study', () => {
  it('groups finished games by condition and tests success rate and survey answers across them', async () => {
    const report = JSON.parse(await cuisineStudy({ runs: runsDir, json: true })) as StudyReport & { skipped: { file: string; why: string }[] };
    expect(report.conditions.map((c) => [c.name, c.games, c.surveyed])).toEqual([
      ['alone', 4, 4],
      ['planner ×1', 4, 4],
      ['random ×1', 4, 4],
    ]);
    expect(report.excluded).toEqual({ unfinished: 1, otherLevel: 0 });
    expect(report.skipped).toEqual([{ file: join(runsDir, 'human', 'notes.json'), why: 'format "something else", not guildcraft.cuisine.human-play/1' }]);

    const success = report.measures.find((m) => m.id === 'successRate')!;
    if ('notComputed' in success.anova) throw new Error(success.anova.notComputed);
    expect([success.anova.df1, success.anova.df2]).toEqual([2, 9]);
    // A planner teammate serves more than a person wandering alone does: the pair is told apart.
    const alonePlanner = success.pairs.find((p) => p.a === 'alone' && p.b === 'planner ×1')!;
    expect(alonePlanner.diff).toBeLessThan(0);
    expect(alonePlanner.p).toBeLessThan(0.05);

    // The scripted ratings: more fun with the planner (4-5) than alone or with random cooks (2-3).
    const fun = report.measures.find((m) => m.id === 'enjoyment')!;
    if ('notComputed' in fun.anova) throw new Error(fun.anova.notComputed);
    expect(fun.anova.p).toBeLessThan(0.01);
    expect(fun.pairs.find((p) => p.a === 'alone' && p.b === 'random ×1')!.p).toBeGreaterThan(0.5);
    // Questions about AI teammates were not asked of solo players: their test runs over the two AI conditions.
    const predictable = report.measures.find((m) => m.id === 'aiPredictable')!;
    if ('notComputed' in predictable.anova) throw new Error(predictable.anova.notComputed);
    expect(predictable.anova.groups.map((g) => g.name)).toEqual(['planner ×1', 'random ×1']);
  });

  it("prints the paper's table shape: conditions, F(df1, df2) with p, Tukey pairs, and MindAgent's reported findings", async () => {
    const text = await cuisineStudy({ runs: runsDir });
    expect(text).toMatch(/human-play study: 12 finished games/);
    expect(text).toMatch(/left out: 1 unfinished/);
    expect(text).toMatch(/team success rate: F\(2, 9\) = \d+\.\d\d, p [<=] /);
    expect(text).toMatch(/Tukey HSD alone vs planner ×1: difference -\d\.\d{3}, p [<=] /);
    expect(text).toContain('F(4, 55) = 28.11');
    expect(text).toContain('skipped');
  });

  it('level filter, and errors that say what to do', async () => {
    const other = JSON.parse(await cuisineStudy({ runs: runsDir, level: '8', json: true })) as StudyReport;
    expect(other.conditions).toEqual([]);
    expect(other.excluded.otherLevel).toBe(13);
    await expect(cuisineStudy({ runs: runsDir, level: '14' })).rejects.toThrow(/--level must be 0..12/);
    await expect(cuisineStudy({ runs: join(runsDir, 'nowhere') })).rejects.toThrow(/no human-play records .*folder does not exist/);
  });
});
