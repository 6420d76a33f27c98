/**
 * Alex's associative memory (MineLand, Appendix E.1): the short-term working set the short-term
 * planner sees. Before each plan it pulls from the memory library only what relates to the current
 * situation, under the paper's retrieve limits (relevant chats 5, recent chats 8, events 2,
 * environment notes 2, recent short-term plans 5, skills 5), and hands the new short-term plan
 * back to the library — the two-way exchange the paper describes.
 */
import type { MemoryEntry, MemoryLibrary, RetrieveLimits, ScoredMemory } from './memory-library.js';
import type { SkillMemory, StoredSkill } from './skill-memory.js';

export interface RecalledContext {
  chats: ScoredMemory[];
  recentChats: MemoryEntry[];
  events: ScoredMemory[];
  environment: ScoredMemory[];
  plans: MemoryEntry[];
  skills: StoredSkill[];
}

export class AssociativeMemory {
  /** What was recalled for the plan being made (kept for the run log and tests). */
  last: RecalledContext | null = null;

  constructor(
    private readonly library: MemoryLibrary,
    private readonly skills: SkillMemory,
    private readonly limits: RetrieveLimits,
  ) {}

  /** Everything relevant to `situation` (the sub-goal plus what is happening now). */
  async recall(situation: string, nowTick: number): Promise<RecalledContext> {
    const [chats, events, environment, skills] = await Promise.all([
      this.library.retrieve('chat', situation, this.limits.chat, nowTick),
      this.library.retrieve('event', situation, this.limits.event, nowTick),
      this.library.retrieve('environment', situation, this.limits.environment, nowTick),
      this.skills.retrieve(situation, this.limits.skill),
    ]);
    const ctx: RecalledContext = {
      chats,
      recentChats: this.library.recent('chat', this.limits.recentChat),
      events,
      environment,
      plans: this.library.recent('plan', this.limits.shortTermPlan),
      skills,
    };
    this.last = ctx;
    return ctx;
  }

  /** A new short-term plan goes back into the library, so later recalls see what was tried. */
  async remember(plan: string, tick: number): Promise<void> {
    await this.library.add('plan', plan, tick);
  }
}
