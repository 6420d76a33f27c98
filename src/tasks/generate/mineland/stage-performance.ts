/**
 * MineLand stage-performance family (a hybrid task): agents act a script; the `stage_performance`
 * goal scores the recorded behaviours against SEQ* with the paper's LCS keypoint and
 * appropriateness scores. A script fixes its own cast, so the suite's agent count does not apply;
 * a performance is cooperative whatever the suite's mode.
 */
import type { RawTaskSpec } from '../../spec.js';
import { flatWorld, GROUND_Y, taskId } from './layout.js';
import { STAGE_SCRIPTS } from './stage-scripts.js';

/** Keypoint score a performance needs to count as done (the paper reports scores, not a pass mark). */
export const STAGE_THRESHOLD = 0.8;

export function stagePerformanceTasks(): RawTaskSpec[] {
  return STAGE_SCRIPTS.map((s) => {
    const names = Object.keys(s.cast);
    return {
      id: taskId('stage', [s.name], { agents: names.length, mode: 'cooperative' }),
      description: `MineLand stage performance: ${s.title} (${names.length} agent${names.length > 1 ? 's' : ''})`,
      task: {
        type: 'stage_performance',
        goal: `Perform the script "${s.title}"`,
        guidance: { text: s.script },
        mode: 'cooperative',
        success: { type: 'stage_performance', script: s.seq.map((l) => ({ ...l })), threshold: STAGE_THRESHOLD },
      },
      agents: {
        count: names.length,
        spawn: names.map((name, i) => ({
          name,
          position: [2 * i - (names.length - 1), GROUND_Y, 0] as [number, number, number],
          inventory: { ...s.cast[name] },
        })),
      },
      // Hunger XXI for 30 s burns ~63 exhaustion: the saturation and about 11 food points.
      ...(s.hungry?.length
        ? { events: [{ id: 'hungry', trigger: { start: 0 }, actions: { type: 'apply_effect', agents: [...s.hungry], effect: 'hunger', amplifier: 20, duration: 30 } }] }
        : {}),
      environment: {
        max_steps: 60 + 30 * s.seq.length,
        // A hungry cast needs easy: on peaceful the food bar refills and never drops (no mobs spawn either way).
        world: flatWorld(s.hungry?.length ? 'easy' : 'peaceful'),
        entities: { passives: s.mobs.map((type) => ({ type, position: [0, GROUND_Y, 5] as [number, number, number], count: 1 })), hostiles: [] },
        // The whole cast shares one stage: everyone hears everyone.
        chat_range: 64,
      },
    };
  });
}
