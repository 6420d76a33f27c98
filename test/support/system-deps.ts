/**
 * Whether a system program the integration tests need is there, as `scripts/ensure-test-deps.mjs`
 * (run by `npm test`) found or installed it. A test that needs a missing program is skipped with the
 * reason, except under CI=true, where a missing program fails the run: CI must test everything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface DepStatus { available: boolean; reason?: string }

const STATUS_FILE = join(import.meta.dirname, '..', '.system-deps.json');

export interface SystemDep {
  available: boolean;
  /** Why it is missing (empty when available). */
  reason: string;
}

/** `binary` is what the test starts; `id` the entry in the set-up's status file. */
export function systemDep(id: string, binary: string): SystemDep {
  if (existsSync(binary)) return { available: true, reason: '' };
  let recorded: DepStatus | undefined;
  try {
    recorded = (JSON.parse(readFileSync(STATUS_FILE, 'utf8')) as Record<string, DepStatus>)[id];
  } catch {
    recorded = undefined;
  }
  const reason = recorded?.reason ?? `${binary} is missing; run \`npm test\` (its set-up installs it as root) or apt-get install it`;
  if (process.env.CI === 'true') throw new Error(`CI needs ${id}: ${reason}`);
  console.warn(`skipping the tests that need ${id}: ${reason}`);
  return { available: false, reason };
}
