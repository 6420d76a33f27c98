import { describe, expect, it } from 'vitest';
import { SKILL_CATALOG, SKILL_NAMES } from '../../src/skills/catalog.js';
import { SIM_SKILLS, simSkill } from '../../src/env/sim/skills/registry.js';

describe('sim skill registry', () => {
  it('implements every catalog skill with the catalog parameter schema', () => {
    const missing = SKILL_NAMES.filter((n) => !SIM_SKILLS.has(n));
    expect(missing).toEqual([]);
    for (const name of SKILL_NAMES) {
      const def = simSkill(name)!;
      expect(def.name).toBe(name);
      expect(def.params).toBe(SKILL_CATALOG[name].params);
      expect(def.description).toBe(SKILL_CATALOG[name].description);
    }
  });

  it('offers nothing the catalog does not list', () => {
    expect([...SIM_SKILLS.keys()].filter((n) => !(n in SKILL_CATALOG))).toEqual([]);
    expect(simSkill('fly')).toBeUndefined();
  });
});
