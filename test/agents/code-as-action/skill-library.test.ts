import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SkillLibrary } from '../../../src/agents/code-as-action/skill-library.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const tempDir = async () => {
  const d = await mkdtemp(path.join(tmpdir(), 'guildcraft-skills-'));
  dirs.push(d);
  return d;
};

const logs = { name: 'collectOakLogs', description: 'Collect a number of oak logs from nearby trees', task: 'collect 2 oak logs', source: 'async function collectOakLogs(n) { return await collect({ block: "oak_log", count: n }); }' };
const planks = { name: 'craftPlanks', description: 'Turn logs into oak planks', task: 'craft 4 oak planks', source: 'async function craftPlanks(n) { await collectOakLogs(1); return await craft({ item: "oak_planks", count: n }); }' };
const fight = { name: 'fightZombie', description: 'Attack the nearest zombie until it dies', task: 'kill a zombie', source: 'async function fightZombie() { return await attack({ type: "zombie" }); }' };

describe('skill library', () => {
  it('retrieves the most similar skills by embedding and includes the skills they call', async () => {
    const lib = new SkillLibrary();
    for (const s of [logs, planks, fight]) await lib.add(s);
    const found = await lib.retrieve('collect 5 oak logs', 2);
    expect(found[0]!.name).toBe('collectOakLogs');
    expect(found.map((f) => f.name)).not.toContain('fightZombie');
    expect((await lib.retrieve('kill zombies at night', 1))[0]!.name).toBe('fightZombie');
    // craftPlanks calls collectOakLogs, so the prelude defines both; a name the program declares is skipped.
    expect(lib.prelude(['craftPlanks'], [])).toContain('async function collectOakLogs');
    expect(lib.prelude(['craftPlanks'], ['collectOakLogs'])).not.toContain('async function collectOakLogs');
  });

  it('replaces a skill by name and persists to skills.json, reloading it in a new library', async () => {
    const dir = await tempDir();
    const lib = await SkillLibrary.open(dir);
    await lib.add(logs);
    await lib.add({ ...logs, description: 'Collect oak logs, version 2' });
    expect(lib.size).toBe(1);
    const file = JSON.parse(await readFile(path.join(dir, 'skills.json'), 'utf8'));
    expect(file.skills).toHaveLength(1);
    const again = await SkillLibrary.open(dir);
    expect(again.get('collectOakLogs')?.description).toBe('Collect oak logs, version 2');
    expect((await again.retrieve('gather oak logs', 1))[0]!.name).toBe('collectOakLogs');
  });

  it('reports a malformed library file as a user error naming the file', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'skills.json'), JSON.stringify({ version: 1, skills: [{ name: 'bad name', description: '', task: '', source: 'x' }] }));
    await expect(SkillLibrary.open(dir)).rejects.toMatchObject({ fault: 'user', message: expect.stringContaining('skills.json is malformed') });
  });
});
