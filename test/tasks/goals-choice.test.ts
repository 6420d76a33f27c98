/**
 * The choice goal (MineLand Appendix O.1) and the confederates' scripts as a task file states them: how a choice is
 * read from what the chooser did, and what a bad script or choice says (file, line, key).
 */
import { describe, expect, it } from 'vitest';
import { choiceCountsOf, optionNamedIn } from '../../src/tasks/goals/choice.js';
import { parseTask, type LoadResult } from '../../src/tasks/load.js';
import { TaskEnv } from '../../src/tasks/task-env.js';
import { metricOf } from '../../src/runner/experiment/aggregate.js';
import type { EpisodeResult } from '../../src/runner/episode-result.js';
import type { TaskIssue } from '../../src/tasks/issues.js';
import { runtimeEpisode, taskYaml } from './sim-episode.js';

const TOWERS = `
type: choice
correct: right
options:
  right: {position: [-6, 64, 10], radius: 3, words: [right]}
  left: {position: [6, 64, 10], radius: 3, words: [left, red]}
`;

const AGENTS = `
- name: Ada
  position: [-1, 64, 0]
  script:
    - {at: 1, say: "I choose the left tower."}
    - {move_to: [6, 64, 8]}
- {name: Tess, position: [0, 64, 0]}
`;

const say = (message: string) => ({ type: 'skill' as const, name: 'say', params: { message } });

describe('choice goal: the first clear choice, from chat or from where the chooser stands', () => {
  const patterns: [string, RegExp[]][] = [
    ['left', [/(?<![a-z0-9_])left(?![a-z0-9_])/i]],
    ['right', [/(?<![a-z0-9_])right(?![a-z0-9_])/i]],
  ];

  it('a chat line chooses the one option it names, as a whole word', () => {
    expect(optionNamedIn('I choose the LEFT tower.', patterns)).toBe('left');
    expect(optionNamedIn('The left one is shorter than the right one', patterns)).toBeNull();
    expect(optionNamedIn('What a bright day, leftovers anyone?', patterns)).toBeNull();
  });

  it('reads a chat choice of the chooser only; the confederates are not choosers', async () => {
    const { runtime, step } = await runtimeEpisode(taskYaml({ type: 'choice', agents: AGENTS, success: TOWERS }));
    expect(runtime.evaluate().details).toMatchObject({ chose_correct: 0, undecided: 1, choices: { Tess: null } });
    await step(1, { Ada: say('I choose the right tower') });
    expect(runtime.evaluate().details).toMatchObject({ undecided: 1, choices: { Tess: null } });
    await step(1, { Tess: say('Hmm, the one on the right is taller. I choose the right tower.') });
    const r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, failed: false, score: 1 });
    expect(r.details).toMatchObject({ chose_correct: 1, chose_other: 0, correct: 'right', choices: { Tess: { option: 'right', how: 'chat' } } });
    expect(Object.keys(r.details.choices as object)).toEqual(['Tess']);
  });

  it('standing at an option chooses it; the first choice is never revised', async () => {
    const { runtime, step, player } = await runtimeEpisode(taskYaml({ type: 'choice', agents: AGENTS, success: TOWERS }));
    player('Tess').pos = { x: 5.5, y: 64, z: 8.5 };
    await step(1);
    let r = runtime.evaluate();
    expect(r).toMatchObject({ success: false, failed: true, score: 0 });
    expect(r.details).toMatchObject({ chose_correct: 0, chose_other: 1, choices: { Tess: { option: 'left', how: 'position' } } });
    await step(1, { Tess: say('No wait, the right one!') });
    player('Tess').pos = { x: -5.5, y: 64, z: 8.5 };
    await step(1);
    r = runtime.evaluate();
    expect(r.details).toMatchObject({ choices: { Tess: { option: 'left', how: 'position' } } });
    expect(choiceCountsOf(JSON.stringify({ goal: 'choice', ...r.details }))).toEqual({ correct: 0, other: 1, undecided: 0 });
  });

  it('an experiment reads the choice from the details, an episode without one as no choice made', () => {
    const row = (details: string) => ({ details, metrics: {} }) as unknown as EpisodeResult;
    const chose = (n: number) => `{"goal":"choice","chose_correct":${n},"chose_other":${1 - n},"undecided":0,"correct":"right","choices":{"Tess":{"option":"left","how":"chat","tick":4`;
    // The details text is cut at 400 characters; the counts lead, so a cut text still reads.
    expect([metricOf(row(chose(1)), 'correct_choice'), metricOf(row(chose(0)), 'correct_choice'), metricOf(row(chose(0)), 'choice_made')]).toEqual([1, 0, 1]);
    const none = row('{"goal":"choice","chose_correct":0,"chose_other":0,"undecided":1,"correct":"right","choices":{"Tess":null}}');
    expect([metricOf(none, 'correct_choice'), metricOf(none, 'choice_made')]).toEqual([null, 0]);
    expect([metricOf(row('{"goal":"harvest"}'), 'correct_choice'), metricOf(row('{"goal":"harvest"}'), 'choice_made')]).toEqual([null, null]);
  });

  it('a chat before the position of the same step counts first', async () => {
    const { runtime, step, player } = await runtimeEpisode(taskYaml({ type: 'choice', agents: AGENTS, success: TOWERS }));
    player('Tess').pos = { x: -5.5, y: 64, z: 8.5 };
    await step(1, { Tess: say('red!') });
    expect(runtime.evaluate().details).toMatchObject({ choices: { Tess: { option: 'left', how: 'chat' } } });
  });
});

function errorsOf(r: LoadResult): TaskIssue[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues.filter((i) => i.severity === 'error');
}

/** Task ids come from the file name (suite/name-vN). */
const parse = (text: string, name = 'task') => parseTask(text, { file: `test/${name}-v1.yaml` });

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('confederate scripts and choices in a task file: errors name file, line and key', () => {
  const file = (agents: string, success = TOWERS) => taskYaml({ type: 'choice', agents, success });

  it('the towers task with a confederate loads', () => {
    const r = parse(file(AGENTS), 'ok');
    expect(r.ok ? r.warnings : r.issues).toEqual([]);
    expect(r.ok && r.spec.agents.spawn[0]!.script).toEqual([
      { at: 1, say: 'I choose the left tower.' },
      { at: 0, move_to: { x: 6, y: 64, z: 8 } },
    ]);
  });

  it('a step that does two things, or nothing', () => {
    const text = file(AGENTS.replace('- {move_to: [6, 64, 8]}', '- {move_to: [6, 64, 8], say: "and talk"}'));
    const [i, ...rest] = errorsOf(parse(text, 'two'));
    expect(rest).toEqual([]);
    expect(i).toMatchObject({ file: 'test/two-v1.yaml', path: 'agents.spawn[0].script[1]', line: lineOf(text, 'and talk') });
    expect(i!.reason).toMatch(/does one thing, this one gives move_to and say/);
    const none = errorsOf(parse(file(AGENTS.replace('- {move_to: [6, 64, 8]}', '- {at: 3}')), 'none'));
    expect(none.map((x) => [x.path, x.reason])).toEqual([['agents.spawn[0].script[1]', expect.stringMatching(/give move_to, look_at or say/)]]);
  });

  it('a misspelt step key, a range without move_to, an empty script', () => {
    const text = file(AGENTS.replace('{at: 1, say:', '{at: 1, sya:'));
    const [i] = errorsOf(parse(text, 'typo'));
    expect(i).toMatchObject({ path: 'agents.spawn[0].script[0].sya', line: lineOf(text, 'sya') });
    expect(i!.reason).toMatch(/unknown key 'sya'; did you mean 'say'/);
    const range = errorsOf(parse(file(AGENTS.replace('{at: 1, say: "I choose the left tower."}', '{say: "hi", range: 2}'))));
    expect(range.map((x) => x.path)).toEqual(['agents.spawn[0].script[0].range']);
    expect(errorsOf(parse(file(AGENTS.replace(/script:\n(.*\n){2}/, 'script: []\n')))).map((x) => x.path)).toEqual(['agents.spawn[0].script']);
  });

  it('the team needs an agent of its own; a chooser must be one of them; the correct option must exist', () => {
    const all = errorsOf(parse(file('- {name: Ada, position: [0, 64, 0], script: [{say: "hi"}]}')));
    expect(all.map((x) => [x.path, x.reason])).toEqual([['agents.spawn', expect.stringMatching(/every agent has a script/)]]);
    const confederate = errorsOf(parse(file(AGENTS, `${TOWERS}choosers: [Ada]\n`)));
    expect(confederate.map((x) => [x.path, x.reason])).toEqual([['task.success.choosers[0]', expect.stringMatching(/'Ada' is a confederate/)]]);
    const wrong = errorsOf(parse(file(AGENTS, TOWERS.replace('correct: right', 'correct: middle'))));
    expect(wrong.map((x) => [x.path, x.reason])).toEqual([['task.success.correct', expect.stringMatching(/'middle' is not one of the options \(right, left\)/)]]);
  });

  it('the environment API refuses a task with confederates instead of leaving their scripts unplayed', async () => {
    await expect(TaskEnv.make('mineland-social/taller-tower-v1')).rejects.toThrow(/has confederates \(spawns with a script: Ada, Ben, .*Iris\)/);
  });
});
