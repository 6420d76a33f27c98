/**
 * `npm run bench -- <name> [flags]`: performance benchmarks that print figures (never pass/fail).
 * Each benchmark is one file in bench/ exporting a `run(argv)`; add one by adding a line here.
 */
const benchmarks: Record<string, () => Promise<{ run(argv: string[]): Promise<void> }>> = {
  world: () => import('./world.js'),
  cuisine: () => import('./cuisine.js'),
  senses: () => import('./senses.js'),
  'senses-ab': () => import('./senses-ab.js'),
  'world-ab': () => import('./world-ab.js'),
  render: () => import('./render.js'),
  paths: () => import('./paths.js'),
  terrain: () => import('./terrain.js'),
  llm: () => import('./llm.js'),
  env: () => import('./env.js'),
  oracle: () => import('./oracle.js'),
  'sandbox-stall': () => import('./sandbox-stall.js'),
  'python-env': () => import('./python-env.js'),
  queue: () => import('./queue.js'),
  'vs-flying-squid': () => import('./vs-flying-squid.js'),
  'viewer-stream': () => import('./viewer-stream.js'),
  'viewer-page': () => import('./viewer-page.js'),
  'task-fuzz': () => import('./task-fuzz.js'),
  society: () => import('./society.js'),
  'soak-plot': () => import('./soak-plot.js'),
};

const [name, ...rest] = process.argv.slice(2);
const load = name ? benchmarks[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(benchmarks).join('|')}> [flags]`);
  process.exit(2);
}
await (await load()).run(rest);
