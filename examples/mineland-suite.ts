// MineLand's task families, generated on the fly (docs/task-generator.md).
// #region doc
// src/tasks/generate/mineland/suite.ts (not exported from the package entry point)
import { mineLandSuite, mineLandCounts } from '../src/tasks/generate/mineland/suite.js';
const tasks = mineLandSuite({ agents: 4, mode: 'competitive', families: ['combat'] });
// [{ family: 'combat', spec: { id: 'mineland/combat-pig-1-unarmed-a4-comp-v1', task: …, agents: …, environment: … } }, …]
// #endregion doc
console.log('first:', tasks[0]!.family, tasks[0]!.spec.id);
console.log('combat tasks:', tasks.length, 'of', mineLandCounts({ agents: 4, mode: 'competitive' }).combat);
