/**
 * Natural terrain generation: milliseconds per chunk column (16x16x384) over a square of columns,
 * sections allocated per column (memory), and microseconds per `surfaceY` query.
 * `npm run bench -- terrain [--seed S] [--radius R] [--json]`. Target: well under 1 ms per column.
 */
import { parseArgs } from 'node:util';
import { BlockStore } from '../src/world/block-store.js';
import { Registry } from '../src/world/registry.js';
import { NaturalTerrain } from '../src/world/terrain/natural.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { seed: { type: 'string', default: '1' }, radius: { type: 'string', default: '16' }, json: { type: 'boolean', default: false } },
  });
  const radius = Number(values.radius);
  const terrain = new NaturalTerrain(Registry.get(), values.seed);
  const store = new BlockStore(terrain);
  // Warm up the JIT far from the measured area.
  for (let cx = 5000; cx < 5008; cx++) for (let cz = 0; cz < 8; cz++) store.get(cx * 16, 0, cz * 16);
  const warm = store.generatedColumns;
  const warmSections = store.allocatedSections;
  const t0 = performance.now();
  for (let cx = -radius; cx < radius; cx++) for (let cz = -radius; cz < radius; cz++) store.get(cx * 16, 0, cz * 16);
  const columns = store.generatedColumns - warm;
  const msPerColumn = (performance.now() - t0) / columns;
  const sectionsPerColumn = (store.allocatedSections - warmSections) / columns;
  const queries = 100_000;
  let sink = 0;
  const t1 = performance.now();
  for (let i = 0; i < queries; i++) sink += terrain.surfaceY(i * 7 - 3000, i * 13 - 5000);
  const usPerSurfaceY = ((performance.now() - t1) * 1000) / queries;
  const result = { seed: values.seed, columns, msPerColumn: +msPerColumn.toFixed(3), sectionsPerColumn: +sectionsPerColumn.toFixed(2), usPerSurfaceY: +usPerSurfaceY.toFixed(2), check: sink % 7 };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(`natural terrain: ${columns} columns, ${result.msPerColumn} ms/column, ${result.sectionsPerColumn} sections/column, ${result.usPerSurfaceY} us/surfaceY`);
  await Promise.resolve();
}
