import { InputError } from '../core/errors.js';

/** Parses a flag that must be a positive whole number, or says which flag is wrong and how to fix it. */
export function parsePositiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new InputError(`${flag} must be a positive whole number, got '${value}'`, `pass for example ${flag} 4`);
  }
  return n;
}
