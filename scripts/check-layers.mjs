// Layer-boundary check (run by `npm run lint`).
// guildcraft's layers depend one way (docs/architecture.md): a file in src/<layer>/ may import
// only its own layer and the layers listed as below it here. Violations print file, line and the fix.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

/** layer -> layers it may import (besides itself). */
const allowed = {
  core: [],
  world: ['core'],
  skills: ['core', 'world'],
  env: ['core', 'world', 'skills'],
  llm: ['core'],
  tasks: ['core', 'world', 'skills', 'env', 'llm'],
  orgs: ['core', 'world', 'skills', 'env', 'llm', 'tasks'],
  agents: ['core', 'world', 'skills', 'env', 'llm', 'tasks', 'orgs'],
  runner: ['core', 'world', 'skills', 'env', 'llm', 'tasks', 'orgs', 'agents'],
  server: ['core', 'world', 'skills', 'env', 'llm', 'tasks', 'orgs', 'agents', 'runner'],
  cli: ['core', 'world', 'skills', 'env', 'llm', 'tasks', 'orgs', 'agents', 'runner', 'server'],
};

/** Bare package -> the layers that may import it: a backend's client from env up, a transport only in its layer. */
const fromLayerUp = (home) => Object.keys(allowed).filter((l) => l === home || allowed[l].includes(home));
const packageHomes = [
  [/^(mineflayer|minecraft-protocol|flying-squid|prismarine-[\w-]+)(\/|$)/, fromLayerUp('env')],
  [/^(openai|@anthropic-ai\/sdk)(\/|$)/, ['llm']],
  [/^(fastify|@fastify\/[\w-]+|ws)(\/|$)/, ['server']],
  [/^(bullmq|ioredis)(\/|$)/, ['runner']],
];

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
for (const file of walk(src)) {
  const rel = relative(src, file);
  const layer = rel.split(sep)[0];
  // The package's entry points (the main one and the subpaths in entries/) re-export from every layer.
  if (rel === 'index.ts' || rel.startsWith(`entries${sep}`)) continue;
  if (!(layer in allowed)) {
    problems.push(`${relative(root, file)}: '${layer}' is not a known layer; add it to scripts/check-layers.mjs and docs/architecture.md`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    if (!spec.startsWith('.')) {
      const home = packageHomes.find(([re]) => re.test(spec));
      if (home && !home[1].includes(layer)) {
        const line = text.slice(0, m.index).split('\n').length + 1;
        problems.push(`${relative(root, file)}:${line}: layer '${layer}' imports the package '${spec}', which only ${home[1].join(', ')} may import. Reach it through that layer's interface instead.`);
      }
      continue;
    }
    const target = relative(src, resolve(dirname(file), spec));
    if (target.startsWith('..')) continue;
    const targetLayer = target.split(sep)[0];
    if (targetLayer === layer || targetLayer.endsWith('.js')) continue;
    if (!allowed[layer].includes(targetLayer)) {
      const line = text.slice(0, m.index).split('\n').length + 1;
      problems.push(
        `${relative(root, file)}:${line}: layer '${layer}' imports '${spec}' from layer '${targetLayer}', ` +
          `which sits above it. Move the shared piece down into a lower layer or pass it in.`,
      );
    }
  }
}
if (problems.length) {
  console.error(`Layer boundary check failed (${problems.length}):\n` + problems.join('\n'));
  process.exit(1);
}
console.log('layer boundaries ok');
