// Installs the system programs the integration tests drive (run by `npm test` before vitest), so the
// README's `npm install && npm test` needs no manual step on a fresh Debian machine of this kind.
// Each program is installed with apt-get when it is missing and we are root; when it cannot be
// installed, the reason is written to test/.system-deps.json and the tests that need it are skipped
// with that reason, except under CI=true, where they fail (test/support/system-deps.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const statusFile = join(root, 'test', '.system-deps.json');

/** What the tests need: the binary they start, the Debian package that provides it, and who needs it. */
const NEEDS = [
  { id: 'chromium', binary: '/usr/bin/chromium', debian: 'chromium', usedBy: 'the browser tests (playwright-core drives Chromium)' },
  { id: 'redis-server', binary: '/usr/bin/redis-server', debian: 'redis-server', usedBy: 'the distributed-sweep tests (BullMQ on a Redis the tests start)' },
];

const missing = NEEDS.filter((n) => !existsSync(n.binary));
const status = {};
for (const n of NEEDS) if (existsSync(n.binary)) status[n.id] = { available: true };

if (missing.length > 0) {
  const names = missing.map((n) => n.debian);
  const reason = whyNotInstallable();
  if (reason) {
    for (const n of missing) status[n.id] = { available: false, reason: `${n.binary} is missing and ${reason}; install it with: apt-get install -y ${n.debian}` };
  } else {
    console.log(`test set-up: installing ${names.join(', ')} with apt-get (needed by ${missing.map((n) => n.usedBy).join('; ')})…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const install = update.status === 0
      ? spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      : update;
    for (const n of missing) {
      status[n.id] = existsSync(n.binary)
        ? { available: true }
        : { available: false, reason: `apt-get could not install ${n.debian} (${(install.stderr || `exit ${install.status}`).trim().split('\n').pop()}); install it by hand: apt-get install -y ${n.debian}` };
    }
  }
}

mkdirSync(dirname(statusFile), { recursive: true });
writeFileSync(statusFile, JSON.stringify(status, null, 2) + '\n');
for (const [id, s] of Object.entries(status)) if (!s.available) console.log(`test set-up: ${id} unavailable: ${s.reason}`);

/** Why apt-get cannot be used here, or null when it can. */
function whyNotInstallable() {
  if (process.platform !== 'linux') return `this is ${process.platform}, not a Debian machine`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'the tests run without root, so apt-get cannot install it';
  try {
    execFileSync('apt-get', ['--version'], { stdio: 'ignore' });
  } catch {
    return 'apt-get is not available';
  }
  return null;
}
