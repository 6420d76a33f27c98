/**
 * A player's inventory: 36 main slots (0–8 are the hotbar), four armor slots and an offhand.
 * Stacks carry an item name (as minecraft-data spells it), a count, and the damage a tool has taken.
 */
import type { Registry } from './registry.js';

export interface ItemStack {
  name: string;
  count: number;
  /** Durability used so far (tools, armor); absent for items without durability. */
  damage?: number;
  /** Potion type for `potion`/`splash_potion` items (`fire_resistance`, `healing`, …). */
  potion?: string;
  /** Takes no wear (a task's `unbreakable: true`, vanilla's Unbreakable tag). */
  unbreakable?: boolean;
}

export type ArmorSlot = 'head' | 'chest' | 'legs' | 'feet';
export const ARMOR_SLOTS: readonly ArmorSlot[] = ['head', 'chest', 'legs', 'feet'];
export const MAIN_SLOTS = 36;
export const HOTBAR_SLOTS = 9;

export class Inventory {
  readonly slots: (ItemStack | null)[] = new Array<ItemStack | null>(MAIN_SLOTS).fill(null);
  readonly armor: Record<ArmorSlot, ItemStack | null> = { head: null, chest: null, legs: null, feet: null };
  offhand: ItemStack | null = null;
  /** Index of the held hotbar slot (0–8). */
  selected = 0;

  constructor(private readonly registry: Registry) {}

  get held(): ItemStack | null {
    return this.slots[this.selected] ?? null;
  }

  /** How many of `name` the main slots hold. */
  count(name: string): number {
    let n = 0;
    for (const s of this.slots) if (s && s.name === name) n += s.count;
    return n;
  }

  has(name: string, count = 1): boolean {
    return this.count(name) >= count;
  }

  /** Adds as much of the stack as fits (filling existing stacks first); returns what did not fit. */
  add(stack: ItemStack): number {
    let left = stack.count;
    const max = this.registry.stackSize(stack.name);
    if (max > 1) {
      for (const s of this.slots) {
        if (left === 0) break;
        if (s && s.name === stack.name && s.count < max && s.damage === undefined && s.potion === stack.potion && s.unbreakable === stack.unbreakable) {
          const moved = Math.min(max - s.count, left);
          s.count += moved;
          left -= moved;
        }
      }
    }
    for (let i = 0; i < this.slots.length && left > 0; i++) {
      if (this.slots[i] === null) {
        const moved = Math.min(max, left);
        const placed: ItemStack = { name: stack.name, count: moved };
        if (stack.damage !== undefined) placed.damage = stack.damage;
        if (stack.potion !== undefined) placed.potion = stack.potion;
        if (stack.unbreakable) placed.unbreakable = true;
        this.slots[i] = placed;
        left -= moved;
      }
    }
    return left;
  }

  /** Whether `count` of `name` would fit entirely. */
  canFit(name: string, count: number): boolean {
    const max = this.registry.stackSize(name);
    let room = 0;
    for (const s of this.slots) {
      if (s === null) room += max;
      else if (s.name === name && max > 1) room += max - s.count;
      if (room >= count) return true;
    }
    return room >= count;
  }

  /** Removes up to `count` of `name` (the held slot last, so a tool in hand is kept while others exist); returns how many were removed. */
  remove(name: string, count: number): number {
    let left = count;
    const order = [...this.slots.keys()].filter((i) => i !== this.selected);
    order.push(this.selected);
    for (const i of order) {
      const s = this.slots[i];
      if (!s || s.name !== name) continue;
      const taken = Math.min(s.count, left);
      s.count -= taken;
      left -= taken;
      if (s.count === 0) this.slots[i] = null;
      if (left === 0) break;
    }
    return count - left;
  }

  /** First main slot holding `name`, or -1. */
  find(name: string): number {
    return this.slots.findIndex((s) => s !== null && s.name === name);
  }

  /** Every stack in main, armor and offhand slots, emptied out (death drops). */
  takeAll(): ItemStack[] {
    const out: ItemStack[] = [];
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (s) out.push(s);
      this.slots[i] = null;
    }
    for (const slot of ARMOR_SLOTS) {
      const s = this.armor[slot];
      if (s) out.push(s);
      this.armor[slot] = null;
    }
    if (this.offhand) out.push(this.offhand);
    this.offhand = null;
    return out;
  }

  /** A compact, order-stable summary: item name -> total count over main slots. */
  summary(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.slots) if (s) out[s.name] = (out[s.name] ?? 0) + s.count;
    return out;
  }
}
