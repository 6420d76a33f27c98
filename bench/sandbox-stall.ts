/**
 * Sandbox stalls, memory and isolation under attack: runs every attack program of the security suite
 * (test/security/sandbox-attack-cases.ts) as a code action in an embedded world and prints one JSON
 * object:
 * - `worstHeldCpuMs` / `worstHeldWallMs`: the longest time one program held the world loop (one
 *   loop iteration or its synchronous start), in this thread's CPU time and in wall time, over all
 *   stall attacks, with `boundMs` = budget + one tick (the promise is on CPU time: wall time
 *   stretches when other processes take the CPU);
 * - `worstRssMultiple`: the largest growth of the process's RSS during one memory attack, as a
 *   multiple of the memory limit (and `rssPeakMiB` over the whole bench);
 * - `crossAgentFailures`: bystander programs that did not finish normally beside a poisoning attacker;
 * - `cases`: each attack with its outcome and held times.
 * Flags: --budget <ms> (default 200), --memory <MiB> (default 32).
 */
import { parseArgs } from 'node:util';
import { loadSandboxEngine } from '../src/skills/sandbox/index.js';
import {
  BYSTANDER_SOURCE,
  BYSTANDER_VALUE,
  MEMORY_ATTACKS,
  STALL_ATTACKS,
  TICK_MS,
  rssBytes,
  runAttack,
} from '../test/security/sandbox-attack-cases.js';

const round = (n: number): number => Math.round(n * 10) / 10;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { budget: { type: 'string' }, memory: { type: 'string' } } });
  const budget = Number(values.budget ?? 200);
  const memoryBytes = Number(values.memory ?? 32) * 1024 * 1024;
  await loadSandboxEngine(undefined, 3);
  await loadSandboxEngine(memoryBytes, 2);
  const cases: Record<string, unknown>[] = [];
  let worstHeldCpuMs = 0;
  let worstHeldWallMs = 0;
  let worstRssMultiple = 0;
  let rssPeak = rssBytes();
  for (const attack of STALL_ATTACKS) {
    const { result, held } = await runAttack(attack.source, { limits: { cpuTimeMs: budget } });
    worstHeldCpuMs = Math.max(worstHeldCpuMs, held.cpuMs);
    worstHeldWallMs = Math.max(worstHeldWallMs, held.wallMs);
    cases.push({ kind: attack.kind, name: attack.name, outcome: result.ok ? 'ok' : result.reason, heldCpuMs: round(held.cpuMs), heldWallMs: round(held.wallMs) });
  }
  for (const attack of MEMORY_ATTACKS) {
    const before = rssBytes();
    const { result, held } = await runAttack(attack.source, { limits: { memoryBytes, cpuTimeMs: 10 * budget } });
    const after = rssBytes();
    rssPeak = Math.max(rssPeak, after);
    const multiple = (after - before) / memoryBytes;
    worstRssMultiple = Math.max(worstRssMultiple, multiple);
    cases.push({ kind: attack.kind, name: attack.name, outcome: result.ok ? 'ok' : result.reason, heldCpuMs: round(held.cpuMs), rssGrowthMultiple: round(multiple) });
  }
  let crossAgentFailures = 0;
  for (const poison of [
    `Array.prototype.push = null; Object.prototype.toJSON = () => 'x'; await wait({ ticks: 10 });`,
    `await wait({ ticks: 2 }); return ${'!'.repeat(20000)}true;`,
    `await wait({ ticks: 2 }); const k = []; for (;;) k.push(new ArrayBuffer(1e6));`,
  ]) {
    const { bystander } = await runAttack(poison, { bystander: BYSTANDER_SOURCE, limits: { cpuTimeMs: budget } });
    if (!bystander?.ok || bystander.value !== BYSTANDER_VALUE) crossAgentFailures++;
  }
  console.log(
    JSON.stringify({
      budgetMs: budget,
      boundMs: budget + TICK_MS,
      worstHeldCpuMs: round(worstHeldCpuMs),
      worstHeldWallMs: round(worstHeldWallMs),
      memoryLimitMiB: memoryBytes / 2 ** 20,
      worstRssMultiple: round(worstRssMultiple),
      rssPeakMiB: round(rssPeak / 2 ** 20),
      crossAgentFailures,
      cases,
    }),
  );
}
