// The table page: join, watch or play over the WebSocket /ws/<table>.
// The server is the only authority: this page shows what it is told (each
// message carries this seat's view, or a spectator's) and sends intentions.
// Layout: the felt with the other seats around it and you at the bottom, the
// trick laid out by seat; below it the dock (prompt, bids, your hand).
"use strict";

const TABLE_ID = J.table.id;
const SOUND_KEY = "joker.sound";
const TRICK_SHOW_MS = 1400;   // a finished trick stays on the felt this long...
const TRICK_SWEEP_MS = 950;   // ...and sweeps to its winner from here on
const NOTICE_MS = 10000;

const S = {
  table: J.table, view: null, sheet: [], totals: null, standings: null, seat: null,
  online: J.table.seats.map((s) => s.online), watchers: 0, timer: null, timerAt: 0, vote: null,
  lastTrick: null, lastTrickUntil: 0, sweepAt: 0, connected: false,
  entering: null,     // the play that just arrived: it slides in from its seat
  summary: null,      // the finished deal's result, shown until dismissed or the next deal's play
  busy: false,        // an action was sent and not answered yet: further taps are ignored
  actedAt: 0,         // when this page's last action went through (a late double tap's refusal is not shown)
  wasMine: false, warned: false,
};
const BASE_TITLE = document.title;

const $ = (id) => document.getElementById(id);

// the players' names as shown (a bot's in the page's language: common.js seatNames)
function names() { return seatNames(S.table.seats).map((n, i) => n || T("seat_n", { n: i + 1 })); }
function nameOf(seat) { return names()[seat]; }
function reducedMotion() { return window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches; }

// -- connection: common.js tableSocket (the seat token, catching up after a drop, reconnecting) -----
let sock = null;

function send(msg) { if (sock) sock.send(msg); }

function onSnapshot(m) {
  S.table = m.table;
  S.view = m.view || null;
  S.sheet = m.sheet || [];
  S.totals = m.totals || null;
  S.standings = m.standings || null;
  S.timer = m.timer; S.timerAt = Date.now();
  S.vote = m.vote;
  S.busy = false;
  if (!S.summary) S.summary = summaryFromSheet();
  render();
}

// The finished deal's summary rebuilt after a reload (or a late arrival) from what the snapshot
// holds: the sheet's last deal row (bids, tricks, points, trump) and the totals.  Shown as the
// live page would: while the next deal has no card on the table and this page's player has
// not bid in it (or at game over), unless this browser put it away already.
const SUMMARY_KEY = "joker.summary." + TABLE_ID;
function summaryFromSheet() {
  const v = S.view;
  const rows = (S.sheet || []).filter((r) => r.kind === "deal");
  const r = rows[rows.length - 1];
  if (!v || !r || !r.bids) return null;
  const deal = Number(r.label);
  const untouched = v.deal === deal + 1 && v.tricks_done === 0 && v.trick.length === 0 &&
    (S.seat === null || v.bids[S.seat] === null || v.bids[S.seat] === undefined);
  if (!(v.phase === "over" || untouched) || sessionStorage.getItem(SUMMARY_KEY) === String(deal)) return null;
  const [cards, kind] = String(r.cards).split(" ");  // "9 dark": the size and a special deal's kind
  const suit = SUIT_SYM.indexOf(r.trump);
  return { deal: deal, cards: Number(cards), kind: kind || "normal", dealer: r.dealer, bids: r.bids, tricks: r.tricks,
    scores: r.scores, trump: r.trump === "NT" ? "N" : suit >= 0 ? SUITS[suit] : r.trump, totals: S.totals };
}

// the table's other messages: presence, the turn timer, the stalling-dot vote, a refusal
function handle(m) {
  switch (m.type) {
    case "presence":
      S.online = m.online;
      S.watchers = m.watchers;
      render();
      break;
    case "timer":
      S.timer = m.timer; S.timerAt = Date.now();
      S.warned = false;
      render();
      break;
    case "vote":
      S.vote = m.vote;
      render();
      break;
    case "error":
      S.busy = false;
      // a second tap that raced the first one's answer: the move went through, say nothing
      if (m.code === "not_your_turn" && Date.now() - S.actedAt < 3000) break;
      if (Social.owns(m)) break;
      toast(T("error") + ": " + refusal(m, S.table && names()), "error");
      break;
  }
}

function applyEvent(m) {
  if (m.table) S.table = m.table;
  if (m.view) S.view = m.view;
  if (m.sheet) S.sheet = m.sheet;
  if (m.totals) S.totals = m.totals;
  if (m.kind === "action") onAction(m);
  if (m.kind === "penalty") toast(T("dot_given", { name: nameOf(m.penalty.seat) }));
  if (m.kind === "seats" && m.what === "leave" && m.seat === S.seat) {
    S.seat = null;
    sock.forget();
  }
  render();
  S.entering = null;
}

function onAction(m) {
  S.timer = null;
  S.vote = null;
  if (m.seat === S.seat) { S.busy = false; S.actedAt = Date.now(); }
  if (m.card) {
    S.entering = m.seat + ":" + m.card;
    sound("card");
    // the next deal's first card (or your own move) puts the last deal's summary away
    if (S.summary && m.deal > S.summary.deal) S.summary = null;
  }
  if (m.seat === S.seat && S.summary && m.deal > S.summary.deal) S.summary = null;
  if (m.trick_done) {
    S.lastTrick = m.trick_done;
    S.lastTrickUntil = Date.now() + TRICK_SHOW_MS;
    S.sweepAt = Date.now() + TRICK_SWEEP_MS;
    setTimeout(render, TRICK_SWEEP_MS + 10);
    setTimeout(render, TRICK_SHOW_MS + 50);
  }
  if (m.deal_done) S.summary = Object.assign({}, m.deal_done, { totals: S.totals });
  if (m.game_over) S.standings = m.game_over.standings;
  if (m.source === "timeout") {
    const what = m.what === "bid" ? T("stat_bid") + " " + actionText(m.action) : m.what === "trump" ? T("trump") + " " + actionText(m.action) : actionText(m.action);
    notice(m.seat === S.seat ? T("timeout_you", { what: what }) : T("timeout_other", { name: nameOf(m.seat), what: what }));
  }
}

// -- sound: small generated beeps (WebAudio), off unless switched on --------------------------------
let audio = null;

function soundOn() { return localStorage.getItem(SOUND_KEY) === "on"; }

function tone(freq, start, dur, type, gain) {
  const o = audio.createOscillator();
  const g = audio.createGain();
  o.type = type;
  o.frequency.value = freq;
  const t0 = audio.currentTime + start;
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  o.connect(g).connect(audio.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}

// "card" a card lands, "turn" your turn, "warn" your time runs out
function sound(kind) {
  if (!soundOn()) return;
  try {
    if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
    if (kind === "card") tone(520, 0, 0.06, "triangle", 0.12);
    else if (kind === "turn") { tone(660, 0, 0.12, "sine", 0.18); tone(880, 0.13, 0.16, "sine", 0.18); }
    else if (kind === "warn") { tone(880, 0, 0.1, "square", 0.08); tone(880, 0.18, 0.1, "square", 0.08); }
  } catch (e) { /* no audio here: stay silent */ }
}

function renderSoundButton() {
  const b = $("sound-btn");
  // on a phone the symbol alone (the words stay for screen readers and as the tooltip): the bar in two rows
  const said = T(soundOn() ? "sound_on" : "sound_off");
  const drawn = icon(soundOn() ? "sound_on" : "sound_off", said);
  drawn.setAttribute("aria-hidden", "true");  // the words say it
  clear(b).append(drawn, h("span", { class: "tool-lbl", text: " " + said }));
  b.title = said;
  b.setAttribute("aria-pressed", soundOn() ? "true" : "false");
}

// -- notices --------------------------------------------------------------------------------------
let noticeTimer = null;
function notice(text) {
  const el = $("notice");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { el.hidden = true; }, NOTICE_MS);
}

// -- rendering ----------------------------------------------------------------------------------
function render() {
  const playing = S.table.status !== "waiting";
  document.body.classList.toggle("at-table", playing);
  $("lobby-panel").hidden = playing;
  $("game").hidden = !playing;
  if (!playing) renderWaiting();
  else renderGame();
}

function seatBadges(i) {
  const s = S.table.seats[i];
  const out = [];
  if (i === S.table.host_seat && s.kind === "human") out.push(h("span", { class: "badge", text: T("host") }));
  if (s.kind === "bot") out.push(h("span", { class: "badge bot" }, T("bot"), h("span", { class: "level", text: " · " + botName(s.bot) })));
  // your own box says "a bot plays for you" (it shows your name already)
  if (s.kind === "human" && s.takeover) out.push(h("span", { class: "badge bot", text: i === S.seat ? T("taken_over_you") : T("taken_over", { name: s.name }) }));
  else if (s.kind === "human") out.push(h("span", { class: "badge " + (S.online[i] ? "on" : "off"), text: S.online[i] ? T("online") : T("away") }));
  if (s.kind === "open") out.push(h("span", { class: "badge off", text: T("open_seat") }));
  return out;
}

function renderWaiting() {
  const box = $("waiting");
  clear(box);
  const list = h("ul", { class: "plain seats" });
  S.table.seats.forEach((s, i) => {
    list.append(h("li", { class: i === S.seat ? "me" : "" }, h("b", { text: T("seat_n", { n: i + 1 }) + ": " }),
      s.kind === "open" ? "" : nameOf(i), " ", seatBadges(i)));
  });
  box.append(list);
  const open = S.table.seats.map((s, i) => (s.kind === "open" ? i : null)).filter((x) => x !== null);
  $("join-box").hidden = S.seat !== null || open.length === 0;
  const sel = $("j-seat");
  if (!sel.dataset.filled || sel.dataset.filled !== open.join(",")) {
    clear(sel);
    sel.append(h("option", { value: "", text: T("any_seat") }));
    open.forEach((i) => sel.append(h("option", { value: i, text: T("seat_n", { n: i + 1 }) })));
    sel.dataset.filled = open.join(",");
  }
  const host = S.seat !== null && S.seat === S.table.host_seat;
  $("start").hidden = !host;
  if (!host) box.append(h("p", { class: "muted", text: S.seat === null ? T("you_watch") : T("waiting_host") }));
  renderSeatActions($("waiting"));
}

function kindText(kind) { return kind && kind !== "normal" ? " · " + T("kind_" + kind) : ""; }

function renderGame() {
  const v = S.view;
  if (!v) return;
  const mine = S.seat !== null && v.current === S.seat && v.phase !== "over";
  if (!mine) S.busy = false;
  renderInfo(v);
  renderSeats(v);
  renderTrick(v);
  renderSummary();
  renderPrompt(v, mine);
  renderPanel(v, mine);
  renderHand(v, mine);
  renderTimer();
  renderVote();
  renderTurnSignal(mine);
  $("last-btn").disabled = !lastTrickToShow();
  renderSheet($("sheet"), S.sheet, names());
  renderEnd();
  renderSeatActions($("seat-actions"));
}

// the deal, the trump
function renderInfo(v) {
  const info = clear($("info"));
  const trump = v.trump === null ? T("trump_pending") : suitSym(v.trump);
  info.append(
    h("span", { class: "deal", text: T("deal_of", { deal: v.deal, deals: v.deals }) + " · " + T("cards_n", { n: v.cards }) + kindText(v.kind) + " · " + T("block_n", { n: v.block }) }),
    h("span", { class: "trump-box" }, T("trump") + ": ", h("b", { class: v.trump === null || v.trump === "N" ? "" : "trump-sym " + (v.trump === "D" || v.trump === "H" ? "red" : ""), text: trump }),
      v.turned.length ? h("span", { class: "muted small" }, " (" + T("turned") + " ", redSuits(v.turned.map((c) => cardText(c)).join(" ")), ")") : null,
      v.rotating ? h("span", { class: "muted small", text: " " + T("rotating") }) : null));
  if (S.watchers) info.append(h("span", { class: "muted small", text: T("spectators", { n: S.watchers }) }));
}

// Where a seat sits on the screen, seen from this page's seat (a spectator sees from seat 1):
// "b" bottom (you), "l" left (the next to play), "t" top, "r" right.
function posOf(seat) {
  const n = S.table.seats.length;
  const rel = (seat - (S.seat === null ? 0 : S.seat) + n) % n;
  const fixed = { 2: ["b", "t"], 3: ["b", "l", "r"], 4: ["b", "l", "t", "r"] }[n];
  if (fixed) return fixed[rel];
  if (rel === 0) return "b";
  const side = Math.floor((n - 1) / 3);
  return rel <= side ? "l" : rel > n - 1 - side ? "r" : "t";
}

function stat(label, value, cls) {
  return h("span", { class: "stat " + (cls || "") }, h("span", { class: "lbl", text: label + " " }), h("b", { text: value }));
}

// a player's box: name, dealer, bid, tricks taken, score, cards left, presence
function seatBox(v, i) {
  const bid = v.bids[i];
  const made = bid !== null && bid !== undefined && bid === v.taken[i];
  const cls = ["player", "pos-" + posOf(i), i === v.current && v.phase !== "over" ? "to-move" : "", i === S.seat ? "me" : ""].join(" ");
  const known = v.known && v.known[i] && v.known[i].length ? h("span", { class: "known" }, v.known[i].map((c) => cardEl(c, { cls: "mini" }))) : null;
  return h("div", { class: cls, dataset: { seat: i } },
    h("div", { class: "pname" }, h("b", { class: "nm", text: nameOf(i) }),
      i === S.seat ? h("span", { class: "you", text: T("you") }) : null,
      i === v.dealer ? h("span", { class: "chip dealer", text: T("dealer") }) : null),
    h("div", { class: "pstats" },
      stat(T("stat_bid"), bid === null || bid === undefined ? "–" : bid, "bid"),
      stat(T("stat_took"), v.taken[i], "took" + (made ? " made" : "")),
      S.totals ? stat(T("stat_score"), S.totals[i], "score") : null,
      i !== S.seat ? h("span", { class: "left", text: T("cards_left", { n: v.hand_sizes[i] }) }) : null),
    h("div", { class: "pbadges" }, seatBadges(i)), known);
}

function renderSeats(v) {
  for (const p of ["t", "l", "r", "b"]) clear($("seat-" + p));
  S.table.seats.forEach((_, i) => $("seat-" + posOf(i)).append(seatBox(v, i)));
}

function lastTrickToShow() { return (S.view && S.view.last_trick) || S.lastTrick; }

// one card on the felt, at its seat's side; "enter": it slides in from that seat
function playEl(p, winner, enter) {
  const pos = posOf(p.seat);
  const cls = ["play", "p-" + pos, p.seat === winner ? "won" : "", enter ? "enter" : ""].join(" ");
  return h("div", { class: cls, dataset: { seat: p.seat } }, cardEl(p.card, {}), h("div", { class: "who", text: nameOf(p.seat) }),
    p.action.includes(":") ? h("div", { class: "call", text: callText(p.action) }) : null);
}

function layTrick(box, plays, winner, entering) {
  clear(box);
  box.classList.toggle("many", S.table.seats.length > 4);
  plays.forEach((p) => box.append(playEl(p, winner, entering === p.seat + ":" + p.card && !reducedMotion())));
}

function renderTrick(v) {
  const tr = $("trick");
  const recent = S.lastTrick && Date.now() < S.lastTrickUntil && v.trick.length === 0;
  const plays = recent ? S.lastTrick.plays : v.trick;
  layTrick(tr, plays, recent ? S.lastTrick.winner : null, S.entering);
  tr.className = "trick" + (S.table.seats.length > 4 ? " many" : "");
  if (recent && Date.now() >= S.sweepAt && !reducedMotion()) tr.classList.add("sweep", "to-" + posOf(S.lastTrick.winner));
}

// "Ann takes the trick" while a finished trick is on the felt, then whose turn it is
function renderPrompt(v, mine) {
  const prompt = $("prompt");
  const recent = S.lastTrick && Date.now() < S.lastTrickUntil && v.trick.length === 0;
  const parts = [];
  if (recent) parts.push(T("trick_won", { name: nameOf(S.lastTrick.winner) }));
  // at the game's end nothing more: the game-over bar under the standings says so (_social.html)
  if (mine) parts.push(T("your_turn"));
  else if (v.phase !== "over" && v.current !== null) parts.push(T("waiting_for", { name: nameOf(v.current) }));
  prompt.textContent = parts.join(" · ");
  prompt.className = "prompt" + (mine ? " mine" : "");
}

// "Your turn" in the tab's title, and a short sound when the turn comes to you
function renderTurnSignal(mine) {
  document.title = mine ? "● " + T("your_turn") + " — " + BASE_TITLE : BASE_TITLE;
  if (mine && !S.wasMine) sound("turn");
  S.wasMine = mine;
}

function renderPanel(v, mine) {
  const panel = clear($("panel"));
  if (!mine) return;
  if (v.phase === "bid") {
    const row = h("div", { class: "bids" });
    for (let b = 0; b <= v.cards; b++) {
      const legal = v.legal.includes("b" + b);
      const forbidden = v.forbidden_bid === b;
      row.append(h("button", {
        type: "button", class: "bid" + (forbidden ? " forbidden" : ""), disabled: !legal, text: String(b),
        dataset: { bid: b }, onclick: () => act("b" + b),
      }));
    }
    panel.append(h("span", { class: "panel-title", text: T("bid_title") }), row);
    if (v.forbidden_bid !== null && v.forbidden_bid !== undefined) panel.append(h("p", { class: "muted small note", text: T("bid_forbidden", { n: v.forbidden_bid }) }));
  } else if (v.phase === "trump") {
    panel.append(h("span", { class: "panel-title", text: T("choose_trump") }), h("div", { class: "bids" },
      v.legal.filter((a) => a.startsWith("trump:")).map((a) => h("button", {
        type: "button", class: "bid trump-choice " + (a.endsWith("D") || a.endsWith("H") ? "red" : a.endsWith("N") ? "nt" : ""),
        text: suitSym(a.slice(6)), dataset: { action: a }, onclick: () => act(a), "aria-label": a.endsWith("N") ? T("no_trump") : T("suit_name_" + a.slice(6)),
      }))));
  }
}

function legalFor(v, card) {
  return v.legal.filter((a) => a.split(":")[0] === card && !a.startsWith("trump:") && !/^b\d+$/.test(a));
}

function renderHand(v, mine) {
  const hand = clear($("hand"));
  $("hand-box").hidden = S.seat === null || v.phase === "over";
  if (S.seat === null) return;
  if (!v.hand.length && v.phase === "bid" && (v.kind === "dark" || v.kind === "forehead")) {
    hand.append(h("p", { class: "muted", text: T("hand_hidden") }));
    return;
  }
  const playing = mine && v.phase === "play";
  v.hand.forEach((c) => {
    const acts = playing ? legalFor(v, c) : [];
    const cls = playing ? (acts.length ? "legal" : "dim") : "";
    hand.append(cardEl(c, { cls: cls, disabled: playing && !acts.length, onclick: playing ? () => playCard(c, acts) : null }));
  });
  fitHand(hand, v.hand.length);
}

// the cards overlap when a row of them would not fit the screen's width
function fitHand(hand, n) {
  if (n < 2) return;
  const first = hand.querySelector(".card");
  const w = first ? first.getBoundingClientRect().width : 0;
  const room = hand.clientWidth;
  const gap = Math.min(6, Math.floor((room - n * w) / (n - 1)));
  hand.style.setProperty("--gap", gap + "px");
}

function playCard(card, acts) {
  if (!acts.length || S.busy) return;
  if (card[0] !== "X" && acts.length === 1) { act(acts[0]); return; }
  const dlg = $("joker-dialog");
  const box = clear($("joker-options"));
  acts.forEach((a) => box.append(h("button", { type: "button", class: "option", dataset: { action: a },
    onclick: () => { dlg.close(); act(a); } }, redSuits(jokerText(a)))));
  dlg.showModal();
}

// Send a move once: a second tap before the server answers is ignored.
function act(a) {
  if (S.busy) return;
  S.busy = true;
  send({ type: "act", action: a });
  if (S.summary && S.view && S.view.deal > S.summary.deal) { S.summary = null; renderSummary(); }
}

function renderTimer() {
  const el = $("timer");
  const t = S.timer;
  if (!t || S.table.status !== "playing") { el.hidden = true; return; }
  el.hidden = false;
  const left = Math.max(0, Math.round(t.left - (Date.now() - S.timerAt) / 1000));
  const low = left <= Math.max(5, Math.round(t.seconds / 4));
  const me = t.seat === S.seat;
  let text;
  if (t.expired || left <= 0) text = T("timer_out", { name: nameOf(t.seat) });
  else if (me && low) text = T(S.table.options && S.table.options.stalling_dot ? "timer_hurry_dot" : "timer_hurry", { s: left });
  else if (me) text = T("timer_you", { s: left });
  else text = T("timer", { name: nameOf(t.seat), s: left });
  el.textContent = text;
  el.className = "timer" + (low ? " low" : "") + (me ? " me" : "");
  if (me && low && !t.expired && !S.warned) { S.warned = true; sound("warn"); }
}
setInterval(() => { if (S.timer) renderTimer(); }, 1000);

function renderVote() {
  const el = clear($("vote"));
  const v = S.vote;
  if (!v) { el.hidden = true; return; }
  el.hidden = false;
  el.append(h("span", { text: T("timer_out", { name: nameOf(v.seat) }) + " · " + T("vote_count", { n: v.voters.length, m: v.needed.length }) + " " }));
  if (S.seat !== null && v.needed.includes(S.seat) && !v.voters.includes(S.seat)) {
    el.append(h("button", { type: "button", class: "primary", text: T("vote_dot", { name: nameOf(v.seat) }),
      onclick: () => send({ type: "vote", seat: v.seat }) }));
  }
}

// The finished deal on the felt: bids against tricks, the deal's points, who made his bid.
function renderSummary() {
  const box = clear($("summary"));
  const d = S.summary;
  const showing = d && !(S.lastTrick && Date.now() < S.lastTrickUntil);
  box.hidden = !showing;
  if (!showing) return;
  box.dataset.deal = d.deal;
  const nm = names();
  const rows = nm.map((name, s) => {
    const bid = d.bids ? d.bids[s] : null;
    const made = bid !== null && bid === d.tricks[s];
    return h("tr", { class: made ? "made" : "missed" }, h("td", { class: "nm", text: name }),
      h("td", { text: bid === null ? "–" : bid }), h("td", { text: d.tricks[s] }),
      h("td", { class: "pts", text: (d.scores[s] > 0 ? "+" : "") + d.scores[s] }),
      h("td", { class: "res", text: bid === null ? "" : made ? "✓ " + T("made_it") : "✗ " + T("missed_it") }),
      d.totals ? h("td", { text: d.totals[s] }) : null);
  });
  const red = d.trump === "D" || d.trump === "H";
  box.append(h("h3", {}, T("deal_over", { deal: d.deal }) + " · " + T("cards_n", { n: d.cards }) + " · " + T("trump") + " ",
      h("span", { class: red ? "red" : "", text: suitSym(d.trump) })),
    h("table", { class: "sum" },
      h("thead", {}, h("tr", {}, [T("player"), T("stat_bid"), T("stat_took"), T("points"), "", d.totals ? T("total") : null]
        .filter((x) => x !== null).map((x) => h("th", { text: x })))),
      h("tbody", {}, rows)),
    h("button", { id: "summary-close", type: "button", class: "primary", text: T("close"),
      onclick: () => { sessionStorage.setItem(SUMMARY_KEY, String(d.deal)); S.summary = null; renderSummary(); } }));
}

function showLastTrick() {
  const t = lastTrickToShow();
  if (!t) return;
  layTrick($("last-trick"), t.plays, t.winner, null);
  $("last-who").textContent = T("trick_won", { name: nameOf(t.winner) });
  $("last-dialog").showModal();
}

// standings, replay and record at the game's end
function renderEnd() {
  const st = $("standings");
  st.hidden = !S.standings;
  if (!S.standings) return;
  renderStandings(st, S.standings, names());
  st.append(h("p", { class: "row" }, h("a", { class: "button", href: "/replay/" + TABLE_ID, text: T("replay") }),
    h("a", { class: "button", href: "/api/tables/" + TABLE_ID + "/record", download: true, text: T("record_json") })));
}

function renderSeatActions(box) {
  const old = box.querySelector(".seat-actions");
  if (old) old.remove();
  const row = h("div", { class: "row seat-actions" });
  if (S.seat !== null) {
    const me = S.table.seats[S.seat];
    if (me.takeover) row.append(h("button", { id: "takeback", type: "button", class: "primary", text: T("takeback"), onclick: () => send({ type: "takeback" }) }));
    if (S.table.status === "playing") {
      S.table.seats.forEach((s, i) => {
        if (i !== S.seat && s.kind === "human" && !s.takeover && !S.online[i]) {
          row.append(h("button", { type: "button", text: T("takeover", { name: s.name }), onclick: () => send({ type: "takeover", seat: i }) }));
        }
      });
    }
    if (S.table.status !== "finished" && !me.takeover) {
      row.append(h("button", { type: "button", class: "quiet", text: T("leave"), onclick: () => { if (confirm(T("leave_confirm"))) send({ type: "leave" }); } }));
    }
  }
  box.append(row);
}

// -- forms and buttons --------------------------------------------------------------------------
wireSeating(TABLE_ID, (t) => sock.join(t), () => send({ type: "start" }));
$("joker-cancel").addEventListener("click", () => $("joker-dialog").close());
$("last-btn").addEventListener("click", showLastTrick);
$("last-close").addEventListener("click", () => $("last-dialog").close());
$("sound-btn").addEventListener("click", () => {
  localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
  renderSoundButton();
  sound("card");
});
window.addEventListener("resize", () => { if (S.view) fitHand($("hand"), S.view.hand.length); });

renderSoundButton();
render();
sock = tableSocket(TABLE_ID, {
  welcome: (m) => { S.seat = m.seat; S.connected = true; },
  snapshot: onSnapshot,
  event: applyEvent,
  message: handle,
  status: (text) => { $("conn").textContent = text; if (text) { S.connected = false; S.busy = false; } },
  any: (m) => { Social.message(m, S); botNotice(m, nameOf); },
});
Social.attach(send, (t) => sock.use(t));
