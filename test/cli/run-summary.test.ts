import { describe, expect, it } from 'vitest';
import { describeResult } from '../../src/cli/commands/run.js';
import type { EpisodeResult } from '../../src/runner/episode-result.js';

const result = (extra: Partial<EpisodeResult>): EpisodeResult => ({
  task: 'society/village-1000-v1',
  taskType: 'society',
  seed: '0',
  agents: 'society',
  org: null,
  mode: 'sync',
  backend: 'sim',
  teamSize: 1000,
  success: false,
  score: 0.25,
  ticks: 2400,
  seconds: 120,
  wallSeconds: 60,
  ended: 'max_ticks',
  details: '{}',
  metrics: { messages: 3, prompts: 0, llmCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0, modelFaults: 0, timeCost: null, meanPromptTimes: 0, planningMs: 0 },
  ...extra,
});

describe('the run summary', () => {
  it('says how fast the episode ran: ticks per wall second and the real-time factor', () => {
    expect(describeResult(result({}))).toContain('after 2400 ticks (120.0 s simulated, 60.00 s wall: 40.0 ticks/s, 2.00× real time)');
  });

  it('leaves the speed out when the run took no measurable time', () => {
    expect(describeResult(result({ ticks: 0, seconds: 0, wallSeconds: 0 }))).toContain('after 0 ticks (0.0 s simulated, 0.00 s wall)');
  });
});
