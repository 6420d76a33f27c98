/**
 * Structured output: ask for JSON, parse it, validate it with a zod schema. A malformed or invalid answer
 * gets exactly one repair attempt that shows the model its answer and what was wrong; if that also fails,
 * a ModelBehaviorError tells the caller to treat the step as a model failure.
 */
import type { z } from 'zod';
import { extractJson } from './json-output.js';
import { ModelBehaviorError } from './llm-errors.js';
import type { ChatRequest, ChatResponse, GenerateOptions, LanguageModel } from './types.js';

export interface GenerateObjectResult<T> {
  object: T;
  /** The answer that validated. */
  response: ChatResponse;
  /** Every answer, the failed first one included when a repair was needed. */
  responses: ChatResponse[];
  repaired: boolean;
}

export async function generateObject<S extends z.ZodType>(
  model: LanguageModel,
  req: ChatRequest,
  schema: S,
  opts: GenerateOptions = {},
): Promise<GenerateObjectResult<z.output<S>>> {
  const first = await model.generate({ ...req, responseFormat: 'json' }, opts);
  const firstCheck = check(schema, first.text);
  if (firstCheck.ok) return { object: firstCheck.value, response: first, responses: [first], repaired: false };

  const repairRequest: ChatRequest = {
    ...req,
    responseFormat: 'json',
    messages: [
      ...req.messages,
      { role: 'assistant', content: first.text },
      {
        role: 'user',
        content: `Your answer could not be used: ${firstCheck.problem}\nReply again with only the corrected JSON, no explanation.`,
      },
    ],
  };
  const second = await model.generate(repairRequest, opts);
  const secondCheck = check(schema, second.text);
  if (secondCheck.ok) return { object: secondCheck.value, response: second, responses: [first, second], repaired: true };
  throw new ModelBehaviorError(`${model.id} gave no valid JSON after one repair attempt`, secondCheck.problem, second.text);
}

type Check<T> = { ok: true; value: T } | { ok: false; problem: string };

function check<S extends z.ZodType>(schema: S, text: string): Check<z.output<S>> {
  const parsed = extractJson(text);
  if (!parsed.ok) return parsed;
  const result = schema.safeParse(parsed.value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 8)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  return { ok: false, problem: `the JSON does not match the expected shape (${issues})` };
}
