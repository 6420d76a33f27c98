/** `guildcraft agents`: the agent architectures `--agents` accepts, with their organisations. */
import type { Command } from 'commander';
import { ARCHITECTURES, orgsOf } from '../../agents/registry.js';

export function registerAgents(program: Command): void {
  program
    .command('agents')
    .description('list the agent architectures (--agents) and the organisations each supports (--org)')
    .option('--json', 'print JSON')
    .action((flags: { json?: boolean }) => {
      // `orgs`: every organisation it runs in (default first); `ownOrgs` it builds itself, the rest seat one team per member.
      const rows = [...ARCHITECTURES.values()].map((e) => ({ name: e.name, usesModel: e.usesModel, orgs: orgsOf(e), ownOrgs: e.orgs, ...(e.leader ? { leader: e.leader } : {}), description: e.description }));
      if (flags.json) console.log(JSON.stringify(rows));
      else console.log(rows.map((r) => `${r.name.padEnd(28)} ${r.usesModel ? 'LLM ' : '    '} orgs: ${r.orgs.join(', ').padEnd(36)} ${r.description}`).join('\n'));
    });
}
