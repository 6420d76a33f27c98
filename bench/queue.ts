/**
 * Distributed sweeps: what the queue costs per episode and what it gives in throughput. One tiny oracle task
 * (a TickingCollab task cut to a few steps) run `--episodes` times (as seeds) by a local `bench --jobs N` and by
 * `bench --queue` with N worker processes (each `--jobs 1`), N = 1, 2, 4, against a redis-server started here.
 * Overhead per episode = (queued wall with 1 worker − local `--jobs 1` wall) / episodes: the same episodes run
 * in process either way, so the difference is the queue (enqueue, fetch, lock, return value, poll, record).
 * Walls are each bench's own `wallSeconds` (tasks loaded, processes started and workers ready before).
 * Prints one JSON object:
 * {"episodes","task","local":{"1":{wallSeconds,episodesPerSecond},…},"queued":{"1":…,"2":…,"4":…},
 *  "overheadMsPerEpisode","queued4VsLocal4"}
 * Runs from the build (`npm run build`, then `npm run bench -- queue`); needs /usr/bin/redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { suiteFiles } from '../src/tasks/task-files.js';
import { RedisFixture } from './redis-server.js';

const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'main.js');
const COUNTS = [1, 2, 4] as const;

interface Figure {
  wallSeconds: number;
  episodesPerSecond: number;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { episodes: { type: 'string', default: '1000' }, steps: { type: 'string', default: '4' } } });
  const episodes = Number(values.episodes);
  const dir = mkdtempSync(join(tmpdir(), 'guildcraft-queue-bench-'));
  const taskDir = join(dir, 'task');
  mkdirSync(taskDir);
  const source = suiteFiles('tickingcollab').find((f) => f.includes('mine-vanishing-blocks-001'))!;
  const tiny = readFileSync(source, 'utf8').replace(/^id: .*$/m, 'id: bench/tiny-mine-vanishing-blocks-v1').replace(/max_steps: \d+/, `max_steps: ${Number(values.steps)}`);
  writeFileSync(join(taskDir, 'tiny.yaml'), tiny);
  const redis = new RedisFixture();
  const url = await redis.start();
  const workers: ChildProcess[] = [];
  try {
    const sweep = (extra: string[], out: string) => ['bench', taskDir, '--agents', 'oracle', '--seeds', String(episodes), '--out', join(dir, out), '--json', ...extra];
    const local: Record<string, Figure> = {};
    for (const n of COUNTS) local[n] = figure(await cli(sweep(['--jobs', String(n)], `local-${n}`)), episodes);
    const queued: Record<string, Figure> = {};
    for (const n of COUNTS) {
      for (let i = 0; i < n; i++) workers.push(await startWorker(url));
      queued[n] = figure(await cli(sweep(['--queue', url], `queued-${n}`)), episodes);
      for (const w of workers.splice(0)) await stopWorker(w);
    }
    const overheadMsPerEpisode = Math.round(((queued[1]!.wallSeconds - local[1]!.wallSeconds) * 1000 / episodes) * 100) / 100;
    const queued4VsLocal4 = Math.round((queued[4]!.episodesPerSecond / local[4]!.episodesPerSecond) * 1000) / 1000;
    console.log(JSON.stringify({ episodes, task: `${source} cut to ${values.steps} steps`, local, queued, overheadMsPerEpisode, queued4VsLocal4 }));
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function figure(out: string, episodes: number): Figure {
  const { wallSeconds, episodes: ran } = JSON.parse(out) as { wallSeconds: number; episodes: number };
  if (ran !== episodes) throw new Error(`the bench ran ${ran} episodes, not ${episodes}`);
  return { wallSeconds, episodesPerSecond: Math.round((episodes / wallSeconds) * 10) / 10 };
}

function cli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`guildcraft ${args.join(' ')} exited ${code}: ${err}`))));
  });
}

/** A worker, once it says it is taking episodes. */
function startWorker(url: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'worker', '--queue', url, '--jobs', '1', '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => {
      if (d.toString().includes('taking episodes')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code} before it was ready`)));
  });
}

async function stopWorker(w: ChildProcess): Promise<void> {
  const exited = new Promise((r) => w.once('exit', r));
  w.kill('SIGTERM');
  await exited;
}
