/**
 * A rough token count for servers that report no usage and for scripted models: about four characters
 * per token for English, which is what OpenAI's own rule of thumb says. Records mark such counts estimated.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
