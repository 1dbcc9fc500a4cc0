// The Durak table page (RULES.md §13): join, watch or play over the table's
// WebSocket (common.js tableSocket).  The server is the only authority: each
// message carries this seat's view (durak/web.py view_json), this page draws
// it and sends the actions of the engine's notation (8C, KC/8C, transfer:8D,
// show:9H, take, done, pass).  Texts: the web catalogue plus durak_web.
"use strict";

const TABLE_ID = J.table.id;
const $ = (id) => document.getElementById(id);

const S = {
  table: J.table, view: null, totals: null, standings: null, sheet: [], seat: null, online: J.table.seats.map((s) => s.online),
  watchers: 0, timer: null, timerAt: 0, sel: null, log: [], notice: "", noticeAt: 0, noticeBout: "",
};

// the players' names as shown (every name on this page comes from here)
function names() { return seatNames(S.table.seats).map((n, i) => n || T("seat_n", { n: i + 1 })); }
function nameOf(seat) { return seat === null || seat === undefined ? "" : names()[seat]; }

// -- what happened, in words; notices for what everyone must notice ------------------------------
// v: the view after what is said (a notice belongs to its bout)
function say(line, notice, v) {
  S.log.unshift(line);
  S.log.length = Math.min(S.log.length, 40);
  if (notice) { S.notice = line; S.noticeAt = Date.now(); S.noticeBout = boutOf(v); }
}
function boutOf(v) { return v ? v.game + ":" + v.bouts : ""; }
// a notice stays a few seconds, then fades (the log keeps it); at once when the next bout begins,
// so that a transfer or a take is not read as the new bout's
function noticeOld() { return !S.notice || Date.now() - S.noticeAt > 6000 || (!!S.view && boutOf(S.view) !== S.noticeBout); }
setInterval(() => { $("d-notice").classList.toggle("old", noticeOld()); }, 500);

// (an action's notice belongs to the bout it was played in, ``before``'s: a take that ends the bout
// at once must not be shown as the next bout's)
function describe(m, before, after) {
  say(actionWords(m.action, nameOf(m.seat), before ? before.phase : "lead", nameOf(after && after.defender)),
    m.what === "transfer" || m.what === "show" || m.what === "take", before || after);
  if (!before || !after || before.game !== after.game) return;
  after.prikups.forEach((n, s) => { if (before.prikups[s] > 0 && n === 0) say(T("ev_prikup", { name: nameOf(s) }), true, after); });
  if (before.hidden === null && after.hidden !== null) {
    say(isJoker(after.hidden) ? T("ev_hidden_joker", { card: cardWords(after.hidden) })
      : T("ev_hidden", { card: cardWords(after.hidden), suit: suitSym(after.trump) }), true, after);
  }
  after.roles.forEach((r, s) => { if (r === "out" && before.roles[s] !== "out") say(T("ev_out", { name: nameOf(s) })); });
}

// a game of a series ended and the next begins: said once, as a notice (the series' end is said by the end panel)
function gameDone(g, v) {
  const vals = { game: g.game, games: v.games, next: g.game + 1, name: nameOf(g.fool) };
  say(T(g.fool === null ? "ev_draw_next" : "ev_fool_next", vals), true, v);
}

// -- the connection -----------------------------------------------------------------------------
const conn = tableSocket(TABLE_ID, {
  status: (text) => { $("conn").textContent = text; },
  welcome: (m) => { S.seat = m.seat; },
  snapshot: (m) => {
    botNotice(m, nameOf);
    S.table = m.table;
    S.view = m.view || null;
    S.totals = m.totals || null;
    S.standings = m.standings || null;
    S.sheet = m.sheet || [];
    S.timer = m.timer; S.timerAt = Date.now();
    S.sel = null;
    render();
  },
  event: (m) => {
    botNotice(m, nameOf);
    if (m.table) S.table = m.table;
    if (m.totals) S.totals = m.totals;
    if (m.sheet) S.sheet = m.sheet;  // how each finished game ended (durak/web.py game_ends)
    if (m.kind === "action") {
      describe(m, S.view, m.view);
      if (m.game_done && !m.game_over) gameDone(m.game_done, m.view || S.view);
      if (m.game_over) { S.standings = m.game_over.standings; S.notice = ""; }  // the end panel says it now
      S.timer = null;
      S.sel = null;
    }
    if (m.view) S.view = m.view;
    if (m.kind === "seats" && m.what === "leave" && m.seat === S.seat) { S.seat = null; conn.forget(); }
    render();
  },
  message: (m) => {
    botNotice(m, nameOf);
    if (m.type === "presence") { S.online = m.online; S.watchers = m.watchers; render(); }
    else if (m.type === "timer") { S.timer = m.timer; S.timerAt = Date.now(); renderTimer(); }
    else if (m.type === "error" && !Social.owns(m)) {
      toast(T("error") + ": " + refusal(m, S.table && names()), "error");
    }
  },
  any: (m) => Social.message(m, S),
});
Social.attach((msg) => conn.send(msg), (t) => conn.use(t));

function act(a) { S.sel = null; conn.send({ type: "act", action: a }); }

// -- rendering ----------------------------------------------------------------------------------
function render() {
  document.body.dataset.seq = String(conn.seq());  // the last event shown (for tests and bug reports)
  const playing = S.table.status !== "waiting";
  document.body.classList.toggle("at-table", playing); // the invite row steps aside while playing (style.css)
  $("lobby-panel").hidden = playing;
  $("game").hidden = !playing;
  if (!playing) renderWaiting();
  else if (S.view) renderGame(S.view);
  renderSeatActions();
}

function badges(i) {
  const s = S.table.seats[i];
  if (s.kind === "open") return [h("span", { class: "badge off", text: T("open_seat") })];
  const out = [];
  if (s.kind === "bot") out.push(h("span", { class: "badge bot", text: T("bot") + " · " + botName(s.bot) }));
  else if (s.takeover) out.push(h("span", { class: "badge bot", text: T("taken_over", { name: s.name }) }));
  else out.push(h("span", { class: "badge " + (S.online[i] ? "on" : "off"), text: T(S.online[i] ? "online" : "away") }));
  if (i === S.table.host_seat && s.kind === "human") out.unshift(h("span", { class: "badge", text: T("host") }));
  return out;
}

function renderWaiting() {
  const box = clear($("waiting"));
  box.append(h("ul", { class: "plain seats" }, S.table.seats.map((s, i) => h("li", { class: i === S.seat ? "me" : "" },
    h("b", { text: T("seat_n", { n: i + 1 }) + ": " }), s.kind === "open" ? "" : names()[i] + " ", badges(i)))));
  const open = S.table.seats.flatMap((s, i) => (s.kind === "open" ? [i] : []));
  $("join-box").hidden = S.seat !== null || !open.length;
  const sel = $("j-seat");
  if (sel.dataset.filled !== open.join(",")) {
    clear(sel).append(h("option", { value: "", text: T("any_seat") }), ...open.map((i) => h("option", { value: i, text: T("seat_n", { n: i + 1 }) })));
    sel.dataset.filled = open.join(",");
  }
  const host = S.seat !== null && S.seat === S.table.host_seat;
  $("start").hidden = !host;
  const hint = host ? (open.length ? T("bots_fill") : "") : S.seat === null ? T("you_watch") : T("waiting_host");
  if (hint) box.append(h("p", { class: "muted", text: hint }));
}

function roleText(role) { return role ? T("d_role_" + role) : ""; }

function renderGame(v) {
  const nm = names();
  const over = v.phase === "over";
  // the game, the bout, the trump, the fools of the series
  const info = clear($("d-info"));
  const series = v.games > 1 ? T("d_game_of", { game: Math.min(v.game, v.games), games: v.games }) + " · " : "";
  info.append(h("span", { text: series + T("d_bout", { n: v.bouts + 1 }) }),
    h("span", { class: "d-trump" }, T("d_trump") + ": ", v.trump === null ? h("b", { text: T("d_no_trump") })
      : h("b", { class: "trump-sym" + (v.trump === "D" || v.trump === "H" ? " red" : ""), text: suitSym(v.trump) })));
  if (S.totals && v.games > 1) info.append(h("span", { class: "d-fools" }, T("d_fools") + ": ", nm.map((n, i) => n + " " + S.totals[i]).join(" · ")));
  if (S.watchers) info.append(h("span", { class: "muted small", text: T("spectators", { n: S.watchers }) }));
  // the players: role, hand size, prikup backs, cards everyone saw them take
  const pl = clear($("d-players"));
  nm.forEach((name, i) => {
    if (i === S.seat) return;
    const role = v.roles[i];
    const fool = over ? v.results[v.results.length - 1] === i : false;
    pl.append(h("div", { class: ["d-player", i === v.current ? "to-move" : "", role ? "role-" + role : ""].join(" "), dataset: { seat: i } },
      h("div", { class: "pname" }, h("b", { text: name }), role ? h("span", { class: "badge role", text: roleText(role) }) : null,
        fool ? h("span", { class: "badge fool", text: T("d_fool") }) : null),
      h("div", { class: "pbadges" }, badges(i)),
      h("div", { class: "d-backs" },
        role === "out" ? null : h("span", { class: "d-count", title: T("d_cards", { n: v.hand_sizes[i] }) }, back("mini"), h("b", { text: "×" + v.hand_sizes[i] })),
        v.prikups[i] ? h("span", { class: "d-prikup-mini", title: T("d_prikup") }, Array.from({ length: v.prikups[i] }, () => back("mini pk"))) : null),
      v.known[i] && v.known[i].length ? h("div", { class: "known", title: T("d_known_help") },
        h("span", { class: "muted small", text: T("d_known") }), v.known[i].map((c) => cardEl(c, { cls: "mini" }))) : null));
  });
  renderStock(v);
  renderTable(v);
  const disc = clear($("d-discard"));
  disc.append(v.discard ? back("pile") : h("span", { class: "card slot" }), h("span", { class: "d-label", text: T("d_discard", { n: v.discard }) }));
  $("d-notice").textContent = S.notice;
  $("d-notice").hidden = v.phase === "over";  // the end panel takes its place
  $("d-notice").classList.toggle("old", noticeOld());
  renderPrompt(v);
  renderActions(v);
  renderHand(v);
  renderEnd(v);
  renderTimer();
  clear($("d-log")).append(...S.log.map((l) => h("li", { text: l })));
}

function renderStock(v) { drawStock($("d-stock"), v.stock, v.turned, v.hidden, v.hidden !== null); }

// the table: each attack card with the card that beat it on top; when a card is chosen, the ones it beats
function renderTable(v) {
  const box = $("d-table");
  const targets = S.sel ? actsOf(v, S.sel).filter((a) => a.includes("/")).map((a) => a.split("/")[1]) : [];
  drawPairs(box, v.table, targets, (attack) => act(S.sel + "/" + attack));
  // or drag a card from the hand onto the attack card it beats
  box.querySelectorAll("[data-attack]").forEach((el) => {
    el.addEventListener("dragover", (e) => { if (el.classList.contains("drop")) e.preventDefault(); });
    el.addEventListener("drop", (e) => { e.preventDefault(); act(e.dataTransfer.getData("text/plain") + "/" + el.dataset.attack); });
  });
  const notes = [];
  if (v.taking) notes.push(T("d_taking", { name: nameOf(v.defender) }));
  if (v.passed_on) notes.push(T("d_passed_on"));
  if (v.limit && v.table.length >= v.limit) notes.push(T("d_limit", { n: v.limit }));  // why nobody throws in
  if (notes.length) box.append(h("p", { class: "d-label small", text: notes.join(" · ") }));
}

function mine(v) { return S.seat !== null && v.current === S.seat; }

// the legal actions that play or show card c
function actsOf(v, c) {
  if (!mine(v)) return [];
  return v.legal.filter((a) => a === c || a.startsWith(c + "/") || a === "transfer:" + c || a === "show:" + c);
}

// what to do with a chosen card: tap an attack card it beats, or a button (transfer, show, a joker's choice)
function pickKey(acts) {
  const beats = acts.some((a) => a.includes("/"));
  const moves = acts.some((a) => !a.includes("/"));
  return isJoker(S.sel) ? "d_pick_joker" : beats && moves ? "d_pick_target_or" : beats ? "d_pick_target" : "d_pick_button";
}

function renderPrompt(v) {
  const el = $("d-prompt");
  const other = nameOf(v.phase === "lead" || v.phase === "add" || v.phase === "throw" ? v.defender : v.leader);
  let text = "";
  if (mine(v)) {
    text = S.sel ? T(pickKey(actsOf(v, S.sel)), { card: cardWords(S.sel) })
      : T({ lead: "d_turn_lead", add: "d_turn_add", defend: "d_turn_defend", throw: "d_turn_throw" }[v.phase], { name: other });
  } else if (v.current !== null && v.phase !== "over") {
    const role = roleText(v.roles[v.current]);
    text = role ? T("d_turn_other", { name: nameOf(v.current), role: role }) : T("d_turn_other_plain", { name: nameOf(v.current) });
  }
  el.textContent = text;
  el.className = "prompt" + (mine(v) ? " mine" : "");
}

// the next seat on the defender's left still in the game (where a joker passes cards on, RULES.md §13.5)
function leftOf(v, seat) {
  for (let k = 1; k < v.hand_sizes.length; k++) {
    const s = (seat + k) % v.hand_sizes.length;
    if (v.hand_sizes[s] || v.prikups[s]) return s;
  }
  return seat;
}

function renderActions(v) {
  const box = clear($("d-actions"));
  if (!mine(v)) return;
  const button = (id, action, text, cls) => h("button", { id: id, type: "button", class: cls || "", text: text, dataset: { action: action }, onclick: () => act(action) });
  if (S.sel) {
    const acts = actsOf(v, S.sel);
    if (acts.includes("transfer:" + S.sel)) box.append(button("d-transfer", "transfer:" + S.sel, T("d_transfer", { card: cardWords(S.sel) }), "primary"));
    if (acts.includes("show:" + S.sel)) box.append(button("d-show", "show:" + S.sel, T("d_show", { card: cardWords(S.sel) })));
    if (isJoker(S.sel)) {
      const unbeaten = v.table.filter((p) => !p.defence).map((p) => p.attack);
      acts.filter((a) => a.includes("/")).forEach((a) => {
        const target = a.split("/")[1];
        const rest = unbeaten.filter((c) => c !== target);
        const then = rest.length ? T("d_joker_passes", { cards: rest.map(cardWords).join(" "), name: nameOf(leftOf(v, S.seat)) }) : T("d_joker_ends");
        box.append(h("button", { type: "button", class: "d-joker-choice", dataset: { action: a }, onclick: () => act(a) },
          T("d_joker_beats", { card: cardWords(S.sel), target: cardWords(target) }) + " — " + then));
      });
    }
    box.append(h("button", { id: "d-cancel", type: "button", class: "quiet", text: T("d_cancel"), onclick: () => { S.sel = null; render(); } }));
  }
  if (v.legal.includes("take")) box.append(button("d-take", "take", T("d_take"), "big"));
  if (v.legal.includes("done")) box.append(button("d-done", "done", T("d_done"), "big primary"));
  if (v.legal.includes("pass")) box.append(button("d-pass", "pass", T("d_pass"), "big"));
}

function tapCard(v, c) {
  const acts = actsOf(v, c);
  if (acts.length === 1) { act(acts[0]); return; }  // one tap when there is one choice
  S.sel = S.sel === c ? null : c;
  render();
}

// a card that beats may be dragged onto an attack card it beats (they are marked while it is dragged)
function dragToBeat(el, c, acts) {
  el.draggable = true;
  const marks = (on) => document.querySelectorAll("#d-table [data-attack]").forEach((a) =>
    a.classList.toggle("drop", on && acts.includes(c + "/" + a.dataset.attack)));
  el.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", c); marks(true); });
  el.addEventListener("dragend", () => marks(false));
}

// your hand as players hold it: the trumps, then the jokers, at the right; the engine's suit and rank order kept
function handOrder(v) {
  const group = (c) => (isJoker(c) ? 2 : c[1] === v.trump ? 1 : 0);
  return v.hand.slice().sort((a, b) => group(a) - group(b));
}

function renderHand(v) {
  const seated = S.seat !== null;
  $("d-me").hidden = !seated;
  $("d-dock").classList.toggle("over", v.phase === "over");  // the end panel, not the hand, is what to see then
  if (!seated) return;
  const hand = clear($("d-hand"));
  hand.classList.toggle("many", v.hand.length > 7);  // a phone overlaps them, two rows hold 20 (durak.css)
  const my = mine(v);
  handOrder(v).forEach((c) => {
    const acts = actsOf(v, c);
    const cls = [my ? (acts.length ? "legal" : "dim") : "", S.sel === c ? "selected" : ""].join(" ");
    const el = cardEl(c, { cls: cls, disabled: my && !acts.length, onclick: my ? () => tapCard(v, c) : null });
    el.dataset.acts = acts.join(" ");
    if (acts.some((a) => a.includes("/"))) dragToBeat(el, c, acts);
    hand.append(el);
  });
  $("d-me").className = "d-me" + (v.current === S.seat ? " to-move" : "") + (v.roles[S.seat] ? " role-" + v.roles[S.seat] : "");
  const role = v.roles[S.seat];
  const prikup = v.prikups[S.seat];
  clear($("d-me-head")).append(...[h("b", { text: nameOf(S.seat) + " · " + T("d_your_hand") }),
    role ? h("span", { class: "badge role", text: roleText(role) }) : null,
    v.phase === "over" && v.results[v.results.length - 1] === S.seat ? h("span", { class: "badge fool", text: T("d_fool") }) : null,
    S.totals && v.games > 1 ? h("span", { class: "muted small", text: T("d_fools_n", { n: S.totals[S.seat] }) }) : null,
    prikup ? h("span", { id: "d-my-prikup", class: "d-prikup", title: T("d_your_prikup") },
      h("span", { class: "muted small", text: T("d_prikup") }), Array.from({ length: prikup }, () => back("mini pk"))) : null].filter(Boolean));
}

// the end, said once: the fool (or a draw); in a series each game's fool and the standings; the replay, the record
// (the rematch and the way back to the lobby follow: table_social.js)
function renderEnd(v) {
  const el = $("d-end");
  el.hidden = v.phase !== "over";
  if (el.hidden) return;
  clear(el);
  const end = (k) => S.sheet.find((e) => e.game === k + 1);  // how game k (0-based) ended, once the sheet says
  if (v.results.length === 1) {
    const f = v.results[0];  // the viewer's own seat is "you"
    el.append(h("h2", { class: "d-verdict", text: f === null ? T("d_draw") : f === S.seat ? T("d_you_fool") : T("d_fool_is", { name: nameOf(f) }) }),
      outOrder(end(0)), leftCards(end(0), T("d_left")));
  } else {
    el.append(h("ul", { class: "plain d-results" }, v.results.map((f, k) => h("li", {},
      h("span", { class: "d-result", text: f === null ? T("r_draw_of", { n: k + 1 }) : T("r_fool_of", { n: k + 1, name: nameOf(f) }) }),
      outOrder(end(k))))));
    const last = v.results.length - 1;
    el.append(leftCards(end(last), T("r_left_of", { n: last + 1 })));
    const st = h("div", { id: "standings" });
    renderStandings(st, S.standings, names());
    el.append(st);
  }
  el.append(h("p", { class: "row" }, h("a", { class: "button", href: "/replay/" + TABLE_ID, text: T("replay") }),
    h("a", { class: "button", href: "/api/tables/" + TABLE_ID + "/record", download: true, text: T("record_json") })));
}

// who went out first, second…: "Out in this order: 1. Vera, 2. Ann" (nothing before the sheet says)
function outOrder(e) {
  if (!e || !e.out.length) return null;
  return h("p", { class: "d-order muted", text: T("d_out_order", { list: e.out.map((s, k) => (k + 1) + ". " + nameOf(s)).join(", ") }) });
}

// the cards the fool was left holding, face up (the game is over: its record shows every hand)
function leftCards(e, label) {
  if (!e || e.fool === null || !e.left.length) return null;
  return h("div", { class: "d-left" }, h("span", { class: "muted small", text: label }), h("span", { class: "known" }, e.left.map((c) => cardEl(c, { cls: "mini" }))));
}

function renderTimer() {
  const el = $("timer");
  const t = S.timer;
  el.hidden = !t || S.table.status !== "playing";
  if (el.hidden) return;
  const left = Math.max(0, Math.round(t.left - (Date.now() - S.timerAt) / 1000));
  el.textContent = t.expired || left <= 0 ? T("timer_out", { name: nameOf(t.seat) }) : T("timer", { name: nameOf(t.seat), s: left });
  el.className = "timer" + (left <= 5 ? " low" : "");
}
setInterval(() => { if (S.timer) renderTimer(); }, 1000);

// take over an absent player's seat for a bot, take one's own back, leave
function renderSeatActions() {
  const row = clear($("seat-actions"));
  if (S.seat === null) return;
  const me = S.table.seats[S.seat];
  const send = (msg) => () => conn.send(msg);
  if (me.takeover && S.table.status === "playing") row.append(h("button", { id: "takeback", type: "button", class: "primary", text: T("takeback"), onclick: send({ type: "takeback" }) }));
  if (S.table.status === "playing") {
    S.table.seats.forEach((s, i) => {
      if (i !== S.seat && s.kind === "human" && !s.takeover && !S.online[i]) row.append(h("button", { type: "button", text: T("takeover", { name: s.name }), onclick: send({ type: "takeover", seat: i }) }));
    });
  }
  if (S.table.status !== "finished" && !me.takeover) {
    row.append(h("button", { type: "button", class: "quiet", text: T("leave"), onclick: () => { if (confirm(T("leave_confirm"))) conn.send({ type: "leave" }); } }));
  }
}

// -- forms ----------------------------------------------------------------------------------------
wireSeating(TABLE_ID, (t) => conn.join(t), () => conn.send({ type: "start" }));
render();
