/**
 * Chests in the 3D view: a label over each with what it holds at the tick drawn (yellow for the picked chest), and
 * picking a chest by clicking it (a ray from the camera through the pointer against each chest's block).
 */
import * as THREE from 'three';
import { chestCentre, contentsText, type ShownChest } from './chests.js';
import { label } from './figures.js';

/** Longest label text (a full chest lists many items; the panel has them all). */
const LABEL_CHARS = 48;

export class ChestLabels {
  readonly group = new THREE.Group();
  private readonly labels = new Map<string, { text: string; sprite: THREE.Sprite }>();
  private chests: readonly ShownChest[] = [];

  sync(chests: readonly ShownChest[], selected: string | null): void {
    this.chests = chests;
    const seen = new Set<string>();
    for (const c of chests) {
      seen.add(c.key);
      let text = contentsText(c);
      if (text.length > LABEL_CHARS) text = `${text.slice(0, LABEL_CHARS - 1)}…`;
      const color = c.key === selected ? '#ffe14d' : '#ffffff';
      const had = this.labels.get(c.key);
      if (had && had.text === `${color}${text}`) continue;
      if (had) this.drop(c.key);
      const sprite = label(text, color);
      const at = chestCentre(c);
      sprite.position.set(at.x, c.y + 1.45, at.z);
      this.group.add(sprite);
      this.labels.set(c.key, { text: `${color}${text}`, sprite });
    }
    for (const k of [...this.labels.keys()]) if (!seen.has(k)) this.drop(k);
  }

  /** The chest under the pointer (normalised device coordinates), nearest first, or null. */
  pick(camera: THREE.Camera, ndc: { x: number; y: number }): ShownChest | null {
    const ray = new THREE.Raycaster();
    ray.setFromCamera(new THREE.Vector2(ndc.x, ndc.y), camera);
    let best: { chest: ShownChest; d: number } | null = null;
    const hit = new THREE.Vector3();
    for (const c of this.chests) {
      const last = c.parts[c.parts.length - 1]!;
      const box = new THREE.Box3(new THREE.Vector3(c.x, c.y, c.z), new THREE.Vector3(last.x + 1, last.y + 1, last.z + 1));
      if (!ray.ray.intersectBox(box, hit)) continue;
      const d = hit.distanceTo(ray.ray.origin);
      if (!best || d < best.d) best = { chest: c, d };
    }
    return best?.chest ?? null;
  }

  private drop(key: string): void {
    const l = this.labels.get(key);
    if (!l) return;
    this.group.remove(l.sprite);
    l.sprite.material.map?.dispose();
    l.sprite.material.dispose();
    this.labels.delete(key);
  }
}
