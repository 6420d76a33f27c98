/**
 * The human-play page's script (served as /cuisine/app.js). It is a string in a .ts module so `npm run build` ships it
 * (tsc copies no other files); the project's TypeScript setup has no DOM types, so it is plain browser JavaScript, checked
 * by a syntax test and driven end to end by the Chromium test (test/server/cuisine-play.e2e.test.ts). It never uses
 * innerHTML: every game string goes in through textContent. Keep it free of backticks and dollar-brace sequences.
 */
export const PAGE_JS = `'use strict';
(function () {
  const token = new URLSearchParams(location.search).get('token');
  const TOOL_NAMES = {
    storage: 'ingredients & bin', servingtable: 'deliver dishes here', chopboard: 'chops, instant', blender: 'blends, +1 step',
    pan: 'sautés, +1 step', fryer: 'fries, +1 step', mixer: 'mixes, instant', pot: 'boils, +2 steps', steamer: 'steams, +2 steps',
    oven: 'bakes, +2 steps',
  };
  let view = null;
  let busy = false;
  let log = [];
  // The ingredient last picked at the storage stays selected across steps (the list is rebuilt every render).
  let lastIngredient = null;

  const byId = (id) => document.getElementById(id);

  function el(tag, props, children) {
    const e = document.createElement(tag);
    if (props) {
      for (const k of Object.keys(props)) {
        const v = props[k];
        if (v === undefined || v === null) continue;
        if (k === 'class') e.className = v;
        else if (k === 'text') e.textContent = v;
        else if (k === 'onclick') e.addEventListener('click', v);
        else e.setAttribute(k, v);
      }
    }
    for (const c of children || []) {
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
    return e;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  async function api(method, path, body) {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = 'Bearer ' + token;
    const res = await fetch(path, { method: method, headers: headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && data.error ? data.error + (data.hint ? ' (' + data.hint + ')' : '') : 'HTTP ' + res.status;
      throw new Error(msg);
    }
    return data;
  }

  function showError(err) {
    const box = byId('error');
    if (!err) { box.hidden = true; box.textContent = ''; return; }
    box.textContent = String(err.message || err);
    box.hidden = false;
  }

  function agentLabel(id) {
    return id === 'agent0' ? 'You' : 'AI ' + id.replace('agent', '');
  }

  // ---- setup ----
  async function loadLevels() {
    const levels = await api('GET', '/api/cuisine/levels');
    const select = clear(byId('level'));
    for (const l of levels) {
      const n = l.name.replace('level_', '');
      const opt = el('option', { value: n, text: 'Level ' + n + ': ' + l.dishes.join(', ') });
      if (n === '1') opt.selected = true;
      select.appendChild(opt);
    }
  }

  async function startGame(ev) {
    ev.preventDefault();
    if (busy) return;
    busy = true;
    showError(null);
    try {
      const v = await api('POST', '/api/cuisine/games', {
        level: Number(byId('level').value),
        aiAgents: Number(byId('ai-agents').value),
        ai: byId('ai-kind').value,
        alpha: Number(byId('alpha').value),
      });
      log = [];
      byId('setup').hidden = true;
      byId('end').hidden = true;
      byId('game').hidden = false;
      renderRecipes(v);
      render(v);
    } catch (err) {
      showError(err);
    } finally {
      busy = false;
    }
  }

  // ---- playing ----
  async function send(command) {
    if (busy || !view || view.done) return;
    busy = true;
    setButtonsDisabled(true);
    showError(null);
    try {
      const v = await api('POST', '/api/cuisine/games/' + view.id + '/step', { command: command, step: view.state.step });
      if (v.lastStep) log.unshift(v.lastStep);
      render(v);
    } catch (err) {
      showError(err);
      setButtonsDisabled(false);
    } finally {
      busy = false;
    }
  }

  function setButtonsDisabled(disabled) {
    for (const b of document.querySelectorAll('#game button, #game select')) b.disabled = disabled;
  }

  function render(v) {
    view = v;
    const s = v.state;
    byId('step').textContent = String(s.step);
    byId('max-steps').textContent = String(s.maxSteps);
    byId('completed').textContent = String(s.completedCount);
    byId('failed').textContent = String(s.failedCount);
    const ai = v.settings.ai ? (v.settings.agents - 1) + ' ' + v.settings.ai + ' AI' : 'playing alone';
    byId('setting').textContent = s.level + ', alpha ' + v.settings.alpha + ', ' + ai;
    renderOrders(v);
    renderYou(v);
    renderTeam(v);
    renderKitchen(v);
    renderFeedback(v);
    setButtonsDisabled(v.done);
    if (v.done) showEnd(v);
  }

  function recipeOf(v, item) {
    for (const r of v.recipes) if (r.product === item) return r;
    return null;
  }

  function renderOrders(v) {
    const ul = clear(byId('orders'));
    if (v.state.orders.length === 0) ul.appendChild(el('li', { class: 'empty', text: 'no open orders' }));
    for (const o of v.state.orders) {
      const full = v.lifetimes[o.dish] || o.lifetime || 1;
      const pct = Math.max(0, Math.min(100, Math.round((100 * o.lifetime) / full)));
      const cls = o.lifetime <= 3 ? 'urgent' : o.lifetime <= full / 2 ? 'soon' : '';
      const r = recipeOf(v, o.dish);
      const bar = el('span', {});
      bar.style.width = pct + '%';
      ul.appendChild(
        el('li', { class: cls, 'data-dish': o.dish }, [
          el('div', { class: 'dish', text: o.dish }),
          r ? el('div', { class: 'needs', text: r.ingredients.join(' + ') + ' in ' + r.tool }) : null,
          el('div', { class: 'life' }, [el('div', { class: 'bar' }, [bar]), el('span', { class: 'left', text: o.lifetime + ' steps left' })]),
        ]),
      );
    }
  }

  function renderYou(v) {
    const me = v.state.agents[0];
    const p = clear(byId('you-status'));
    p.appendChild(document.createTextNode('At '));
    p.appendChild(el('b', { text: me.at }));
    p.appendChild(document.createTextNode(', holding '));
    p.appendChild(me.holding ? el('span', { class: 'held', id: 'holding', text: me.holding }) : el('span', { id: 'holding', class: 'empty', text: 'nothing' }));
    p.appendChild(document.createTextNode('.'));
  }

  function renderTeam(v) {
    const ul = clear(byId('team'));
    const last = v.lastStep;
    v.state.agents.forEach((a, i) => {
      const cmd = last ? last.commands[i] : null;
      const okMark = last ? (last.success[i] ? '' : ' (failed)') : '';
      ul.appendChild(
        el('li', {}, [
          el('span', { class: 'who', text: agentLabel(a.id) + ' (' + a.id + ')' }),
          ': at ' + a.at + ', holding ',
          el('b', { text: a.holding || 'nothing' }),
          cmd ? el('span', { class: 'last', text: 'last: ' + cmd + okMark }) : null,
        ]),
      );
    });
  }

  function choiceButton(choice, label) {
    const b = el('button', {
      type: 'button',
      class: 'act' + (choice.ok ? '' : ' would-fail'),
      'data-command': choice.command,
      title: choice.ok ? choice.command : 'will fail: ' + choice.reason,
      text: label,
      onclick: () => send(choice.command),
    });
    return b;
  }

  function renderKitchen(v) {
    const box = clear(byId('kitchen'));
    const you = v.you;
    const choices = you.choices;
    for (const loc of v.state.locations) {
      const here = you.at === loc.id;
      const agentsHere = v.state.agents.filter((a) => a.at === loc.id);
      const contents = el('div', { class: 'contents' });
      if (loc.type === 'storage') contents.appendChild(el('span', { class: 'empty', text: 'every base ingredient; put items here to throw them away' }));
      else if (loc.contents.length === 0) contents.appendChild(el('span', { class: 'empty', text: 'empty' }));
      for (const c of loc.contents) contents.appendChild(el('span', { class: 'chip' + (loc.cooked ? ' cooked' : ''), text: c }));
      let stateText = '';
      let stateCls = 'state';
      if (loc.occupied > 0) { stateText = 'busy for ' + loc.occupied + ' more step' + (loc.occupied > 1 ? 's' : ''); stateCls += ' busy'; }
      else if (loc.cooked && loc.contents.length > 0) { stateText = 'ready to take out'; stateCls += ' ready'; }
      else if (loc.type !== 'storage' && loc.type !== 'servingtable' && loc.contents.length > 0) stateText = 'waiting to be activated';
      const actions = el('div', { class: 'actions' });
      if (!here) {
        const go = choices.find((c) => c.verb === 'goto' && c.target === loc.id);
        if (go) actions.appendChild(choiceButton(go, 'Go here'));
      } else if (loc.type === 'storage') {
        const gets = choices.filter((c) => c.verb === 'get' && c.target === loc.id);
        const select = el('select', { id: 'ingredient', 'aria-label': 'ingredient to take' });
        const inLevel = el('optgroup', { label: 'used in this level' });
        const other = el('optgroup', { label: 'other ingredients' });
        for (const g of gets) (you.levelIngredients.indexOf(g.item) >= 0 ? inLevel : other).appendChild(el('option', { value: g.item, text: g.item }));
        select.appendChild(inLevel);
        select.appendChild(other);
        if (lastIngredient && gets.some((g) => g.item === lastIngredient)) select.value = lastIngredient;
        select.addEventListener('change', () => { lastIngredient = select.value; });
        const canGet = gets.length > 0 && gets[0].ok;
        const take = el('button', {
          type: 'button', id: 'take-from-storage', class: 'act' + (canGet ? '' : ' would-fail'), text: 'Take',
          title: canGet ? 'take the chosen ingredient' : 'will fail: ' + (gets[0] ? gets[0].reason : ''),
          onclick: () => { lastIngredient = select.value; send('get_agent0_' + select.value + '_' + loc.id); },
        });
        actions.appendChild(select);
        actions.appendChild(take);
        const put = choices.find((c) => c.verb === 'put' && c.target === loc.id);
        if (put && you.holding) actions.appendChild(choiceButton(put, 'Throw away ' + you.holding));
        if (!canGet && gets[0]) actions.appendChild(el('span', { class: 'why', text: gets[0].reason }));
      } else {
        const labels = { get: 'Take out', put: you.holding ? 'Put ' + you.holding + ' in' : 'Put in', activate: 'Activate' };
        if (loc.type === 'servingtable') labels.put = you.holding ? 'Serve ' + you.holding : 'Serve';
        const reasons = [];
        for (const c of choices) {
          if (c.target !== loc.id || c.verb === 'goto') continue;
          actions.appendChild(choiceButton(c, labels[c.verb]));
          if (!c.ok) reasons.push(labels[c.verb] + ': ' + c.reason);
        }
        for (const r of reasons) actions.appendChild(el('span', { class: 'why', text: r }));
      }
      const badges = el('div', {}, agentsHere.map((a) => el('span', { class: 'badge ' + (a.id === 'agent0' ? 'you' : 'ai'), text: agentLabel(a.id) + (a.holding ? ': ' + a.holding : '') })));
      box.appendChild(
        el('div', { class: 'loc' + (here ? ' here' : ''), 'data-loc': loc.id }, [
          el('div', { class: 'name' }, [loc.id, el('span', { class: 'type', text: TOOL_NAMES[loc.type] || loc.type })]),
          contents,
          stateText ? el('div', { class: stateCls, text: stateText }) : null,
          badges,
          actions,
        ]),
      );
    }
  }

  function renderFeedback(v) {
    const box = clear(byId('feedback'));
    const last = v.lastStep;
    if (!last) {
      box.appendChild(el('span', { class: 'msg info', text: 'Choose your first action: click "Go here" on the storage to fetch an ingredient.' }));
    } else {
      for (const d of last.completed) box.appendChild(el('span', { class: 'msg ok', text: 'Served ' + d + '!' }));
      for (const d of last.expired) box.appendChild(el('span', { class: 'msg', text: 'Order ran out: ' + d }));
      for (const f of last.feedback) box.appendChild(el('span', { class: 'msg', text: f }));
      for (const f of last.suggestions) box.appendChild(el('span', { class: 'msg info', text: 'Suggestion: ' + f }));
      if (box.childNodes.length === 0) box.appendChild(el('span', { class: 'msg info', text: 'Step ' + (last.step + 1) + ' done: every command worked.' }));
    }
    const ol = clear(byId('log'));
    for (const entry of log.slice(0, 60)) {
      const parts = [el('b', { text: 'Step ' + (entry.step + 1) + ': ' })];
      entry.commands.forEach((c, i) => {
        parts.push(el('span', { class: 'cmd' + (entry.success[i] ? '' : ' fail'), text: c + (entry.success[i] ? '' : ' ✗') }));
        parts.push(' ');
      });
      for (const d of entry.completed) parts.push(el('span', { text: ' served ' + d + '.' }));
      for (const d of entry.expired) parts.push(el('span', { class: 'fail', text: ' ' + d + ' ran out.' }));
      ol.appendChild(el('li', {}, parts));
    }
  }

  function renderRecipes(v) {
    const ul = clear(byId('recipes'));
    const dishes = v.dishes;
    for (const r of v.recipes) {
      const isDish = dishes.indexOf(r.product) >= 0;
      ul.appendChild(
        el('li', { class: isDish ? 'dish' : '' }, [
          el('span', { class: 'product', text: r.product }),
          ' = ' + r.ingredients.join(' + ') + ' in ',
          el('span', { class: 'tool', text: r.tool }),
        ]),
      );
    }
  }

  // ---- end of the episode ----
  function showEnd(v) {
    const end = byId('end');
    if (!end.hidden && end.getAttribute('data-game') === v.id) return;
    end.setAttribute('data-game', v.id);
    const sc = v.score;
    byId('result').textContent = 'You served ' + sc.completed + ' order' + (sc.completed === 1 ? '' : 's') + ', ' + sc.failed +
      ' ran out and ' + sc.open + ' were still open. Success rate ' + Math.round(sc.successRate * 100) + '%.';
    const qs = clear(byId('questions'));
    for (const q of v.survey.questions) {
      const fs = el('fieldset', { class: 'question', 'data-question': q.id }, [el('legend', { text: q.text })]);
      for (let n = 1; n <= 5; n++) {
        const input = el('input', { type: 'radio', name: q.id, value: String(n), id: q.id + '-' + n, required: 'required' });
        fs.appendChild(el('label', { for: q.id + '-' + n }, [input, ' ' + n + (n === 1 ? ' disagree' : n === 5 ? ' agree' : '')]));
      }
      qs.appendChild(fs);
    }
    byId('survey-form').hidden = v.survey.answered;
    byId('stored').hidden = true;
    byId('again').hidden = !v.survey.answered;
    byId('submit-survey').disabled = false;
    end.hidden = false;
    end.scrollIntoView({ behavior: 'auto', block: 'start' });
  }

  async function submitSurvey(ev) {
    ev.preventDefault();
    if (busy || !view) return;
    const body = {};
    for (const q of view.survey.questions) {
      const checked = document.querySelector('input[name="' + q.id + '"]:checked');
      if (!checked) { showError(new Error('please answer: ' + q.text)); return; }
      body[q.id] = Number(checked.value);
    }
    const comment = byId('comment').value.trim();
    if (comment) body.comment = comment;
    busy = true;
    byId('submit-survey').disabled = true;
    showError(null);
    try {
      const r = await api('POST', '/api/cuisine/games/' + view.id + '/survey', body);
      byId('survey-form').hidden = true;
      const stored = byId('stored');
      stored.textContent = 'Thank you! Your game and answers were saved as ' + r.storedAs + '.';
      stored.hidden = false;
      byId('again').hidden = false;
    } catch (err) {
      showError(err);
      byId('submit-survey').disabled = false;
    } finally {
      busy = false;
    }
  }

  function playAgain() {
    view = null;
    byId('end').hidden = true;
    byId('game').hidden = true;
    byId('setup').hidden = false;
    byId('comment').value = '';
  }

  byId('setup-form').addEventListener('submit', startGame);
  byId('survey-form').addEventListener('submit', submitSurvey);
  byId('again').addEventListener('click', playAgain);
  byId('wait').addEventListener('click', () => send('noop_agent0'));
  loadLevels().catch(showError);
})();
`;
