// docs/human-play.md quotes the region below: a stored human-play record replayed on the kitchen engine.
import type { HumanRecord } from '../../src/server/cuisine/human-game.js';
declare const rec: HumanRecord;

// #region doc
import { CuisineGame } from 'guildcraft/cuisine';
const game = new CuisineGame({ level: rec.settings.level, agents: rec.settings.agents, alpha: rec.settings.alpha, seed: rec.settings.seed });
for (const s of rec.trace) game.step(s.commands); // game.snapshot() now equals rec.final
// #endregion doc
