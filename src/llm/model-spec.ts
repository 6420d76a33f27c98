/**
 * Provider strings: `openai:gpt-4o`, `anthropic:claude-sonnet-4-5`,
 * `openai-compatible:http://127.0.0.1:11434/v1#qwen2.5` (base URL, then `#` and the model), `scripted:<name>`
 * for tests, and `local:hashed-256` for the built-in offline embedding.
 */
import { InputError } from '../core/errors.js';

export type ModelSpec =
  | { provider: 'openai'; model: string }
  | { provider: 'anthropic'; model: string }
  | { provider: 'openai-compatible'; model: string; baseURL?: string }
  | { provider: 'scripted'; name: string }
  | { provider: 'local'; name: string };

export const providerNames = ['openai', 'anthropic', 'openai-compatible', 'scripted', 'local'] as const;

const examples = 'openai:gpt-4o-mini, anthropic:claude-sonnet-4-5, openai-compatible:http://127.0.0.1:11434/v1#qwen2.5 or scripted:echo';

/** `source` names where the string came from (a flag, a variable, a config key) for the error message. */
export function parseModelSpec(spec: string, source = 'model'): ModelSpec {
  const text = spec.trim();
  const colon = text.indexOf(':');
  const bad = (why: string): never => {
    throw new InputError(`${source} "${spec}" ${why}`, `write provider:model, e.g. ${examples}`);
  };
  if (colon <= 0) return bad('names no provider');
  const provider = text.slice(0, colon);
  const rest = text.slice(colon + 1).trim();
  if (rest === '') return bad('names no model');
  switch (provider) {
    case 'openai':
    case 'anthropic':
      return { provider, model: rest };
    case 'openai-compatible': {
      const hash = rest.lastIndexOf('#');
      if (hash < 0) {
        if (/^https?:\/\//.test(rest)) return bad('gives a base URL but no model; add #model after it');
        return { provider, model: rest };
      }
      const baseURL = rest.slice(0, hash).trim();
      const model = rest.slice(hash + 1).trim();
      if (!model) return bad('has nothing after #; add the model name');
      if (!/^https?:\/\/[^\s]+$/.test(baseURL)) return bad(`has "${baseURL}" where an http(s) base URL belongs`);
      return { provider, model, baseURL };
    }
    case 'scripted':
    case 'local':
      return { provider, name: rest };
    default:
      return bad(`has unknown provider "${provider}" (known: ${providerNames.join(', ')})`);
  }
}
