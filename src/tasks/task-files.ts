/**
 * Finds task files: a path to a YAML file, a task id (`suite/name-vN`, looked up under `suites/`),
 * or a suite name (every task file under `suites/<suite>/`, recursively, sorted by path).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { idFromFile } from './load.js';
import { suitesDir } from './package-root.js';

const isYaml = (p: string) => /\.ya?ml$/i.test(p);

function* yamlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      // Generator inputs are not tasks.
      if (name !== 'specs') yield* yamlFiles(p);
    } else if (isYaml(p)) yield p;
  }
}

/** Every task file of a suite (`tickingcollab`, `sagents`, …) or of a directory. */
export function suiteFiles(suiteOrDir: string): string[] {
  const dir = existsSync(suiteOrDir) && statSync(suiteOrDir).isDirectory() ? suiteOrDir : join(suitesDir(), suiteOrDir);
  if (!existsSync(dir)) {
    const known = existsSync(suitesDir()) ? readdirSync(suitesDir()).filter((n) => statSync(join(suitesDir(), n)).isDirectory()) : [];
    throw new InputError(`no suite or directory named '${suiteOrDir}'`, `use one of: ${known.join(', ') || '(no suites installed)'}, or a directory of task YAML files`);
  }
  return [...yamlFiles(dir)];
}

/** One task file from a path or an id. */
export function taskFile(fileOrId: string): string {
  if (isYaml(fileOrId)) {
    const p = resolve(fileOrId);
    if (!existsSync(p)) throw new InputError(`task file ${fileOrId} does not exist`, 'check the path, or pass a task id such as tickingcollab/prepare-crisis-lava-v1');
    return p;
  }
  const suite = fileOrId.split('/')[0]!;
  const root = join(suitesDir(), suite);
  if (fileOrId.includes('/') && existsSync(root)) {
    const files = [...yamlFiles(root)];
    for (const f of files) if (idFromFile(f) === fileOrId || idFromFile(f) === `${fileOrId}-v1`) return f;
    // Files in sub-folders (generated sets) declare their id; their base name is the id's name part.
    const name = fileOrId.slice(suite.length + 1);
    const bare = name.replace(/-v[0-9]+$/, '');
    for (const f of files) {
      const base = basename(f).replace(/\.ya?ml$/i, '');
      if (base === name || base === bare) return f;
    }
  }
  throw new InputError(`no task file or task id '${fileOrId}'`, `pass a .yaml path or an id like suite/name-vN; list a suite's tasks with \`guildcraft bench ${suite} --list\``);
}

export const displayPath = (file: string): string => relative(process.cwd(), file) || file;
