/**
 * Small typed DOM helpers shared by the pages. Text always goes in through textContent, never innerHTML, so no game or
 * model string can become markup (the pages' Content-Security-Policy forbids inline script as a second line of defence).
 */

/** An element's properties: `class`, `text`, `onclick`, or any attribute. null/undefined values are skipped. */
export type ElementProps = {
  class?: string;
  text?: string;
  onclick?: () => void;
} & Record<string, string | (() => void) | null | undefined>;

export type Child = Node | string | null | undefined;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, children: readonly Child[] = []): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'function') {
      if (k === 'onclick') e.addEventListener('click', v);
      continue;
    }
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

/** Removes every child of `node` and returns it, ready to be filled again. */
export function clear<T extends Node>(node: T): T {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/**
 * The element with this id, checked to be of the expected kind: a page whose HTML and script disagree fails at once,
 * naming the id, instead of later with "cannot read properties of null".
 */
export function byId<T extends HTMLElement = HTMLElement>(id: string, kind?: abstract new () => T): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`page error: no element #${id} (the page's HTML and script are out of step; rebuild with npm run build)`);
  if (kind && !(e instanceof kind)) throw new Error(`page error: #${id} is a <${e.tagName.toLowerCase()}>, not the element the script expects`);
  return e as T;
}
