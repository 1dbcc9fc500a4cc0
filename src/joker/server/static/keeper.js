// The scorekeeper's front page: the game day, games, a new game, players, the cup, statistics.
"use strict";

const K = J.keeper;
const $ = (id) => document.getElementById(id);

function gameLine(g) {
  return h("li", {}, h("a", { href: "/keeper/game/" + g.id, text: T("game_n", { id: g.id }) }),
    " · " + g.date + " · " + g.players.join(", ") + " · " + g.played + "/" + g.deals + " · ",
    h("span", { class: "badge", text: T("game_state_" + g.state) }),
    g.played ? " · " + g.totals.join(" / ") : "");
}

function renderDay() {
  const box = clear($("k-day"));
  if (K.day) {
    box.append(h("p", { text: T("day_open", { date: K.day.date }) }));
    const pick = h("select", { id: "k-pick", hidden: true, "aria-label": T("keeper_pick") });
    const btn = h("button", { type: "button", id: "k-day-end", text: T("day_end"), onclick: async () => {
      try {
        const r = await keeperApi("/api/keeper/days/end", { keeper_pick: pick.hidden ? null : pick.value });
        toast(r.cup);
        setTimeout(() => location.reload(), 1500);
      } catch (e) {
        toast(e.message, "error");
        if (e.data && e.data.tied) {
          clear(pick);
          e.data.tied.forEach((n) => pick.append(h("option", { value: n, text: n })));
          pick.hidden = false;
          pick.title = T("keeper_pick");
        }
      }
    } });
    box.append(h("div", { class: "row" }, btn, pick));
  } else {
    const last = K.last_day;
    box.append(h("p", { class: "muted", text: last && last.ended ? T("day_last_ended", { date: last.date, cup: last.cup }) : T("day_none") }));
    const buttons = h("div", { class: "row" }, h("button", { type: "button", id: "k-day-start", text: T("day_start"), onclick: async () => {
      try { await keeperApi("/api/keeper/days/start"); location.reload(); } catch (e) { toast(e.message, "error"); }
    } }));
    if (last && last.ended) {
      // the ledger's `day reopen`: the cup decision is cleared until the day ends again
      buttons.append(h("button", { type: "button", id: "k-day-reopen", text: T("day_reopen"), onclick: async () => {
        if (!confirm(T("day_reopen_confirm", { date: last.date }))) return;
        try { await keeperApi("/api/keeper/days/reopen", { date: last.date }); location.reload(); } catch (e) { toast(e.message, "error"); }
      } }));
    }
    box.append(buttons);
  }
}

function renderGames() {
  const open = clear($("k-open"));
  open.append(K.open.length ? h("ul", { class: "plain" }, K.open.map(gameLine)) : h("p", { class: "muted", text: T("no_games") }));
  const recent = clear($("k-recent"));
  recent.append(K.recent.length ? h("ul", { class: "plain" }, K.recent.map(gameLine)) : h("p", { class: "muted", text: T("no_games") }));
}

function presetOf(name) { return J.presets.find((p) => p.name === name) || J.presets[0]; }

function renderNewGame() {
  const p = presetOf($("k-preset").value);
  $("k-preset-players").textContent = T("players_n", { n: p.players });
  const box = $("k-players");
  const old = Array.from(box.querySelectorAll("input")).map((i) => i.value);
  clear(box);
  for (let i = 0; i < p.players; i++) {
    box.append(h("label", { class: "seat-row" }, T("seat_n", { n: i + 1 }) + " ",
      h("input", { id: "k-player-" + i, list: "k-names", maxlength: 40, required: true, value: old[i] || "", "aria-label": T("seat_n", { n: i + 1 }) })));
  }
  // the API counts seats from 0 (seat 1 is 0); the rules' first dealer (presets) is a seat number from 1
  const dl = clear($("k-dealer"));
  if (p.first_dealer !== null) dl.append(h("option", { value: "", text: T("rules_default") + " (" + T("seat_n", { n: p.first_dealer }) + ")" }));
  for (let i = 0; i < p.players; i++) dl.append(h("option", { value: i, text: T("seat_n", { n: i + 1 }) }));
}

function renderRoster() {
  const names = clear($("k-names"));
  K.players.forEach((p) => names.append(h("option", { value: p.name })));
  const box = clear($("k-roster"));
  box.append(h("ul", { class: "plain roster" }, K.players.map((p) => h("li", {},
    h("label", { class: "check" }, h("input", { type: "checkbox", checked: p.core, onchange: async (e) => {
      try { await keeperApi("/api/keeper/players/core", { name: p.name, core: e.target.checked }); } catch (err) { toast(err.message, "error"); }
    } }), " " + p.name + " ", h("span", { class: "muted small", text: p.core ? T("core") : T("guest") }))))));
}

function renderCup() {
  const box = clear($("k-cup"));
  const c = K.cup;
  if (!c.dates.length) { box.append(h("p", { class: "muted", text: T("cup_none") })); return; }
  const last = c.dates.length - 1;
  const order = c.players.slice().sort((a, b) => c.cumulative[a][last] - c.cumulative[b][last]);
  box.append(h("table", { class: "list" }, h("thead", {}, h("tr", {}, h("th", { text: T("player") }), h("th", { text: T("cup_points") }))),
    h("tbody", {}, order.map((p) => h("tr", {}, h("td", {}, p, c.holders[last] === p ? [" ", icon("trophy", T("icon_cup_holder"))] : null), h("td", { text: c.cumulative[p][last] }))))));
  box.append(h("img", { src: "/keeper/cup.svg", alt: T("cup"), class: "chart", loading: "lazy" }));
}

function renderStats() {
  const box = clear($("k-stats"));
  // no finished game yet (the roster alone makes rows of zeros): say so instead of an empty table
  if (!K.stats.some((s) => s.games > 0)) { box.append(h("p", { id: "k-stats-none", class: "muted", text: T("stats_none") })); return; }
  const cols = ["games_n", "wins", "mean_place", "cup_points", "cups", "made_share", "fines", "dots", "slaps"];
  const keys = ["games", "wins", "mean_place", "cup_points", "cups", "made_share", "fines", "dots", "slaps"];
  box.append(h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", { text: T("player") }), cols.map((c) => h("th", { text: T(c) })))),
    h("tbody", {}, K.stats.map((s) => h("tr", {}, h("td", { text: s.name }),
      keys.map((k) => h("td", { text: s[k] === null ? "–" : s[k] + (k === "made_share" ? "%" : "") })))))));
}

// the preset's name alone, so the longest fits a phone; its player count beside it (renderNewGame)
J.presets.forEach((p) => $("k-preset").append(h("option", { value: p.name, text: presetName(p.name) })));
$("k-preset").addEventListener("change", renderNewGame);
$("k-new").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("k-error").textContent = "";
  const p = presetOf($("k-preset").value);
  const players = [];
  for (let i = 0; i < p.players; i++) players.push($("k-player-" + i).value.trim());
  const schedule = $("k-schedule").value.trim().replace(/\s+/g, "");
  const rules = schedule ? p.name + "(schedule='" + schedule + "')" : p.name;
  const fd = $("k-dealer").value;
  try {
    const g = await keeperApi("/api/keeper/games", { players: players, rules: rules,
      first_dealer: fd === "" ? null : Number(fd), add_players: $("k-guests").checked });
    location.href = "/keeper/game/" + g.id;
  } catch (err) {
    $("k-error").textContent = err.message;
  }
});
$("k-add").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await keeperApi("/api/keeper/players", { name: $("k-add-name").value, core: $("k-add-core").checked });
    location.reload();
  } catch (err) {
    toast(err.message, "error");
  }
});

renderDay();
renderGames();
renderNewGame();
renderRoster();
renderCup();
renderStats();
