/**
 * Who drafts configurations: an LLM (Appendix B) or nobody, in which case the offline sampler does.
 * The generator only needs `draft(prompt) => text`, so any model, a scripted one in tests, or a
 * recorded one replayed from the LLM cache fits.
 */
import type { LanguageModel } from '../../llm/types.js';
import type { DraftPrompt } from './prompt.js';

export type Drafter = (prompt: DraftPrompt) => Promise<string>;

/** A drafter backed by a chat model. Temperature is high on purpose: Appendix B wants diverse drafts. */
export function modelDrafter(model: LanguageModel, temperature = 1): Drafter {
  return async (prompt) => {
    const res = await model.generate({
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      temperature,
      maxTokens: 4000,
    });
    return res.text;
  };
}
