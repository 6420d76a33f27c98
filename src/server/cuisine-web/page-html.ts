/**
 * The human-play page's HTML. Kept as a string in a .ts module so `npm run build` ships it in dist/ (tsc copies no
 * other files). Everything dynamic is filled in by app.js from the JSON API; this is only the frame.
 */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CuisineWorld: cook with AI teammates</title>
<link rel="stylesheet" href="/cuisine/style.css">
</head>
<body>
<header class="top">
  <h1>CuisineWorld</h1>
  <span class="subtitle">a kitchen game for one person and up to three AI cooks (after MindAgent)</span>
</header>
<div id="error" class="error" role="alert" hidden></div>
<main>
<section id="setup" class="panel setup">
  <h2>New game</h2>
  <form id="setup-form">
    <label>Level <select id="level" name="level"></select></label>
    <label>AI teammates
      <select id="ai-agents" name="aiAgents">
        <option value="0">none: play alone</option>
        <option value="1" selected>1</option>
        <option value="2">2</option>
        <option value="3">3</option>
      </select>
    </label>
    <label>AI kind
      <select id="ai-kind" name="ai">
        <option value="heuristic" selected>planner (plans around you)</option>
        <option value="random">random (valid but aimless actions)</option>
      </select>
    </label>
    <label>Order pace (alpha)
      <select id="alpha" name="alpha">
        <option value="1">1.0: many orders, short deadlines</option>
        <option value="1.5">1.5</option>
        <option value="2">2.0</option>
        <option value="2.2" selected>2.2 (default)</option>
        <option value="2.5">2.5</option>
        <option value="3">3.0: few orders, long deadlines</option>
      </select>
    </label>
    <button type="submit" id="start" class="primary">Start cooking</button>
  </form>
  <div class="howto">
    <h3>How to play</h3>
    <ul>
      <li>You are <b>agent0</b>. The game runs in 60 steps; in each step every cook does one thing: go somewhere, take an item,
        put the item they hold into a tool, activate a tool, or wait. The step moves on when you choose your action.</li>
      <li>You hold one item at a time. Take base ingredients from the <b>storage</b>, put them into the right tool, and
        <b>activate</b> it when its contents match a recipe exactly. Take the product out and carry it on.</li>
      <li>Blender, pan and fryer stay busy 1 more step after activating; pot, steamer and oven 2 more; chopboard and mixer none.</li>
      <li>Bring finished dishes to the <b>serving table</b> before the order's time runs out. An item that fits no recipe is
        refused by a tool; put it into the storage to throw it away.</li>
      <li>AI teammates see what you chose and act right after you in the same step.</li>
    </ul>
  </div>
</section>

<section id="end" class="panel end" hidden>
  <h2>Episode over</h2>
  <p id="result" class="result"></p>
  <form id="survey-form">
    <p>How much do you agree? (1 = strongly disagree, 5 = strongly agree)</p>
    <div id="questions"></div>
    <label class="comment">Anything else? (optional)
      <textarea id="comment" name="comment" rows="3" maxlength="2000"></textarea>
    </label>
    <button type="submit" id="submit-survey" class="primary">Send answers</button>
  </form>
  <p id="stored" class="stored" hidden></p>
  <button type="button" id="again" hidden>Play again</button>
</section>

<section id="game" hidden>
  <div class="status panel" id="status">
    <span class="stat">Step <b id="step">0</b> / <b id="max-steps">60</b></span>
    <span class="stat good">Served <b id="completed">0</b></span>
    <span class="stat bad">Failed <b id="failed">0</b></span>
    <span class="stat" id="setting"></span>
  </div>
  <div class="columns">
    <div class="col">
      <section class="panel">
        <h2>Orders</h2>
        <ul id="orders" class="orders"></ul>
      </section>
      <section class="panel you" id="you-panel">
        <h2>You (agent0)</h2>
        <p id="you-status"></p>
        <button type="button" id="wait" data-command="noop_agent0">Wait one step</button>
      </section>
      <section class="panel">
        <h2>Team</h2>
        <ul id="team" class="team"></ul>
      </section>
    </div>
    <div class="col wide">
      <section class="panel">
        <h2>Kitchen</h2>
        <div id="kitchen" class="kitchen"></div>
      </section>
      <section class="panel">
        <h2>Last step</h2>
        <div id="feedback" class="feedback"></div>
        <ul id="log" class="log"></ul>
      </section>
    </div>
    <div class="col">
      <section class="panel">
        <h2>Recipes</h2>
        <ul id="recipes" class="recipes"></ul>
      </section>
    </div>
  </div>
</section>

</main>
<script src="/cuisine/app.js"></script>
</body>
</html>
`;
