/**
 * The 27 base ingredients: the only items `get` can take from storage (global list, not per level).
 * Source: /work/shared/reference/cuisineworld.md §2 (MindAgent `levels/constants.py`), in that file's order.
 */
export const BASE_INGREDIENTS: readonly string[] = [
  'pork',
  'beef',
  'tuna',
  'salmon',
  'lamb',
  'chicken',
  'turkey',
  'egg',
  'duck',
  'lobster',
  'pepperoni',
  'potato',
  'carrot',
  'onion',
  'lettuce',
  'tomato',
  'cucumber',
  'leek',
  'broccoli',
  'flour',
  'rice',
  'pasta',
  'dough',
  'cheese',
  'seaweedSheet',
  'bread',
  'tortilla',
];
