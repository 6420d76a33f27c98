/**
 * A string as a regular expression that matches it literally (every metacharacter escaped), for
 * patterns built around user or task words. `RegExp.escape` does the same from Node 24, but the
 * package still runs on Node 22.
 */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
