import { describe, expect, it } from 'vitest';
import { MAX_LINES, MIN_GAP_TICKS, STALE_TICKS, TeamTalk } from './team-talk.js';

describe('TeamTalk: what heuristic members say, kept sparse', () => {
  it('says a topic once, in the order the news came', () => {
    const talk = new TeamTalk();
    talk.tell('A', 'share:A:0', 'I will get 17 oak_log', 0);
    talk.tell('A', 'share:A:0', 'I will get 12 oak_log', 5);
    talk.tell('A', 'short:A:iron', 'no iron', 0);
    expect(talk.take('A', 0)).toBe('I will get 17 oak_log');
    expect(talk.take('A', MIN_GAP_TICKS)).toBe('no iron');
    expect(talk.take('A', 2 * MIN_GAP_TICKS)).toBeNull();
    expect(talk.take('B', 0)).toBeNull();
  });

  it('leaves a gap between two lines of one agent, but not between agents', () => {
    const talk = new TeamTalk();
    talk.tell('A', 'a1', 'one', 0);
    talk.tell('A', 'a2', 'two', 0);
    talk.tell('B', 'b1', 'three', 0);
    expect(talk.take('A', 10)).toBe('one');
    expect(talk.take('A', 10 + MIN_GAP_TICKS - 1)).toBeNull();
    expect(talk.take('B', 11)).toBe('three');
    expect(talk.take('A', 10 + MIN_GAP_TICKS)).toBe('two');
  });

  it('drops news older than STALE_TICKS and stops an agent at MAX_LINES', () => {
    const talk = new TeamTalk();
    talk.tell('A', 'old', 'old news', 0);
    expect(talk.take('A', STALE_TICKS + 1)).toBeNull();
    for (let i = 0; i < MAX_LINES + 3; i++) talk.tell('B', `k${i}`, `line ${i}`, i * MIN_GAP_TICKS);
    const said: string[] = [];
    for (let i = 0; i < MAX_LINES + 3; i++) {
      const line = talk.take('B', i * MIN_GAP_TICKS);
      if (line) said.push(line);
    }
    expect(said).toHaveLength(MAX_LINES);
    expect(said[0]).toBe('line 0');
  });
});
