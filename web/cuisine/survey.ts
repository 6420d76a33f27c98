/**
 * The end of an episode: the result, and the questionnaire the server sends with the finished game (so the page asks
 * exactly the questions the server will check). Answers are read back as the server's SurveyAnswers.
 */
import type { SurveyAnswers } from '../../src/server/cuisine/survey.js';
import { clear, el } from '../shared/dom.js';
import type { HumanGameView } from './api.js';

const LIKERT = [1, 2, 3, 4, 5] as const;

export function resultText(v: HumanGameView): string {
  const sc = v.score;
  return `You served ${sc.completed} order${sc.completed === 1 ? '' : 's'}, ${sc.failed} ran out and ${sc.open} were still open. ` +
    `Success rate ${Math.round(sc.successRate * 100)}%.`;
}

/** One fieldset of five radio buttons per question, ids `<question>-<n>`. */
export function renderQuestions(box: HTMLElement, v: HumanGameView): void {
  clear(box);
  for (const q of v.survey.questions) {
    const fs = el('fieldset', { class: 'question', 'data-question': q.id }, [el('legend', { text: q.text })]);
    for (const n of LIKERT) {
      const id = `${q.id}-${n}`;
      const input = el('input', { type: 'radio', name: q.id, value: String(n), id, required: 'required' });
      fs.appendChild(el('label', { for: id }, [input, ` ${n}${n === 1 ? ' disagree' : n === 5 ? ' agree' : ''}`]));
    }
    box.appendChild(fs);
  }
}

/** The answers, or the text of the first question left unanswered. */
export function readAnswers(form: HTMLFormElement, v: HumanGameView, comment: string): { answers: SurveyAnswers } | { missing: string } {
  const answers: SurveyAnswers = {};
  for (const q of v.survey.questions) {
    const checked = form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(q.id)}"]:checked`);
    if (!checked) return { missing: q.text };
    answers[q.id] = Number(checked.value);
  }
  if (comment) answers.comment = comment;
  return { answers };
}
