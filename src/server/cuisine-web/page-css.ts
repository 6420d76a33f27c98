/** The human-play page's stylesheet (a string so the build ships it; see page-html.ts). */
export const PAGE_CSS = `
:root {
  --bg: #f6f4ef; --panel: #ffffff; --ink: #23201b; --muted: #7a7468; --line: #e2ddd2;
  --accent: #2f6fb3; --good: #2e8540; --bad: #c0392b; --warn: #d98c1a; --you: #2f6fb3;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; background: var(--bg); color: var(--ink); }
header.top { display: flex; align-items: baseline; gap: 14px; padding: 12px 20px; background: #2b2a27; color: #fff; }
header.top h1 { margin: 0; font-size: 22px; letter-spacing: .5px; }
header.top .subtitle { color: #cfc9bc; font-size: 14px; }
main { padding: 14px 20px 30px; max-width: 1500px; margin: 0 auto; }
h2 { font-size: 15px; margin: 0 0 8px; text-transform: uppercase; letter-spacing: .6px; color: var(--muted); }
h3 { font-size: 15px; margin: 14px 0 6px; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; margin-bottom: 12px; }
.error { background: #fdecea; color: var(--bad); border: 1px solid #f5c6c0; border-radius: 8px; padding: 10px 14px; margin: 12px 20px 0; }
button { font: inherit; border: 1px solid #c9c2b4; background: #fbfaf7; border-radius: 7px; padding: 5px 10px; cursor: pointer; color: var(--ink); }
button:hover:not(:disabled) { background: #efeadf; }
button:disabled { opacity: .5; cursor: default; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; padding: 8px 16px; font-weight: 600; }
button.primary:hover:not(:disabled) { background: #255a92; }
button.act { background: #e8f1fb; border-color: #9cc0e6; }
button.act.would-fail { background: #f4f2ee; border-color: #ddd6c8; color: var(--muted); }
select, textarea { font: inherit; padding: 4px 6px; border: 1px solid #c9c2b4; border-radius: 6px; background: #fff; }
.setup form { display: flex; flex-wrap: wrap; gap: 14px 22px; align-items: end; }
.setup label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; font-size: 14px; }
.setup label select { font-weight: normal; min-width: 220px; }
.howto { color: #444; max-width: 900px; }
.howto li { margin: 4px 0; }
.status { display: flex; flex-wrap: wrap; gap: 26px; align-items: center; font-size: 17px; }
.status .good b { color: var(--good); }
.status .bad b { color: var(--bad); }
.status #setting { color: var(--muted); font-size: 14px; margin-left: auto; }
.columns { display: grid; grid-template-columns: minmax(230px, 1fr) minmax(420px, 2.4fr) minmax(220px, 1fr); gap: 12px; align-items: start; }
@media (max-width: 1000px) { .columns { grid-template-columns: 1fr; } }
ul.orders, ul.team, ul.recipes { list-style: none; margin: 0; padding: 0; }
.orders li { border: 1px solid var(--line); border-radius: 8px; padding: 6px 8px; margin-bottom: 6px; }
.orders .dish { font-weight: 600; }
.orders .needs { color: var(--muted); font-size: 13px; }
.orders .life { display: flex; align-items: center; gap: 8px; font-size: 13px; }
.bar { flex: 1; height: 7px; background: #eee9df; border-radius: 4px; overflow: hidden; }
.bar span { display: block; height: 100%; background: var(--good); }
.orders li.soon .bar span { background: var(--warn); }
.orders li.urgent .bar span { background: var(--bad); }
.orders li.urgent { border-color: #f0b8b0; }
.empty { color: var(--muted); font-style: italic; }
.you p { margin: 0 0 8px; }
.held { display: inline-block; padding: 1px 8px; border-radius: 10px; background: #fff2cc; border: 1px solid #ecd58a; font-weight: 600; }
.team li { padding: 4px 0; border-bottom: 1px dashed var(--line); font-size: 14px; }
.team li:last-child { border-bottom: none; }
.team .who { font-weight: 600; }
.team .last { color: var(--muted); font-size: 12px; display: block; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.kitchen { display: grid; grid-template-columns: repeat(auto-fill, minmax(175px, 1fr)); gap: 10px; }
.loc { border: 1px solid var(--line); border-radius: 9px; padding: 8px 9px; background: #fdfcfa; display: flex; flex-direction: column; gap: 5px; min-height: 118px; }
.loc.here { border: 2px solid var(--you); background: #f3f8fe; }
.loc .name { font-weight: 700; }
.loc .type { color: var(--muted); font-size: 12px; margin-left: 4px; font-weight: normal; }
.loc .contents { min-height: 22px; }
.chip { display: inline-block; padding: 0 7px; margin: 1px 3px 1px 0; border-radius: 9px; background: #eef0f3; border: 1px solid #d9dde3; font-size: 13px; }
.chip.cooked { background: #e3f4e6; border-color: #a9d8b2; }
.loc .state { font-size: 12px; color: var(--muted); }
.loc .state.busy { color: var(--warn); font-weight: 600; }
.loc .state.ready { color: var(--good); font-weight: 600; }
.badge { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 8px; background: #ddd; margin-right: 3px; }
.badge.you { background: var(--you); color: #fff; }
.badge.ai { background: #8a6fb3; color: #fff; }
.loc .actions { display: flex; flex-wrap: wrap; gap: 4px; margin-top: auto; align-items: center; }
.loc .why { display: block; width: 100%; font-size: 11px; color: var(--muted); }
.feedback { margin-bottom: 8px; }
.feedback .msg { display: block; padding: 4px 8px; margin: 3px 0; border-radius: 6px; background: #fdecea; color: var(--bad); font-size: 14px; }
.feedback .msg.ok { background: #e3f4e6; color: var(--good); }
.feedback .msg.info { background: #eef3f8; color: #35506b; }
.log { list-style: none; margin: 0; padding-left: 2px; max-height: 220px; overflow-y: auto; font-size: 13px; color: #444; }
.log li { margin: 2px 0; }
.log .cmd { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
.log .fail { color: var(--bad); }
.recipes li { font-size: 13px; padding: 3px 0; border-bottom: 1px dashed var(--line); }
.recipes li.dish .product { font-weight: 700; }
.recipes .tool { color: var(--accent); }
.end { max-width: 820px; }
.result { font-size: 18px; }
.question { border: none; padding: 6px 0; margin: 0 0 4px; }
.question legend { font-weight: 600; padding: 0; }
.question label { margin-right: 14px; white-space: nowrap; }
.comment { display: flex; flex-direction: column; gap: 4px; margin: 10px 0; }
.stored { color: var(--good); font-weight: 600; }
`;
