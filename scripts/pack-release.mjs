// Packs the package as users install it: `npm run pack:release [-- --out <dir>]` writes guildcraft-<version>.tgz.
//
// Why not plain `npm pack`: it ships this folder's package.json as it is, with the `prepare` script that builds a
// git checkout on `npm install`. npm never runs `prepare` for a tarball or registry install, but npm 11 still
// lists it in the install-scripts advisory every installer sees, and the other scripts name tools and folders the
// tarball does not hold. So the tarball is packed from a staging folder whose manifest keeps what an installed
// package uses (name, version, bin, exports, dependencies, peers, engines) and drops scripts, dev dependencies and
// this project's own install-script approvals. Publish that tarball (`npm publish guildcraft-<version>.tgz`);
// `npm publish` from this folder is refused by the `prepublishOnly` script, which runs this file with --refuse.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { values } = parseArgs({ options: { out: { type: 'string', default: root }, refuse: { type: 'boolean', default: false } } });

if (values.refuse) {
  console.error(
    "guildcraft: `npm publish` from the project folder would ship the `prepare` build script, which npm lists to every installer — " +
      'run `npm run pack:release` and publish the tarball it writes: `npm publish guildcraft-<version>.tgz`',
  );
  process.exit(1);
}

for (const built of ['dist/src/index.js', 'dist/src/cli/main.js', 'dist/web']) {
  if (!existsSync(join(root, built))) {
    console.error(`guildcraft: ${built} is missing, so there is nothing built to pack — run \`npm run build\` first`);
    process.exit(2);
  }
}

const { scripts: _scripts, devDependencies: _dev, allowScripts: _allow, ...shipped } = manifest;
const staging = mkdtempSync(join(tmpdir(), 'guildcraft-pack-'));
try {
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(shipped, null, 2)}\n`);
  for (const entry of [...manifest.files, 'README.md']) cpSync(join(root, entry), join(staging, entry), { recursive: true });
  const out = resolve(values.out);
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', out], { cwd: staging, encoding: 'utf8' });
  if (packed.status !== 0) {
    console.error(`guildcraft: npm pack failed in ${staging}:\n${packed.stderr}`);
    process.exit(1);
  }
  console.log(join(out, packed.stdout.trim().split('\n').pop()));
} finally {
  rmSync(staging, { recursive: true, force: true });
}
