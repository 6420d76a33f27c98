/**
 * The senses overlay for the selected agent: a yellow tint on every block its senses returned at the tick shown (orange
 * on the chests among them), a marker
 * on every entity they returned, and two rings on the ground around it, its perception range and its chat range. What
 * is drawn is exactly the server's senses answer (the same code the agent's observation came from), so the view shows
 * what the agent could know, not what the viewer knows.
 */
import * as THREE from 'three';
import type { SensesAtTick } from '../../src/server/viewer/protocol.js';
import { CONTAINER_BLOCKS } from './chests.js';

export class SensesOverlay {
  /** The answer drawn now (null: overlay off). */
  shown: SensesAtTick | null = null;

  constructor(private readonly root: THREE.Group) {}

  clear(): void {
    for (const child of [...this.root.children]) {
      this.root.remove(child);
      const mesh = child as THREE.Mesh;
      mesh.geometry?.dispose();
    }
    this.shown = null;
  }

  show(senses: SensesAtTick): void {
    this.clear();
    this.shown = senses;
    this.tint(senses.blocks.filter((b) => !CONTAINER_BLOCKS.has(b.name)), 0xffeb3b, 0.3);
    this.tint(senses.blocks.filter((b) => CONTAINER_BLOCKS.has(b.name)), 0xff6d00, 0.6);
    for (const e of senses.entities) {
      const marker = new THREE.Mesh(new THREE.OctahedronGeometry(0.3), new THREE.MeshBasicMaterial({ color: 0xff4081, depthTest: false }));
      marker.position.set(e.x, e.y + 2.6, e.z);
      marker.renderOrder = 6;
      this.root.add(marker);
    }
    this.ring(senses, senses.perceptionRange, 0x00e5ff);
    if (senses.chatRange !== null) this.ring(senses, senses.chatRange, 0xff9800);
  }

  /**
   * One instanced, tinted cube for all `blocks` (a perception range holds thousands), a little larger than the block
   * so it shows on the faces the agent saw without hiding the texture.
   */
  private tint(blocks: SensesAtTick['blocks'], color: number, opacity: number): void {
    if (blocks.length === 0) return;
    const geometry = new THREE.BoxGeometry(1.02, 1.02, 1.02);
    const material = new THREE.MeshBasicMaterial({ color, transparent: true, opacity, depthWrite: false });
    const boxes = new THREE.InstancedMesh(geometry, material, blocks.length);
    const m = new THREE.Matrix4();
    blocks.forEach((b, i) => boxes.setMatrixAt(i, m.makeTranslation(b.x + 0.5, b.y + 0.5, b.z + 0.5)));
    boxes.renderOrder = 5;
    this.root.add(boxes);
  }

  private ring(senses: SensesAtTick, radius: number, color: number): void {
    const points: THREE.Vector3[] = [];
    for (let i = 0; i <= 96; i++) {
      const a = (i / 96) * Math.PI * 2;
      points.push(new THREE.Vector3(senses.pos.x + Math.cos(a) * radius, senses.pos.y + 0.05, senses.pos.z + Math.sin(a) * radius));
    }
    const line = new THREE.Line(new THREE.BufferGeometry().setFromPoints(points), new THREE.LineBasicMaterial({ color, depthTest: false }));
    line.renderOrder = 5;
    this.root.add(line);
  }
}
