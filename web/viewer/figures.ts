/**
 * What moves in the 3D view: agents as player figures (head, body, arms, legs in the agent's own colour, a name tag
 * above, the held item in the right hand, turned to the agent's yaw and head pitch), mobs as boxes sized and coloured
 * by kind with a label, dropped items as small spinning cubes in the item's map colour. One `sync` per state update
 * adds, moves and removes them.
 */
import * as THREE from 'three';
import type { AgentState, EntitySnapshot, ItemState, MobState } from '../../src/server/viewer/protocol.js';
import type { AtlasLayout } from '../../src/server/viewer/texture-atlas.js';
import { agentColor } from './colors.js';

const DEG = Math.PI / 180;

/** Mob kind → [width, height, colour]; other kinds get a grey 0.8 × 1.8 box. */
const MOB_LOOK: Record<string, [number, number, number]> = {
  zombie: [0.6, 1.95, 0x3f7f3f],
  husk: [0.6, 1.95, 0x9c8a5a],
  skeleton: [0.6, 1.99, 0xc8c8c8],
  creeper: [0.6, 1.7, 0x4caf50],
  spider: [1.4, 0.9, 0x3b302a],
  enderman: [0.6, 2.9, 0x161616],
  cow: [0.9, 1.4, 0x5a3a22],
  pig: [0.9, 0.9, 0xf0a0a0],
  sheep: [0.9, 1.3, 0xeeeeee],
  chicken: [0.4, 0.7, 0xffffff],
  wither: [0.9, 3.5, 0x202020],
  ender_dragon: [4, 2, 0x1a0f2a],
};

export function label(text: string, color = '#ffffff'): THREE.Sprite {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  ctx.font = 'bold 28px sans-serif';
  const w = Math.ceil(ctx.measureText(text).width) + 16;
  canvas.width = w;
  canvas.height = 40;
  ctx.font = 'bold 28px sans-serif';
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.fillRect(0, 0, w, 40);
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 8, 21);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, depthTest: false }));
  sprite.scale.set((w / 40) * 0.4, 0.4, 1);
  sprite.renderOrder = 10;
  return sprite;
}

function box(w: number, h: number, d: number, color: number, y: number): THREE.Mesh {
  const m = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), new THREE.MeshBasicMaterial({ color }));
  m.position.y = y;
  return m;
}

/** A player figure: feet at the group's origin, facing +z at yaw 0 (Minecraft's convention: 0 is south, 90 west). */
class Figure {
  readonly group = new THREE.Group();
  private readonly head: THREE.Group;
  private readonly hand: THREE.Group;
  private held: string | null | undefined = undefined;

  constructor(readonly name: string) {
    const color = new THREE.Color(agentColor(name)).getHex();
    this.group.add(box(0.5, 0.75, 0.25, color, 1.125)); // body
    this.group.add(box(0.25, 0.75, 0.25, 0x2a3a6a, 0.375).translateX(-0.125)); // legs
    this.group.add(box(0.25, 0.75, 0.25, 0x2a3a6a, 0.375).translateX(0.125));
    this.group.add(box(0.2, 0.7, 0.2, color, 1.15).translateX(0.35));
    const rightArm = box(0.2, 0.7, 0.2, color, 1.15).translateX(-0.35);
    this.group.add(rightArm);
    this.head = new THREE.Group();
    this.head.position.y = 1.5;
    const face = box(0.5, 0.5, 0.5, 0xc69c6d, 0.25);
    this.head.add(face, box(0.1, 0.1, 0.02, 0x222222, 0.3).translateX(-0.12).translateZ(0.26), box(0.1, 0.1, 0.02, 0x222222, 0.3).translateX(0.12).translateZ(0.26));
    this.group.add(this.head);
    this.hand = new THREE.Group();
    this.hand.position.set(-0.35, 0.85, 0.2);
    this.group.add(this.hand);
    const tag = label(name);
    tag.position.y = 2.25;
    this.group.add(tag);
  }

  update(a: AgentState, layout: AtlasLayout): void {
    this.group.position.set(a.x, a.y, a.z);
    this.group.rotation.y = -a.yaw * DEG;
    this.head.rotation.x = a.pitch * DEG;
    if (a.held !== this.held) {
      this.held = a.held;
      this.hand.clear();
      if (a.held) this.hand.add(box(0.25, 0.25, 0.25, new THREE.Color(layout.blocks[a.held]?.color ?? '#8a8a8a').getHex(), 0));
    }
  }
}

export class EntityLayer {
  private readonly figures = new Map<string, Figure>();
  private readonly mobs = new Map<number, THREE.Group>();
  private readonly items = new Map<number, THREE.Mesh>();
  /** The agents' states as last drawn (the camera follows them, the status line reports them). */
  readonly agents = new Map<string, AgentState>();

  constructor(private readonly root: THREE.Group, private readonly layout: AtlasLayout) {}

  sync(snapshot: EntitySnapshot): void {
    const seenAgents = new Set<string>();
    for (const a of snapshot.agents) {
      seenAgents.add(a.name);
      this.agents.set(a.name, a);
      let f = this.figures.get(a.name);
      if (!f) {
        f = new Figure(a.name);
        this.figures.set(a.name, f);
        this.root.add(f.group);
      }
      f.update(a, this.layout);
    }
    for (const [name, f] of this.figures) {
      if (seenAgents.has(name)) continue;
      this.root.remove(f.group);
      this.figures.delete(name);
      this.agents.delete(name);
    }
    this.syncMobs(snapshot.mobs);
    this.syncItems(snapshot.items);
  }

  private syncMobs(mobs: readonly MobState[]): void {
    const seen = new Set<number>();
    for (const m of mobs) {
      seen.add(m.id);
      let g = this.mobs.get(m.id);
      if (!g) {
        const [w, h, color] = MOB_LOOK[m.type] ?? [0.8, 1.8, 0x888888];
        g = new THREE.Group();
        g.add(box(w, h, w, color, h / 2));
        const tag = label(m.type, '#ffd0d0');
        tag.position.y = h + 0.35;
        g.add(tag);
        this.mobs.set(m.id, g);
        this.root.add(g);
      }
      g.position.set(m.x, m.y, m.z);
    }
    for (const [id, g] of this.mobs) {
      if (seen.has(id)) continue;
      this.root.remove(g);
      this.mobs.delete(id);
    }
  }

  private syncItems(items: readonly ItemState[]): void {
    const seen = new Set<number>();
    for (const it of items) {
      seen.add(it.id);
      let m = this.items.get(it.id);
      if (!m) {
        m = box(0.25, 0.25, 0.25, new THREE.Color(this.layout.blocks[it.item]?.color ?? '#c0a060').getHex(), 0);
        this.items.set(it.id, m);
        this.root.add(m);
      }
      m.position.set(it.x, it.y + 0.25, it.z);
    }
    for (const [id, m] of this.items) {
      if (seen.has(id)) continue;
      this.root.remove(m);
      this.items.delete(id);
    }
  }

  /** Turns dropped items a little each frame, so they read as items, not blocks. */
  animate(dtSeconds: number): void {
    for (const m of this.items.values()) m.rotation.y += dtSeconds * 1.5;
  }
}
