/**
 * The narrow model interface the LLM dispatcher needs. The LLM layer (src/llm) will provide real models; tests use a
 * scripted one. Kept here so src/env does not depend on a layer above it.
 */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatModel {
  complete(messages: ChatMessage[]): Promise<string>;
}

/** A model that answers from a fixed list (cycling on the last answer), recording every prompt it was sent. */
export class ScriptedModel implements ChatModel {
  readonly prompts: ChatMessage[][] = [];
  private next = 0;

  constructor(private readonly replies: readonly string[]) {}

  complete(messages: ChatMessage[]): Promise<string> {
    this.prompts.push(messages.map((m) => ({ ...m })));
    const reply = this.replies[Math.min(this.next, this.replies.length - 1)] ?? '';
    this.next++;
    return Promise.resolve(reply);
  }
}
