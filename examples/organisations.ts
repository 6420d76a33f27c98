// Organisations as data: the tree of ToA(3), and a custom tree checked before a team may use it (docs/organisations.md).
import { buildTopology, validateTopology, subordinatesOf, commandersOf } from 'guildcraft/orgs';
const toa = buildTopology('tree', ['leader', 'alice', 'bob', 'cara']); // ToA(3)
const deep = validateTopology({ kind: 'tree', agents: ['a', 'b', 'c', 'd'], edges: [['a', 'b'], ['b', 'c'], ['a', 'd']] });
console.log('leader commands', subordinatesOf(toa, 'leader').join(', '));
console.log('c answers to', commandersOf(deep, 'c').join(', '));
try {
  validateTopology({ kind: 'tree', agents: ['a', 'b'], edges: [['a', 'b'], ['b', 'a']] });
} catch (err) {
  console.log('refused:', (err as Error).message);
}
