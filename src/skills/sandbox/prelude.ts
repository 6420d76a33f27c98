/**
 * JavaScript evaluated inside every fresh sandbox context before the agent's code. It receives the
 * few host hooks as arguments and keeps them in a closure, so agent code can never reach them:
 * - `clock()`: the host clock (e.g. world ticks) behind `Date.now()` and `new Date()`;
 * - `guard()`: a checkpoint the host uses to enforce CPU and memory limits;
 * - `write(line)`: appends one line of console output.
 *
 * Why the guards: QuickJS polls its interrupt handler only every ~10,000 bytecode steps, and a
 * builtin call such as `'x'.repeat(1e6)` is one step that can allocate megabytes and take
 * milliseconds. quickjs-emscripten's memory limit also only refuses single allocations larger than
 * the limit (emscripten reports no usable malloc size, so QuickJS's running total never grows; see
 * quickjs-emscripten issue #271). Wrapping the builtins whose cost grows with their arguments lets
 * the host check CPU time and heap size before each such call.
 */
/**
 * How deeply data (JSON, nested arrays) and source code (brackets) may nest. Measured with
 * quickjs-emscripten 0.32 on Node 24: JSON.stringify of arrays nested 10,000 deep and 1,000 nested
 * parentheses in source overflow the host stack; LLM-written code and game data nest far less.
 */
export const MAX_NESTING = 100;

export const PRELUDE_SOURCE = String.raw`(function (clock, guard, write, seed) {
  'use strict';
  const define = (target, key, value) =>
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });

  // Deterministic Math.random: mulberry32 seeded by the host, so the same seed replays the same run.
  let state = seed >>> 0;
  define(Math, 'random', function random() {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });

  // Date reads the host clock only: no wall-clock time leaks in.
  const RealDate = globalThis.Date;
  const SandboxDate = function Date(...args) {
    if (!new.target) return new RealDate(+clock()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [+clock()] : args, new.target);
  };
  SandboxDate.prototype = RealDate.prototype;
  define(RealDate.prototype, 'constructor', SandboxDate);
  define(SandboxDate, 'now', function now() { return +clock(); });
  define(SandboxDate, 'parse', RealDate.parse);
  define(SandboxDate, 'UTC', RealDate.UTC);
  define(globalThis, 'Date', SandboxDate);

  // QuickJS's C builtins (JSON, join, flat, the parser) recurse on the host's native stack, which
  // QuickJS's stack limit does not see: deep nesting there would overflow the host. Bound it here.
  const MAX_NESTING = ${MAX_NESTING};
  const objectValues = Object.values;
  const isArray = Array.isArray;
  const tooDeep = (what) => {
    throw new RangeError(what + ' is nested more than ' + MAX_NESTING + ' levels deep (or is circular)');
  };
  /** Height of nested objects/arrays (or only arrays), without recursion; Infinity past the limit or on a cycle. */
  const nestingHeight = (root, arraysOnly) => {
    const nested = (v) => typeof v === 'object' && v !== null && (!arraysOnly || isArray(v));
    if (!nested(root)) return 0;
    const childrenOf = (v) => (isArray(v) ? v : arraysOnly ? [] : objectValues(v));
    const done = new Map();
    const open = new Set([root]);
    const stack = [{ node: root, children: childrenOf(root), i: 0, h: 1 }];
    while (stack.length > 0) {
      if (stack.length > MAX_NESTING) return Infinity;
      const top = stack[stack.length - 1];
      if (top.i < top.children.length) {
        const child = top.children[top.i++];
        if (!nested(child)) continue;
        if (open.has(child)) return Infinity;
        const known = done.get(child);
        if (known !== undefined) {
          if (known + 1 > top.h) top.h = known + 1;
          continue;
        }
        open.add(child);
        stack.push({ node: child, children: childrenOf(child), i: 0, h: 1 });
      } else {
        stack.pop();
        open.delete(top.node);
        done.set(top.node, top.h);
        const parent = stack[stack.length - 1];
        if (parent && top.h + 1 > parent.h) parent.h = top.h + 1;
      }
    }
    return done.get(root);
  };
  /** Bracket depth of source or JSON text (JSON strings skipped; source strings counted, erring safe). */
  const textNesting = (text, json) => {
    let depth = 0, max = 0, inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++;
        else if (c === 34) inString = false;
      } else if (json && c === 34) inString = true;
      else if (c === 40 || c === 91 || c === 123) { if (++depth > max) max = depth; }
      else if (c === 41 || c === 93 || c === 125) depth--;
    }
    return max;
  };
  const checkData = (value, what) => { if (nestingHeight(value, false) > MAX_NESTING) tooDeep(what); };
  const checkArray = (self) => { if (nestingHeight(self, true) > MAX_NESTING) tooDeep('the array'); };
  const checkSource = (_self, args) => {
    for (const a of args) if (typeof a === 'string' && textNesting(a, false) > MAX_NESTING) tooDeep('the code');
  };

  // Builtins whose time or memory grows with their arguments call guard() (and any check) first.
  const guarded = (fn, check) => new Proxy(fn, {
    apply(target, self, args) { guard(); if (check) check(self, args); return Reflect.apply(target, self, args); },
    construct(target, args, newTarget) { guard(); if (check) check(undefined, args); return Reflect.construct(target, args, newTarget); },
  });
  const guardMethods = (target, names, check) => {
    for (const name of names) if (typeof target[name] === 'function') define(target, name, guarded(target[name], check));
  };
  const rawStringify = JSON.stringify;
  guardMethods(String.prototype, ['repeat', 'padStart', 'padEnd', 'concat', 'replace', 'replaceAll', 'split', 'normalize']);
  guardMethods(String, ['fromCharCode', 'fromCodePoint', 'raw']);
  guardMethods(Array.prototype, ['fill', 'concat', 'map', 'flatMap', 'slice', 'splice', 'sort', 'toSorted', 'toSpliced', 'with']);
  guardMethods(Array.prototype, ['join', 'toString', 'toLocaleString', 'flat'], checkArray);
  guardMethods(Array, ['from', 'of']);
  define(JSON, 'stringify', guarded(rawStringify, (_self, args) => checkData(args[0], 'the value')));
  define(JSON, 'parse', guarded(JSON.parse, (_self, args) => {
    if (textNesting(String(args[0]), true) > MAX_NESTING) tooDeep('the JSON text');
  }));
  guardMethods(Object, ['keys', 'values', 'entries', 'assign', 'fromEntries']);
  for (const name of ['Array', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Map', 'Set', 'Uint8ClampedArray',
    'Int8Array', 'Uint8Array', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array',
    'BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array']) {
    if (typeof globalThis[name] === 'function') define(globalThis, name, guarded(globalThis[name]));
  }
  // Code compiled at run time goes through the same nesting check as the agent's code.
  define(globalThis, 'eval', guarded(globalThis.eval, checkSource));
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    const proto = Object.getPrototypeOf(sample);
    const safeConstructor = guarded(proto.constructor, checkSource);
    define(proto, 'constructor', safeConstructor);
    if (proto === Function.prototype) define(globalThis, 'Function', safeConstructor);
  }

  // console.* and print() format like a terse console: strings as-is, values as JSON.
  const format = (v) => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.name + ': ' + v.message;
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch { return String(v); }
  };
  const log = function log(...args) { write(args.map(format).join(' ')); };
  const console = {};
  for (const name of ['log', 'info', 'warn', 'error', 'debug']) define(console, name, log);
  define(globalThis, 'console', console);
  define(globalThis, 'print', log);

  // Helpers only the host holds: the JSON text of a value, with the same nesting bound.
  return {
    toJson(value) {
      checkData(value, 'the value');
      return rawStringify(value);
    },
  };
})`;
