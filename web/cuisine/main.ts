/**
 * The CuisineWorld human-play page (served at /cuisine): pick a level and teammates, then play agent0 by clicking, one
 * command per step, and answer the survey at the end. All state lives on the server; this keeps the game view it last
 * received and re-renders the page from it after every answer.
 */
import { byId } from '../shared/dom.js';
import { createGame, listLevels, listTeammates, sendStep, sendSurvey, type CreateGameRequest, type HumanGameView, type HumanStepRecord } from './api.js';
import { renderKitchen, type KitchenControls } from './kitchen.js';
import { renderOrders } from './orders.js';
import { renderRecipes } from './recipes.js';
import { renderFeedback, renderLog } from './step-log.js';
import { readAnswers, renderQuestions, resultText } from './survey.js';
import { renderTeam, renderYou } from './team.js';

let view: HumanGameView | null = null;
/** True while a request is out, so a double click cannot send two commands for one step. */
let busy = false;
/** Every step of this game, newest first. */
let log: HumanStepRecord[] = [];
const kitchen: KitchenControls = { send: (command) => void send(command), lastIngredient: null };

function showError(err: unknown): void {
  const box = byId('error');
  if (err === null) {
    box.hidden = true;
    box.textContent = '';
    return;
  }
  box.textContent = err instanceof Error ? err.message : String(err);
  box.hidden = false;
}

// ---- setup ----
async function loadLevels(): Promise<void> {
  const select = byId('level', HTMLSelectElement);
  select.replaceChildren();
  for (const l of await listLevels()) {
    const n = l.name.replace('level_', '');
    const opt = new Option(`Level ${n}: ${l.dishes.join(', ')}`, n, false, n === '1');
    select.appendChild(opt);
  }
}

/** The AI kinds this server offers: the page's built-in two, and an LLM dispatcher when the server has a model. */
async function loadTeammates(): Promise<void> {
  const select = byId('ai-kind', HTMLSelectElement);
  const offers = await listTeammates();
  select.replaceChildren(...offers.map((o) => new Option(o.label, o.kind, false, o.kind === 'heuristic')));
}

async function startGame(ev: SubmitEvent): Promise<void> {
  ev.preventDefault();
  if (busy) return;
  busy = true;
  showError(null);
  try {
    const v = await createGame({
      level: Number(byId('level', HTMLSelectElement).value),
      aiAgents: Number(byId('ai-agents', HTMLSelectElement).value),
      // The select offers exactly the kinds the schema allows; the server checks it all the same.
      ai: byId('ai-kind', HTMLSelectElement).value as CreateGameRequest['ai'],
      alpha: Number(byId('alpha', HTMLSelectElement).value),
    });
    log = [];
    byId('setup').hidden = true;
    byId('end').hidden = true;
    byId('game').hidden = false;
    renderRecipes(byId('recipes'), v);
    render(v);
  } catch (err) {
    showError(err);
  } finally {
    busy = false;
  }
}

// ---- playing ----
async function send(command: string): Promise<void> {
  if (busy || !view || view.done) return;
  busy = true;
  setButtonsDisabled(true);
  showError(null);
  try {
    const v = await sendStep(view.id, { command, step: view.state.step });
    if (v.lastStep) log.unshift(v.lastStep);
    render(v);
  } catch (err) {
    showError(err);
    setButtonsDisabled(false);
  } finally {
    busy = false;
  }
}

function setButtonsDisabled(disabled: boolean): void {
  for (const b of document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('#game button, #game select')) b.disabled = disabled;
}

function render(v: HumanGameView): void {
  view = v;
  const s = v.state;
  byId('step').textContent = String(s.step);
  byId('max-steps').textContent = String(s.maxSteps);
  byId('completed').textContent = String(s.completedCount);
  byId('failed').textContent = String(s.failedCount);
  const ai = v.settings.ai ? `${v.settings.agents - 1} ${v.settings.ai} AI` : 'playing alone';
  byId('setting').textContent = `${s.level}, alpha ${v.settings.alpha}, ${ai}`;
  renderOrders(byId('orders'), v);
  renderYou(byId('you-status'), v);
  renderTeam(byId('team'), v);
  renderKitchen(byId('kitchen'), v, kitchen);
  renderFeedback(byId('feedback'), v);
  renderLog(byId('log'), log);
  setButtonsDisabled(v.done);
  if (v.done) showEnd(v);
}

// ---- end of the episode ----
function showEnd(v: HumanGameView): void {
  const end = byId('end');
  if (!end.hidden && end.dataset.game === v.id) return;
  end.dataset.game = v.id;
  byId('result').textContent = resultText(v);
  renderQuestions(byId('questions'), v);
  byId('survey-form').hidden = v.survey.answered;
  byId('stored').hidden = true;
  byId('again').hidden = !v.survey.answered;
  byId('submit-survey', HTMLButtonElement).disabled = false;
  end.hidden = false;
  end.scrollIntoView({ behavior: 'auto', block: 'start' });
}

async function submitSurvey(ev: SubmitEvent): Promise<void> {
  ev.preventDefault();
  if (busy || !view) return;
  const read = readAnswers(byId('survey-form', HTMLFormElement), view, byId('comment', HTMLTextAreaElement).value.trim());
  if ('missing' in read) {
    showError(new Error(`please answer: ${read.missing}`));
    return;
  }
  busy = true;
  const submit = byId('submit-survey', HTMLButtonElement);
  submit.disabled = true;
  showError(null);
  try {
    const r = await sendSurvey(view.id, read.answers);
    byId('survey-form').hidden = true;
    const stored = byId('stored');
    stored.textContent = `Thank you! Your game and answers were saved as ${r.storedAs}.`;
    stored.hidden = false;
    byId('again').hidden = false;
  } catch (err) {
    showError(err);
    submit.disabled = false;
  } finally {
    busy = false;
  }
}

function playAgain(): void {
  view = null;
  byId('end').hidden = true;
  byId('game').hidden = true;
  byId('setup').hidden = false;
  byId('comment', HTMLTextAreaElement).value = '';
}

byId('setup-form', HTMLFormElement).addEventListener('submit', (ev) => void startGame(ev));
byId('survey-form', HTMLFormElement).addEventListener('submit', (ev) => void submitSurvey(ev));
byId('again').addEventListener('click', playAgain);
byId('wait').addEventListener('click', () => kitchen.send('noop_agent0'));
loadLevels().catch(showError);
loadTeammates().catch(showError);
