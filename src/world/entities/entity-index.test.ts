/**
 * The players-only and mobs-only grids must answer exactly what `near` filtered to players or mobs
 * answers, as entities move across cells, die and leave: pickup, targeting, spawning and despawning
 * rely on it.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from './player.js';
import { spawnMob } from '../mobs/spawn.js';
import { Rng } from '../rng.js';
import type { Entity } from './entity.js';
import { spawnItem } from './item-entity.js';

describe('EntityIndex.nearPlayers, nearMobs, forEachNear and forEachNearPlayer', () => {
  it('equal near() (filtered to players; unordered) while players and mobs move, and forget players who left', () => {
    const w = new World({ seed: 3, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = new Rng('index-test');
    const players = Array.from({ length: 30 }, (_, i) => joinPlayer(w, `p${i}`, { x: rng.range(-40, 40), y: -60, z: rng.range(-40, 40) }));
    for (let i = 0; i < 30; i++) spawnMob(w, 'cow', { x: rng.range(-40, 40), y: -60, z: rng.range(-40, 40) });
    const ids = (es: Entity[]) => es.map((e) => e.id);
    for (let round = 0; round < 20; round++) {
      for (const p of players) {
        if (p.removed) continue;
        p.yaw = rng.range(0, 360);
        p.controls.forward = 1;
        p.controls.sprint = true;
      }
      if (round === 10) w.removeEntity(players[0]!, 'left');
      w.run(10);
      for (let q = 0; q < 20; q++) {
        const at = { x: rng.range(-60, 60), y: -60, z: rng.range(-60, 60) };
        const radius = rng.pick([3, 16, 40]);
        expect(ids(w.nearPlayers(at, radius))).toEqual(ids(w.near(at, radius, (e) => e.kind === 'player')));
        // Likewise the mobs-only grid (the spawning rule's mob caps).
        expect(ids(w.nearMobs(at, radius))).toEqual(ids(w.near(at, radius, (e) => e.kind === 'mob')));
        // The unordered visitor sees exactly the entities `near` lists.
        const visited: Entity[] = [];
        w.forEachNear(at, radius, (e) => visited.push(e));
        expect(ids(visited).sort((a, b) => a - b)).toEqual(ids(w.near(at, radius)));
        // So does the players-only visitor (item pickup's query), for players.
        const visitedPlayers: Entity[] = [];
        w.index.forEachNearPlayer(at, radius, (e) => visitedPlayers.push(e));
        expect(ids(visitedPlayers).sort((a, b) => a - b)).toEqual(ids(w.nearPlayers(at, radius)));
      }
    }
    expect(ids(w.nearPlayers(players[0]!.pos, 200))).not.toContain(players[0]!.id);
    expect(w.nearPlayers({ x: 0, y: -60, z: 0 }, 200).length).toBe(29);
  });
});

describe('EntityIndex.forEachItemAround', () => {
  it('visits every dropped item whose feet are in the box asked, as items fall, slide, merge and are picked up', () => {
    const w = new World({ seed: 5, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const rng = new Rng('item-grid-test');
    for (let i = 0; i < 200; i++) {
      const vel = { x: rng.range(-0.4, 0.4), y: rng.range(0, 0.4), z: rng.range(-0.4, 0.4) };
      spawnItem(w, { x: rng.range(-20, 20), y: rng.range(-60, -50), z: rng.range(-20, 20) }, { name: rng.pick(['dirt', 'stone']), count: 1 }, { vel });
    }
    joinPlayer(w, 'picker', { x: 0.5, y: -60, z: 0.5 });
    let seen = 0;
    for (let round = 0; round < 15; round++) {
      w.run(round < 5 ? 1 : 7);
      for (let q = 0; q < 30; q++) {
        const x0 = rng.range(-25, 25), y0 = rng.range(-63, -52), z0 = rng.range(-25, 25), size = rng.range(0, 6);
        const inBox = (e: Entity) => e.pos.x >= x0 && e.pos.x <= x0 + size && e.pos.y >= y0 && e.pos.y <= y0 + size && e.pos.z >= z0 && e.pos.z <= z0 + size;
        const visited: number[] = [];
        w.index.forEachItemAround(x0, x0 + size, y0, y0 + size, z0, z0 + size, (e) => {
          if (inBox(e)) visited.push(e.id);
        });
        const expected = [...w.items()].filter(inBox).map((e) => e.id);
        expect(visited.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        seen += expected.length;
      }
    }
    expect(seen).toBeGreaterThan(50);
  });
});
