/**
 * Simulated thinking time, as a wrapper over any model: scripted agents in async mode then take realistic,
 * reproducible time to answer, so timing-sensitive tasks (TickingCollab) can be studied without a real LLM.
 * Specs: `800` or `fixed:800` (ms), `uniform:200,1500`, `normal:800,200` (mean, standard deviation; never below 0).
 * Sleep is injectable so tests do not really wait.
 */
import { InputError } from '../core/errors.js';
import { realSleep, type Sleep } from '../core/clock.js';
import { seededRandom } from './seeded-random.js';
import type { ChatRequest, ChatResponse, GenerateOptions, LanguageModel } from './types.js';

export type LatencyDistribution =
  | { kind: 'fixed'; ms: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'normal'; mean: number; sd: number };

export function parseLatencySpec(spec: string): LatencyDistribution {
  const bad = (why: string): never => {
    throw new InputError(`latency spec "${spec}" ${why}`, 'write e.g. 800, fixed:800, uniform:200,1500 or normal:800,200 (milliseconds)');
  };
  const [kindPart, argPart] = spec.includes(':') ? spec.split(':', 2) : ['fixed', spec];
  const args = (argPart ?? '').split(',').map((s) => Number(s.trim()));
  if (args.some((x) => !Number.isFinite(x) || x < 0)) bad('has a number that is not a non-negative number');
  switch (kindPart?.trim()) {
    case 'fixed':
      if (args.length !== 1) bad('needs one number');
      return { kind: 'fixed', ms: args[0]! };
    case 'uniform':
      if (args.length !== 2 || args[0]! > args[1]!) bad('needs min,max with min <= max');
      return { kind: 'uniform', min: args[0]!, max: args[1]! };
    case 'normal':
      if (args.length !== 2) bad('needs mean,sd');
      return { kind: 'normal', mean: args[0]!, sd: args[1]! };
    default:
      return bad(`has unknown distribution "${kindPart}"`);
  }
}

/** Draws latencies from a distribution with a seeded stream, so the same seed gives the same latencies. */
export function latencySampler(dist: LatencyDistribution, seed = 0): () => number {
  const random = seededRandom(seed);
  switch (dist.kind) {
    case 'fixed':
      return () => dist.ms;
    case 'uniform':
      return () => Math.round(dist.min + (dist.max - dist.min) * random());
    case 'normal':
      return () => {
        // Box–Muller; 1 - u keeps log() away from 0.
        const u = 1 - random();
        const v = random();
        const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        return Math.max(0, Math.round(dist.mean + dist.sd * z));
      };
  }
}

export interface SimulatedLatencyOptions {
  seed?: number;
  sleep?: Sleep;
}

/**
 * Each call waits a sampled time before answering (after the inner model answered, so a failing model
 * still fails fast) and adds that time to its reported latency.
 */
export function withSimulatedLatency(inner: LanguageModel, latency: string | LatencyDistribution, opts: SimulatedLatencyOptions = {}): LanguageModel {
  const sample = latencySampler(typeof latency === 'string' ? parseLatencySpec(latency) : latency, opts.seed ?? 0);
  const sleep = opts.sleep ?? realSleep;
  return {
    id: inner.id,
    async generate(req: ChatRequest, gen: GenerateOptions = {}): Promise<ChatResponse> {
      const delay = sample();
      const response = await inner.generate(req, gen);
      await sleep(delay, gen.signal);
      return { ...response, latencyMs: response.latencyMs + delay };
    },
  };
}
