/**
 * The model an LLM team plans with, from the registry's options: a ready model (tests), else the
 * run's LlmRun for the role (accounting, cache, budget), else the configured default. `--latency`
 * wraps it in simulated thinking time, seeded from the episode seed, so async-mode studies are
 * reproducible offline.
 */
import { resolveModel, withSimulatedLatency, type LanguageModel, type LlmRun } from '../../llm/index.js';

export interface TeamModelOptions {
  model?: LanguageModel;
  /** A provider string (`openai:gpt-4o-mini`, `scripted:<name>`); with none, the configured default. */
  modelSpec?: string;
  llm?: LlmRun;
  /** Simulated latency spec (`800`, `uniform:200,1500`, `normal:800,200`). */
  latency?: string;
  seed?: string;
}

export function teamModel(o: TeamModelOptions, role: string): LanguageModel {
  const base = o.model ?? (o.llm ? o.llm.model(role, o.modelSpec) : resolveModel(o.modelSpec, { role }));
  return o.latency ? withSimulatedLatency(base, o.latency, { seed: seedNumber(o.seed ?? '0') }) : base;
}

/** A 32-bit number from a seed string, for the latency sampler. */
function seedNumber(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The registry's options (`--model` or a ready model, the run's LlmRun, `--latency`, the seed) as TeamModelOptions. */
export function teamModelOptionsFrom(o: { model?: string; languageModel?: LanguageModel; llm?: LlmRun; latency?: string; seed: string }): TeamModelOptions {
  return { seed: o.seed, ...(o.languageModel ? { model: o.languageModel } : {}), ...(o.model ? { modelSpec: o.model } : {}), ...(o.llm ? { llm: o.llm } : {}), ...(o.latency ? { latency: o.latency } : {}) };
}
