/**
 * The keys a strict object in the task schema accepts at a given path, so an unknown key can come
 * with a "did you mean" (`max_heath` -> `max_health`). Walks zod's schema definitions: objects by
 * key, arrays and records by element, through optional/default/transform wrappers and unions.
 */
import type { z } from 'zod';
import type { PathSegment } from './issues.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  values?: unknown[];
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const child = (value: unknown, key: PathSegment): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** Under a union of `{type: literal}` objects, the option the value's own `type` names (all when none does). */
function matchingOptions(options: z.ZodType[], value: unknown): z.ZodType[] {
  const type = child(value, 'type');
  const matching = options.filter((o) => {
    const d = defOf(o);
    const lit = d.type === 'object' && d.shape?.type ? defOf(d.shape.type) : null;
    return lit?.type === 'literal' && (lit.values ?? []).includes(type);
  });
  return matching.length > 0 ? matching : options;
}

/** The object schemas a value at `path` may be checked against (several under a union). `value` is the file's data. */
function objectsAt(schema: z.ZodType, path: readonly PathSegment[], value: unknown): Def[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
      return def.innerType ? objectsAt(def.innerType, path, value) : [];
    case 'pipe':
      return [...(def.in ? objectsAt(def.in, path, value) : []), ...(def.out ? objectsAt(def.out, path, value) : [])];
    case 'union': {
      const atEnd = path.length === 0 ? value : undefined;
      const options = def.options ?? [];
      return (path.length === 0 ? matchingOptions(options, atEnd) : options).flatMap((o) => objectsAt(o, path, value));
    }
    default:
      break;
  }
  if (path.length === 0) return def.type === 'object' ? [def] : [];
  const [head, ...rest] = path;
  if (def.type === 'object' && typeof head === 'string') {
    const next = def.shape?.[head];
    return next ? objectsAt(next, rest, child(value, head)) : [];
  }
  if (def.type === 'array' && typeof head === 'number' && def.element) return objectsAt(def.element, rest, child(value, head));
  if (def.type === 'tuple' && typeof head === 'number') {
    const item = def.items?.[head];
    return item ? objectsAt(item, rest, child(value, head)) : [];
  }
  if (def.type === 'record' && def.valueType && head !== undefined) return objectsAt(def.valueType, rest, child(value, head));
  return [];
}

/** Keys accepted at `path` of `data` (the file as parsed YAML). */
export function knownKeysAt(schema: z.ZodType, path: readonly PathSegment[], data: unknown): string[] {
  return [...new Set(objectsAt(schema, path, data).flatMap((d) => Object.keys(d.shape ?? {})))];
}
