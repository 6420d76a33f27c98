/**
 * Prompts of the code-as-action loop (MineLand's code actions with Voyager's iterative prompting):
 * the writer sees the goal, its body and surroundings, the skill API, skills retrieved from its
 * library, the tasks it already completed and the last attempt with its execution error or the
 * critic's verdict; the critic judges whether a finished program achieved its task.
 */
import type { ChatMessage } from '../../llm/index.js';
import type { TaskBrief } from '../../tasks/task-brief.js';
import type { SkillEntry } from './skill-library.js';

export interface LastAttempt {
  task: string;
  code: string;
  /** The execution error (`error: ReferenceError: ...`) or the critic's critique. */
  feedback: string;
  logs: readonly string[];
}

export interface WriterPromptInput {
  self: string;
  teammates: readonly string[];
  task: TaskBrief;
  skills: string;
  state: string;
  library: ReadonlyArray<SkillEntry & { score: number }>;
  completed: readonly string[];
  last: LastAttempt | null;
  attempt: number;
  maxAttempts: number;
}

const WRITER_SYSTEM = [
  'You control a Minecraft agent by writing JavaScript that calls its skills. Your program runs in a sandbox: there is no require, fetch, file system or timers; only the skill functions below, console.log and the JavaScript built-ins.',
  '',
  'Every skill is an async global taking one object of parameters, e.g. `await collect({ block: "oak_log", count: 3 })`, and returns `{ok: true, ...}` or `{ok: false, reason, details}` -- failures are returned, not thrown, so check `ok`. `say("text")` and `wait(20)` also accept the one value. 20 ticks = 1 second.',
  '',
  'Write reusable code: put the work in one async function named for what it does (camelCase, e.g. collectOakLogs), with parameters for what may vary, plus helper functions if needed, and end the program by calling it: `return await collectOakLogs(3);`. Throw an Error when the task cannot be done, so the failure is reported. Functions from your skill library are already defined: call them instead of rewriting them.',
  '',
  'Work toward the goal in small tasks, one program per task. Answer in this format:',
  'Task: <the small task this program completes now>',
  'Description: <one sentence saying what your main function does, in general terms>',
  '```javascript',
  '<the code>',
  '```',
  'If the goal is already complete, answer only: DONE',
].join('\n');

export function writerPromptMessages(input: WriterPromptInput): ChatMessage[] {
  const lib = input.library.length
    ? input.library.map((s) => `// ${s.name}: ${s.description} (solved: ${s.task})\n${s.source}`).join('\n\n')
    : '(empty)';
  const last = input.last
    ? [
        `## Your previous attempt (attempt ${input.attempt - 1} of ${input.maxAttempts}) at: ${input.last.task}`,
        '```javascript',
        input.last.code,
        '```',
        `It did not complete the task: ${input.last.feedback}`,
        ...(input.last.logs.length ? [`Console output: ${input.last.logs.slice(-10).join(' | ')}`] : []),
        'Fix the problem and write the program again.',
      ].join('\n')
    : '';
  const user = [
    `You are ${input.self}.${input.teammates.length ? ` Teammates: ${input.teammates.join(', ')}.` : ''}`,
    `Goal (${input.task.type}): ${input.task.goal}`,
    ...(input.task.guidance ? [`Guidance: ${input.task.guidance}`] : []),
    '',
    '## Skills you can call',
    input.skills,
    '',
    '## Your skill library (already defined; call them)',
    lib,
    '',
    '## Tasks completed so far',
    input.completed.join('\n') || '(none)',
    '',
    '## What you see now',
    input.state,
    ...(last ? ['', last] : []),
  ].join('\n');
  return [
    { role: 'system', content: WRITER_SYSTEM },
    { role: 'user', content: user },
  ];
}

export function criticPromptMessages(input: { goal: string; task: string; code: string; value: unknown; logs: readonly string[]; state: string }): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You are a critic who judges whether a Minecraft agent completed a task, from its state after running a program (inventory, surroundings, what the program returned and printed). Be strict: the task is complete only if the state shows it. Answer with a JSON object: {"reasoning": "...", "success": true|false, "critique": "what to do differently when success is false"}.',
    },
    {
      role: 'user',
      content: [
        `Overall goal: ${input.goal}`,
        `Task: ${input.task}`,
        '',
        'Program:',
        '```javascript',
        input.code,
        '```',
        `Returned: ${JSON.stringify(input.value) ?? 'undefined'}`,
        `Console output: ${input.logs.slice(-10).join(' | ') || '(none)'}`,
        '',
        'State now:',
        input.state,
      ].join('\n'),
    },
  ];
}
