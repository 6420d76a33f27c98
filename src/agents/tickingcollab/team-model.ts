/**
 * The model an LLM team plans with, from the registry's options, always through the episode's LlmRun
 * (the ledger, the breaker, the budget): a ready model (tests) wrapped in the run's services, else the
 * run's model for the role (the `--model` spec, else the configured one). `--latency` adds simulated
 * thinking time per call, seeded from the episode seed so async-mode studies are reproducible offline,
 * recorded in the ledger apart from the transport's latency.
 */
import type { LanguageModel, LlmRun } from '../../llm/index.js';

export interface TeamModelOptions {
  model?: LanguageModel;
  /** A provider string (`openai:gpt-4o-mini`, `scripted:<name>`); with none, the configured default. */
  modelSpec?: string;
  llm?: LlmRun;
  /** Simulated latency spec (`800`, `uniform:200,1500`, `normal:800,200`). */
  latency?: string;
  seed?: string;
}

/** `llm` is the team's run (see `teamLlm`); `role` picks the configured model and labels the calls. */
export function teamModel(o: TeamModelOptions, llm: LlmRun, role: string): LanguageModel {
  return llm.model(role, o.modelSpec, {
    ...(o.model ? { base: o.model } : {}),
    ...(o.latency ? { latency: o.latency, seed: seedNumber(o.seed ?? '0') } : {}),
  });
}

/** A 32-bit number from a seed string, for the latency sampler (FNV-1a). */
export function seedNumber(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The registry's options (`--model` or a ready model, the run's LlmRun, `--latency`, the seed) as TeamModelOptions. */
export function teamModelOptionsFrom(o: { model?: string; languageModel?: LanguageModel; llm?: LlmRun; latency?: string; seed: string }): TeamModelOptions {
  return { seed: o.seed, ...(o.languageModel ? { model: o.languageModel } : {}), ...(o.model ? { modelSpec: o.model } : {}), ...(o.llm ? { llm: o.llm } : {}), ...(o.latency ? { latency: o.latency } : {}) };
}
