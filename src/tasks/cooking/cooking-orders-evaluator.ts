/**
 * The `cooking_orders` goal: runs the order stream against the world. Each evaluation moves the stream
 * to the current task step, serves open orders (most urgent first) from the dishes in the counter chest
 * and takes every served dish out of the chest, announces new, served and expired orders by broadcast,
 * and, for each new meat order, summons one animal of its kind in the pasture. It acts only through
 * WorldAdmin, so it runs on every backend.
 *
 * Dishes in the counter that match no open order stay there and serve the next order for that dish
 * (the kitchen's serving table does the same). Score: completed / (completed + failed) so far, orders
 * still open counting as neither (MindAgent's CoS per episode). Success is decided at the end: the rate
 * reached `threshold`. The goal never fails early; the episode runs to max_steps.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import { Rng } from '../../world/index.js';
import { randomColumn } from '../events/area.js';
import type { GoalContext, GoalEvaluator, GoalResult } from '../goals/goal-evaluator.js';
import type { GoalOf } from '../spec/goals.js';
import { DISH_RECIPES, isCookingDish } from './menu.js';
import { closedOrderMessage, newOrderMessage } from './order-messages.js';
import { OrderStream, type StreamChanges } from './order-stream.js';

export class CookingOrdersEvaluator implements GoalEvaluator {
  readonly stream: OrderStream;
  private readonly restock: Rng;
  /** Served orders per dish. */
  private readonly servedBy = new Map<string, number>();

  /** `episodeSeed` seeds the dish sequence when the goal names no seed of its own. */
  constructor(
    readonly goal: GoalOf<'cooking_orders'>,
    episodeSeed: number | string,
  ) {
    const seed = goal.seed ?? episodeSeed;
    this.stream = new OrderStream({ menu: goal.menu, alpha: goal.alpha, maxOpen: goal.max_open, seed });
    this.restock = new Rng(`${String(seed)}/cooking-orders/pasture`);
  }

  evaluate(ctx: GoalContext): GoalResult {
    const counter = this.goal.position ?? ctx.chests[0];
    if (!counter) throw new InputError('cooking_orders has no counter chest', 'give the goal a position or the task an environment.chest');
    const step = Math.min(ctx.step, ctx.maxSteps);
    const contents = ctx.admin.chestContents(counter) ?? {};
    const available: Record<string, number> = {};
    for (const [name, n] of Object.entries(contents)) if (isCookingDish(name)) available[name] = n;
    const changes = this.stream.advance(step, available);
    if (changes.completed.length > 0) this.consume(ctx, counter, contents, changes);
    this.announce(ctx, changes);
    const c = this.stream.counts;
    const rate = this.stream.rate;
    return {
      success: ctx.final && c.completed + c.failed > 0 && rate >= this.goal.threshold,
      failed: false,
      score: rate,
      details: {
        alpha: this.goal.alpha,
        interval: this.stream.interval,
        completed: c.completed,
        failed: c.failed,
        open: c.open,
        arrived: c.arrived,
        dropped: c.dropped,
        rate: Math.round(rate * 1000) / 1000,
        served: Object.fromEntries(this.servedBy),
        // The board as it stands: an agent that plans from the task's progress (the TickingCollab prompts'
        // {dynamic_subgoals}) sees every open order at every decision, not only the broadcast that announced it.
        open_orders: openOrdersText(this.stream.open, ctx),
      },
    };
  }

  /** Takes the served dishes out of the counter (rewriting the chest with what is left). */
  private consume(ctx: GoalContext, counter: Vec3, contents: Record<string, number>, changes: StreamChanges): void {
    const left = { ...contents };
    for (const o of changes.completed) {
      left[o.dish] = (left[o.dish] ?? 0) - 1;
      this.servedBy.set(o.dish, (this.servedBy.get(o.dish) ?? 0) + 1);
    }
    ctx.admin.setChestContents(
      counter,
      Object.entries(left)
        .filter(([, n]) => n > 0)
        .map(([name, count]) => ({ name, count })),
    );
  }

  private announce(ctx: GoalContext, changes: StreamChanges): void {
    for (const o of changes.arrived) {
      const dueTick = ctx.startTick + o.deadlineStep * ctx.ticksPerStep;
      const seconds = Math.round(((o.deadlineStep - o.arrivedStep) * ctx.ticksPerStep) / 20);
      ctx.admin.broadcast(newOrderMessage(o.id, o.dish, dueTick, seconds));
      const recipe = DISH_RECIPES[o.dish];
      if (recipe.kind === 'smelt' && this.goal.pasture) {
        const { x, z } = randomColumn(this.goal.pasture, this.restock);
        ctx.admin.summon(recipe.animal, { x: x + 0.5, y: this.goal.pasture.min.y, z: z + 0.5 }, { persistent: true, tags: ['task', 'cooking_orders'] });
      }
    }
    for (const o of changes.completed) ctx.admin.broadcast(closedOrderMessage(o.id, o.dish, 'served'));
    for (const o of changes.expired) ctx.admin.broadcast(closedOrderMessage(o.id, o.dish, 'expired'));
  }
}

/** `#3 cooked_beef due at tick 1240; #4 bread due at tick 1300`, or `none`: short enough for a progress line. */
export function openOrdersText(open: readonly { id: number; dish: string; deadlineStep: number }[], ctx: Pick<GoalContext, 'startTick' | 'ticksPerStep'>): string {
  if (open.length === 0) return 'none';
  return open.map((o) => `#${o.id} ${o.dish} due at tick ${ctx.startTick + o.deadlineStep * ctx.ticksPerStep}`).join('; ');
}
