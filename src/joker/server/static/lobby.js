// The lobby: open tables (refreshed every few seconds) and the form that creates a table.
"use strict";

const $ = (id) => document.getElementById(id);

function renderTables(tables) {
  const box = clear($("tables"));
  if (!tables.length) { box.append(h("p", { class: "muted", text: T("lobby_empty") })); return; }
  // on a phone each table is a card of labelled lines (style.css: table.stack)
  const rows = tables.map((t) => h("tr", {},
    h("td", { "data-label": T("col_table") }, h("a", { href: "/t/" + t.id, text: t.id })),
    h("td", { class: "small", "data-label": T("col_rules"), title: t.rules, text: t.rules_label || t.rules }),
    h("td", { "data-label": T("col_players"), text: seatNames(t.seats).map((n, i) => (t.seats[i].kind === "open" ? "·" : n)).join(", ") }),
    h("td", { "data-label": T("col_status"), text: t.status === "waiting" ? (t.open ? T("open_seats", { n: t.open }) : T("status_full")) :
      t.deal != null ? T("deal_of", { deal: t.deal, deals: t.deals }) :
      t.bouts != null ? T("game_progress", { game: t.game_number, games: t.games, bout: t.bouts + 1 }) : T("status_" + t.status) }),  // a game without deals: its status
    h("td", { class: "actions" }, h("a", { class: "button" + (t.status === "waiting" && t.open ? " primary" : ""), href: "/t/" + t.id,
      text: t.status === "waiting" && t.open ? T("join") : T("watch") }))));
  box.append(h("div", { class: "scroll" }, h("table", { class: "list stack" },
    h("thead", {}, h("tr", {}, h("th", { text: T("col_table") }), h("th", { text: T("col_rules") }),
      h("th", { text: T("col_players") }), h("th", { text: T("col_status") }), h("th"))),
    h("tbody", {}, rows))));
}

async function refresh() {
  try { renderTables(await api("GET", "/api/tables")); } catch (e) { /* keep the last list */ }
}

// The games offered (their plug-ins' lobby data); the chosen one's presets, options and bots.
const GAMES = J.games && J.games.length ? J.games : [{ name: "joker", presets: J.presets, bots: J.bots }];
function gameOf() { return GAMES.find((g) => g.name === $("c-game").value) || GAMES[0]; }
function presetOf(name) { const g = gameOf(); return g.presets.find((p) => p.name === name) || g.presets[0]; }
function hasOptions() { return !!gameOf().options; }  // a game with named options (Durak, RULES.md §13)
let canonical = { rules: "", players: 0 };

function playersWanted() {
  if (hasOptions() && !$("c-rules").value.trim()) return Number($("c-players").value);
  return canonical.players || presetOf($("c-preset").value).players;
}

// a seat's choices: a bot of each level (a game with levels) or of each name, or a person
function seatChoices(g) {
  // each bot once, by its level's name (joker.bots.offered, joker.i18n.names)
  const bots = (g.levels || g.bots).map((b) => h("option", { value: "bot:" + b, text: T("seat_bot", { level: botName(b) }) }));
  return [...bots, h("option", { value: "human", text: T("seat_human") })];
}

function renderSeats() {
  const g = gameOf();
  const n = playersWanted();
  const box = $("c-seats");
  const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  clear(box);
  for (let i = 0; i < n; i++) {
    if (i === 0) { box.append(h("div", { class: "seat-row" }, h("b", { text: T("seat_n", { n: 1 }) + ": " }), T("seat_you"))); continue; }
    const sel = h("select", { id: "c-seat-" + i, "aria-label": T("seat_n", { n: i + 1 }) }, seatChoices(g));
    const dflt = "bot:" + (g.levels || g.bots)[0];  // the weakest level: easy
    sel.value = old[i - 1] || dflt;
    if (!sel.value) sel.value = dflt;
    box.append(h("div", { class: "seat-row" }, h("label", {}, T("seat_n", { n: i + 1 }) + ": ", sel)));
  }
}

// the named options of a game that has them: a select per option, a number for a range
function renderOptions() {
  const g = gameOf();
  const box = clear($("c-options"));
  (g.options || []).forEach((o) => {
    const field = o.values
      ? h("select", { id: "c-opt-" + o.name, dataset: { option: o.name } }, o.values.map((v) => h("option", { value: v, title: String(v), text: typeof v === "number" ? String(v) : ruleName("value_" + v) })))
      : h("input", { id: "c-opt-" + o.name, type: "number", min: o.min, max: o.max, value: o.default, dataset: { option: o.name } });
    field.value = String(o.default);
    const label = ruleName("rule_" + o.name);
    // the page's words only; the option's name in the rules string is the tooltip
    box.append(h("label", { title: o.name }, label.charAt(0).toUpperCase() + label.slice(1), field));
  });
  const pl = clear($("c-players"));
  const p = presetOf($("c-preset").value);
  for (let n = p.min_players || p.players; n <= (p.max_players || p.players); n++) pl.append(h("option", { value: n, text: String(n) }));
  pl.value = String(p.players);
}

function rulesText() {
  const text = $("c-rules").value.trim();
  if (text) return text;
  const preset = $("c-preset").value;
  if (hasOptions()) {
    const set = [];
    if (Number($("c-players").value) !== presetOf(preset).players) set.push("players=" + $("c-players").value);
    gameOf().options.forEach((o) => {
      const v = $("c-opt-" + o.name).value;
      if (v !== "" && v !== String(o.default)) set.push(o.name + "=" + v);
    });
    return set.length ? preset + "(" + set.join(",") + ")" : preset;
  }
  const schedule = $("c-schedule").value.trim().replace(/\s+/g, "");
  return schedule ? preset + "(schedule='" + schedule + "')" : preset;
}

// the rules string as the server writes it (its canonical form), or why it is wrong
let asked = 0;
async function showRules() {
  const n = ++asked;
  try {
    const r = await api("GET", "/api/rules?game=" + encodeURIComponent(gameOf().name) + "&text=" + encodeURIComponent(rulesText()));
    if (n !== asked) return;
    canonical = r;
    $("c-canonical").textContent = r.rules;
    $("c-error").textContent = "";
  } catch (err) {
    if (n !== asked) return;
    $("c-canonical").textContent = "";
    $("c-error").textContent = err.message;
  }
  renderSeats();
}

function chooseGame() {
  const g = gameOf();
  // the preset's name alone, so the longest fits a phone; its player count is said beside it
  // (a game with a players' select, Durak, says it there)
  clear($("c-preset")).append(...g.presets.map((p) => h("option", { value: p.name, text: presetName(p.name) })));
  $("c-schedule-box").hidden = hasOptions();
  renderStalling();
  $("c-durak-box").hidden = !hasOptions();
  $("c-rules").placeholder = hasOptions() ? g.presets[0].name + "(players=3)" : "bus-angeles(schedule='1,9,1')";
  renderOptions();
  renderPlayers();
  renderSeats();
  showRules();
}

// the stalling dot is voted once a turn's time is up: offered only with a turn timer (and not in Durak)
function timerOn() { return Number($("c-timer").value || 0) > 0; }
function renderStalling() { $("c-stalling-box").hidden = hasOptions() || !timerOn(); }

// the chosen preset's player count, beside its select (not for a game with a players' select)
function renderPlayers() {
  $("c-preset-players").textContent = hasOptions() ? "" : T("players_n", { n: presetOf($("c-preset").value).players });
}

GAMES.forEach((g) => $("c-game").append(h("option", { value: g.name, text: T("game_" + g.name) })));
$("c-game").addEventListener("change", chooseGame);
$("c-preset").addEventListener("change", () => { if (hasOptions()) renderOptions(); renderPlayers(); renderSeats(); showRules(); });
$("create").addEventListener("input", (e) => { if (!/^c-(name|seed|seat-|timer)/.test(e.target.id)) showRules(); });
$("c-timer").addEventListener("input", renderStalling);
$("c-name").value = localStorage.getItem("joker.name") || "";
chooseGame();
renderTables(J.tables || []);
setInterval(refresh, 5000);

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("c-error").textContent = "";
  const n = playersWanted();
  const seats = ["human"];
  for (let i = 1; i < n; i++) seats.push($("c-seat-" + i).value);
  const body = {
    name: $("c-name").value, game: gameOf().name, rules: rulesText(), seats: seats, host_seat: 0,
    turn_seconds: Number($("c-timer").value || 0), stalling_dot: !hasOptions() && timerOn() && $("c-stalling").checked,
    public: $("c-public").checked, seed: $("c-seed").value.trim() || null,
    spectator_chat: $("c-spectator-chat").value,
  };
  try {
    const r = await api("POST", "/api/tables", body);
    localStorage.setItem("joker.name", body.name);
    localStorage.setItem("joker.seat." + r.table, r.token);
    location.href = r.url;
  } catch (err) {
    $("c-error").textContent = err.message;
  }
});
