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
/**
 * Elements or characters one builtin call may walk (see the work accounting in the prelude). About
 * 16M: a TypedArray scan or memcpy of that size takes ~10-30 ms in QuickJS on Node 24; LLM code
 * that orchestrates skills never comes near it.
 */
export const MAX_CALL_WORK = 1 << 24;
/** Units of builtin work between two host checks of the CPU budget and memory. */
export const WORK_PER_CHECK = 1 << 16;

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

  // Work accounting. A builtin call is one bytecode step, and QuickJS polls its interrupt handler
  // only every ~10,000 steps, so a loop of 'big' calls (TypedArray indexOf over 4 MB, 10,000 times)
  // would run for many seconds between polls. Every builtin whose native loop grows with its
  // receiver or arguments is wrapped: the wrapper estimates the call's work (elements or characters
  // it may touch), refuses one call above MAX_CALL_WORK, and calls the host's guard() (CPU time and
  // memory) once WORK_PER_CHECK units have been spent since the last check. Everything it uses is
  // captured here, before agent code runs, so a program that redefines builtins cannot skew it.
  const MAX_CALL_WORK = ${MAX_CALL_WORK};
  const WORK_PER_CHECK = ${WORK_PER_CHECK};
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const ownDescriptor = Object.getOwnPropertyDescriptor;
  const hasOwn = Object.hasOwn;
  const getPrototypeOf = Object.getPrototypeOf;
  const ownKeys = Reflect.ownKeys;
  const isView = ArrayBuffer.isView;
  const log2 = Math.log2;
  const RealProxy = Proxy;
  const TypedArray = getPrototypeOf(Uint8Array);
  const typedByteLength = ownDescriptor(TypedArray.prototype, 'byteLength').get;
  const viewByteLength = ownDescriptor(DataView.prototype, 'byteLength').get;
  const bufferByteLength = ownDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const sharedByteLength = typeof SharedArrayBuffer === 'function'
    ? ownDescriptor(SharedArrayBuffer.prototype, 'byteLength').get : undefined;
  // Proxies the program makes are remembered: a builtin cannot size one (its traps answer what they
  // like, and a trap-less proxy lets a native loop run without reaching the interrupt check).
  const proxies = new WeakSet();
  const rememberProxy = WeakSet.prototype.add;
  const isProxy = WeakSet.prototype.has;
  const SandboxProxy = function Proxy(target, handler) {
    if (!new.target) throw new TypeError("Constructor Proxy requires 'new'");
    const proxy = new RealProxy(target, handler);
    apply(rememberProxy, proxies, [proxy]);
    return proxy;
  };
  const revocableProxy = RealProxy.revocable;
  define(SandboxProxy, 'revocable', function revocable(target, handler) {
    const pair = apply(revocableProxy, RealProxy, [target, handler]);
    apply(rememberProxy, proxies, [pair.proxy]);
    return pair;
  });
  define(globalThis, 'Proxy', SandboxProxy);
  const tooMuch = () => {
    throw new RangeError('one builtin call would touch more than ' + MAX_CALL_WORK +
      ' elements or characters; the sandbox refuses it, work on smaller data');
  };
  const lengthOf = (n) => (typeof n === 'number' ? (n > 0 ? n : 0) : tooMuch());
  /** Elements or characters a builtin may walk in a value; tooMuch() if it cannot be known safely. */
  const sizeOf = (v) => {
    if (typeof v === 'string') return v.length;
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null) return 0;
    if (apply(isProxy, proxies, [v])) {
      throw new TypeError('builtins do not take proxies in the sandbox; pass plain objects and arrays');
    }
    if (isArray(v)) return lengthOf(v.length);
    if (isView(v)) {
      try { return apply(typedByteLength, v, []); } catch { return apply(viewByteLength, v, []); }
    }
    try { return apply(bufferByteLength, v, []); } catch {}
    if (sharedByteLength) try { return apply(sharedByteLength, v, []); } catch {}
    if (typeof v === 'function') return 0;
    // A plain object (Object.keys, assign, ...): its size is unknown, so the host checks at once.
    if (!('length' in v)) return WORK_PER_CHECK;
    // An array-like: its length must be an own number, so the builtin reads the value checked here
    // (a getter or valueOf could answer 0 now and 2**40 to the native loop).
    const d = ownDescriptor(v, 'length');
    return d !== undefined && hasOwn(d, 'value') ? lengthOf(d.value) : tooMuch();
  };
  const numberArg = (n) => (typeof n === 'number' && n > 0 ? (n < 1e300 ? n : tooMuch()) : 0);
  const linear = (self, args) => {
    let units = sizeOf(self);
    for (let i = 0; i < args.length; i++) units += sizeOf(args[i]);
    return units;
  };
  const SEARCHES = { indexOf: 1, lastIndexOf: 1, includes: 1, split: 1, replace: 1, replaceAll: 1, startsWith: 1,
    endsWith: 1, localeCompare: 1 };
  const SORTS = { sort: 1, toSorted: 1 };
  /** Estimated units of work of one call of the builtin named 'name'. */
  const workOf = (name, self, args, isConstructor) => {
    if (isConstructor) {
      let units = 0;
      for (let i = 0; i < args.length; i++) units += typeof args[i] === 'number' ? numberArg(args[i]) : sizeOf(args[i]);
      return units;
    }
    if (typeof self === 'string') {
      if (name === 'repeat') return self.length * numberArg(args[0]);
      if (name === 'padStart' || name === 'padEnd') return numberArg(args[0]) + self.length;
      // QuickJS searches strings naively: up to haystack × needle character comparisons.
      if (hasOwn(SEARCHES, name) && typeof args[0] === 'string') return self.length * (args[0].length + 1);
    }
    const units = linear(self, args);
    if (hasOwn(SORTS, name)) return units * (log2(units + 2) + 1) * 8;
    return units;
  };
  let workSinceCheck = 0;
  const charge = (units) => {
    if (!(units <= MAX_CALL_WORK)) tooMuch();
    workSinceCheck += units + 1;
    if (workSinceCheck >= WORK_PER_CHECK) {
      workSinceCheck = 0;
      guard();
    }
  };
  const guarded = (fn, name, check) => {
    const handler = {
      __proto__: null,
      apply(target, self, args) {
        charge(workOf(name, self, args, false));
        if (check) check(self, args);
        return apply(target, self, args);
      },
      construct(target, args, newTarget) {
        charge(workOf(name, undefined, args, true));
        if (check) check(undefined, args);
        return construct(target, args, newTarget);
      },
    };
    return new RealProxy(fn, handler);
  };
  const NOT_WRAPPED = { constructor: 1, length: 1, name: 1, prototype: 1, caller: 1, arguments: 1 };
  /**
   * Wraps every method of 'target' (own configurable data properties holding functions, symbol keys
   * too) except those named in 'constant' and the iterators: they take constant time, and wrapping
   * would only slow down ordinary code (push, at, charCodeAt in tight loops).
   */
  const iteratorKey = Symbol.iterator;
  const guardAll = (target, constant) => {
    if (!target) return;
    const keys = ownKeys(target);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key === iteratorKey || (typeof key === 'string' && (hasOwn(NOT_WRAPPED, key) || constant.indexOf(key) >= 0))) continue;
      const d = ownDescriptor(target, key);
      if (!d || !d.configurable || !hasOwn(d, 'value') || typeof d.value !== 'function') continue;
      define(target, key, guarded(d.value, typeof key === 'string' ? key : ''));
    }
  };
  const guardMethods = (target, names, check) => {
    for (const name of names) if (typeof target[name] === 'function') define(target, name, guarded(target[name], name, check));
  };
  const rawStringify = JSON.stringify;
  const rawParse = JSON.parse;
  const ITERATION = ['keys', 'values', 'entries'];
  guardAll(Array.prototype, ['push', 'pop', 'at', ...ITERATION]);
  guardAll(Array, ['isArray']);
  guardAll(TypedArray.prototype, ['at', 'subarray', ...ITERATION]);
  guardAll(TypedArray, []);
  guardAll(String.prototype, ['at', 'charAt', 'charCodeAt', 'codePointAt', 'toString', 'valueOf']);
  guardAll(String, []);
  guardAll(RegExp.prototype, ['compile', 'toString']);
  guardAll(ArrayBuffer.prototype, []);
  guardAll(ArrayBuffer, ['isView']);
  if (typeof SharedArrayBuffer === 'function') guardAll(SharedArrayBuffer.prototype, []);
  guardAll(Object, ['is', 'getPrototypeOf', 'setPrototypeOf', 'hasOwn', 'defineProperty', 'getOwnPropertyDescriptor',
    'create', 'isFrozen', 'isSealed', 'isExtensible', 'preventExtensions']);
  guardAll(Reflect, ['get', 'set', 'has', 'getPrototypeOf', 'setPrototypeOf', 'defineProperty', 'deleteProperty',
    'getOwnPropertyDescriptor', 'isExtensible', 'preventExtensions']);
  guardAll(Function.prototype, ['call', 'bind']);
  guardAll(Set.prototype, ['add', 'has', 'delete', 'forEach', ...ITERATION]);
  guardAll(Map, []);
  guardAll(Promise, ['resolve', 'reject', 'withResolvers']);
  if (typeof globalThis.Iterator === 'function') guardAll(globalThis.Iterator.prototype, ['next', 'drop', 'take', 'filter', 'map', 'flatMap']);
  // The nesting checks come on top of the work accounting for the builtins that recurse natively.
  guardMethods(Array.prototype, ['join', 'toString', 'toLocaleString', 'flat'], checkArray);
  define(JSON, 'stringify', guarded(rawStringify, 'stringify', (_self, args) => checkData(args[0], 'the value')));
  define(JSON, 'parse', guarded(rawParse, 'parse', (_self, args) => {
    if (textNesting(String(args[0]), true) > MAX_NESTING) tooDeep('the JSON text');
  }));
  // Constructors, both as globals and as their prototypes' 'constructor', so '[].constructor' is guarded too.
  for (const name of ['Array', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Map', 'Set', 'WeakMap', 'WeakSet',
    'Promise', 'Uint8ClampedArray', 'Int8Array', 'Uint8Array', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'BigInt64Array', 'BigUint64Array', 'Float16Array', 'Float32Array', 'Float64Array']) {
    const ctor = globalThis[name];
    if (typeof ctor !== 'function') continue;
    const safe = guarded(ctor, name);
    define(globalThis, name, safe);
    define(ctor.prototype, 'constructor', safe);
  }
  // Code compiled at run time goes through the same nesting check as the agent's code.
  define(globalThis, 'eval', guarded(globalThis.eval, 'eval', checkSource));
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    const proto = Object.getPrototypeOf(sample);
    const safeConstructor = guarded(proto.constructor, 'Function', checkSource);
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
