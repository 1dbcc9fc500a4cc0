// The table page: join, watch or play over the WebSocket /ws/<table>.
// The server is the only authority: this page shows what it is told (each
// message carries this seat's view, or a spectator's) and sends intentions.
"use strict";

const TABLE_ID = J.table.id;
const TOKEN_KEY = "joker.seat." + TABLE_ID;
let token = localStorage.getItem(TOKEN_KEY);

const S = {
  table: J.table, view: null, sheet: [], totals: null, standings: null, seq: 0, seat: null,
  online: J.table.seats.map((s) => s.online), watchers: 0, timer: null, timerAt: 0, vote: null,
  lastTrick: null, lastTrickUntil: 0, connected: false,
};
let ws = null;
let retry = 0;

const $ = (id) => document.getElementById(id);

function names() { return S.table.seats.map((s, i) => s.name || T("seat_n", { n: i + 1 })); }
function nameOf(seat) { return names()[seat]; }

// -- connection ---------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(proto + "://" + location.host + "/ws/" + TABLE_ID);
  ws.onopen = () => {
    retry = 0;
    const hello = { type: "hello", token: token || null };
    if (S.seq > 0) hello.since = S.seq;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (e) => handle(JSON.parse(e.data));
  ws.onclose = () => {
    S.connected = false;
    $("conn").textContent = T("reconnecting");
    setTimeout(connect, Math.min(5000, 400 * Math.pow(2, retry++)));
  };
}

function send(msg) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
}

function reconnect(fresh) {
  if (fresh) S.seq = 0;
  if (ws) ws.close();
}

function handle(m) {
  botNotice(m, nameOf);
  switch (m.type) {
    case "welcome":
      S.seat = m.seat;
      S.connected = true;
      $("conn").textContent = "";
      break;
    case "snapshot":
      S.seq = m.seq;
      S.table = m.table;
      S.view = m.view || null;
      S.sheet = m.sheet || [];
      S.totals = m.totals || null;
      S.standings = m.standings || null;
      S.timer = m.timer; S.timerAt = Date.now();
      S.vote = m.vote;
      render();
      break;
    case "event":
      if (m.seq <= S.seq) return;
      if (m.seq !== S.seq + 1) { send({ type: "sync" }); return; }
      applyEvent(m);
      break;
    case "presence":
      S.online = m.online;
      S.watchers = m.watchers;
      render();
      break;
    case "timer":
      S.timer = m.timer; S.timerAt = Date.now();
      render();
      break;
    case "vote":
      S.vote = m.vote;
      render();
      break;
    case "error":
      if (m.code === "bad_token") { localStorage.removeItem(TOKEN_KEY); token = null; }
      toast(T("error") + ": " + refusal(m), "error");
      break;
  }
}

function applyEvent(m) {
  S.seq = m.seq;
  if (m.table) S.table = m.table;
  if (m.view) S.view = m.view;
  if (m.sheet) S.sheet = m.sheet;
  if (m.totals) S.totals = m.totals;
  if (m.kind === "action") {
    S.timer = null;
    S.vote = null;
    if (m.trick_done) {
      S.lastTrick = m.trick_done;
      S.lastTrickUntil = Date.now() + 1400;
      setTimeout(render, 1450);
    }
    if (m.game_over) S.standings = m.game_over.standings;
  }
  if (m.kind === "penalty") toast(T("dot_given", { name: nameOf(m.penalty.seat) }));
  if (m.kind === "seats" && m.what === "leave" && m.seat === S.seat) {
    S.seat = null;
    localStorage.removeItem(TOKEN_KEY);
    token = null;
  }
  render();
}

// -- rendering ----------------------------------------------------------------------------------
function render() {
  const playing = S.table.status !== "waiting";
  $("lobby-panel").hidden = playing;
  $("game").hidden = !playing;
  if (!playing) renderWaiting();
  else renderGame();
}

function seatBadges(i) {
  const s = S.table.seats[i];
  const out = [];
  if (i === S.table.host_seat && s.kind === "human") out.push(h("span", { class: "badge", text: T("host") }));
  if (s.kind === "bot") out.push(h("span", { class: "badge bot", text: T("bot") + " · " + s.bot }));
  if (s.kind === "human" && s.takeover) out.push(h("span", { class: "badge bot", text: T("taken_over", { name: s.name }) }));
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
      s.kind === "open" ? "" : s.name, " ", seatBadges(i)));
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
  const nm = names();
  if (!v) return;
  // the deal, trump, dealer
  const info = $("info");
  clear(info);
  let trump;
  if (v.trump === null) trump = T("trump_pending");
  else trump = suitSym(v.trump);
  info.append(
    h("span", { class: "deal", text: T("deal_of", { deal: v.deal, deals: v.deals }) + " · " + T("cards_n", { n: v.cards }) + kindText(v.kind) + " · " + T("block_n", { n: v.block }) }),
    h("span", { class: "trump-box" }, T("trump") + ": ", h("b", { class: "trump-sym " + (v.trump === "D" || v.trump === "H" ? "red" : ""), text: trump }),
      v.turned.length ? h("span", { class: "muted" }, " (" + T("turned") + " ", v.turned.map((c) => cardText(c)).join(" "), ")") : null,
      v.rotating ? h("span", { class: "muted small", text: " " + T("rotating") }) : null),
    h("span", { text: T("dealer") + ": " + nm[v.dealer] }));
  if (S.watchers) info.append(h("span", { class: "muted small", text: T("spectators", { n: S.watchers }) }));
  // players
  const pl = $("players");
  clear(pl);
  nm.forEach((name, i) => {
    const bid = v.bids[i];
    const cls = ["player", i === v.current ? "to-move" : "", i === S.seat ? "me" : ""].join(" ");
    const known = v.known && v.known[i] && v.known[i].length ? h("span", { class: "known" }, v.known[i].map((c) => cardEl(c, { cls: "mini" }))) : null;
    pl.append(h("div", { class: cls, dataset: { seat: i } },
      h("div", { class: "pname" }, i === v.dealer ? h("span", { class: "dealer-dot", title: T("dealer"), text: "●" }) : null, h("b", { text: name })),
      h("div", { class: "pstats" },
        h("span", { class: "bt", title: T("bids_tricks"), text: (bid === null || bid === undefined ? "–" : bid) + " / " + v.taken[i] }),
        h("span", { class: "left", title: T("cards_n", { n: v.hand_sizes[i] }), text: v.hand_sizes[i] }),
        S.totals ? h("span", { class: "ptotal", text: S.totals[i] }) : null),
      h("div", { class: "pbadges" }, seatBadges(i)), known));
  });
  // the trick on the table
  const tr = $("trick");
  clear(tr);
  const recent = S.lastTrick && Date.now() < S.lastTrickUntil && v.trick.length === 0;
  const plays = recent ? S.lastTrick.plays : v.trick;
  plays.forEach((p) => {
    const win = recent && p.seat === S.lastTrick.winner;
    tr.append(h("div", { class: "play" + (win ? " won" : "") }, cardEl(p.card, {}), h("div", { class: "who", text: nm[p.seat] }),
      p.action.includes(":") ? h("div", { class: "call small", text: jokerText(p.action) }) : null));
  });
  if (recent) tr.append(h("p", { class: "muted won-text", text: T("trick_won", { name: nm[S.lastTrick.winner] }) }));
  else if (!plays.length && v.last_trick) {
    tr.append(h("p", { class: "muted small" }, T("last_trick") + ": ",
      v.last_trick.plays.map((p) => cardText(p.card)).join(" "), " → ", nm[v.last_trick.winner]));
  }
  // whose turn
  const mine = S.seat !== null && v.current === S.seat;
  const prompt = $("prompt");
  if (v.phase === "over") prompt.textContent = T("game_over");
  else if (mine) prompt.textContent = T("your_turn");
  else if (v.current !== null) prompt.textContent = T("waiting_for", { name: nm[v.current] });
  prompt.className = "prompt" + (mine ? " mine" : "");
  renderPanel(v, mine);
  renderHand(v, mine);
  renderTimer();
  renderVote();
  renderSheet($("sheet"), S.sheet, nm);
  const st = $("standings");
  st.hidden = !S.standings;
  if (S.standings) {
    renderStandings(st, S.standings, nm);
    st.append(h("p", { class: "row" }, h("a", { class: "button", href: "/replay/" + TABLE_ID, text: T("replay") }),
      h("a", { class: "button", href: "/api/tables/" + TABLE_ID + "/record", download: true, text: T("record_json") })));
  }
  renderSeatActions($("seat-actions"));
}

function renderPanel(v, mine) {
  const panel = $("panel");
  clear(panel);
  if (!mine) return;
  if (v.phase === "bid") {
    const row = h("div", { class: "bids" });
    for (let b = 0; b <= v.cards; b++) {
      const legal = v.legal.includes("b" + b);
      const forbidden = v.forbidden_bid === b;
      row.append(h("button", {
        type: "button", class: "bid" + (forbidden ? " forbidden" : ""), disabled: !legal, text: String(b),
        title: forbidden ? T("bid_forbidden", { n: b }) : null, dataset: { bid: b },
        onclick: () => act("b" + b),
      }));
    }
    panel.append(h("h3", { text: T("bid_title") }), row);
    if (v.forbidden_bid !== null && v.forbidden_bid !== undefined) panel.append(h("p", { class: "muted small", text: T("bid_forbidden", { n: v.forbidden_bid }) }));
  } else if (v.phase === "trump") {
    panel.append(h("h3", { text: T("choose_trump") }), h("div", { class: "bids" },
      v.legal.filter((a) => a.startsWith("trump:")).map((a) => h("button", {
        type: "button", class: "bid trump-choice " + (a.endsWith("D") || a.endsWith("H") ? "red" : ""),
        text: suitSym(a.slice(6)), dataset: { action: a }, onclick: () => act(a),
      }))));
  }
}

function legalFor(v, card) {
  return v.legal.filter((a) => a.split(":")[0] === card && !a.startsWith("trump:") && !/^b\d+$/.test(a));
}

function renderHand(v, mine) {
  const hand = $("hand");
  clear(hand);
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
}

function playCard(card, acts) {
  if (!acts.length) return;
  if (card[0] !== "X" && acts.length === 1) { act(acts[0]); return; }
  const dlg = $("joker-dialog");
  const box = $("joker-options");
  clear(box);
  acts.forEach((a) => box.append(h("button", { type: "button", class: "option", dataset: { action: a }, text: jokerText(a),
    onclick: () => { dlg.close(); act(a); } })));
  dlg.showModal();
}

function act(a) { send({ type: "act", action: a }); }

function renderTimer() {
  const el = $("timer");
  const t = S.timer;
  if (!t || S.table.status !== "playing") { el.hidden = true; return; }
  el.hidden = false;
  const left = Math.max(0, Math.round(t.left - (Date.now() - S.timerAt) / 1000));
  el.textContent = t.expired || left <= 0 ? T("timer_out", { name: nameOf(t.seat) }) : T("timer", { name: nameOf(t.seat), s: left });
  el.className = "timer" + (left <= 5 ? " low" : "");
}
setInterval(() => { if (S.timer) renderTimer(); }, 1000);

function renderVote() {
  const el = $("vote");
  clear(el);
  const v = S.vote;
  if (!v) { el.hidden = true; return; }
  el.hidden = false;
  el.append(h("span", { text: T("timer_out", { name: nameOf(v.seat) }) + " · " + T("vote_count", { n: v.voters.length, m: v.needed.length }) + " " }));
  if (S.seat !== null && v.needed.includes(S.seat) && !v.voters.includes(S.seat)) {
    el.append(h("button", { type: "button", class: "primary", text: T("vote_dot", { name: nameOf(v.seat) }),
      onclick: () => send({ type: "vote", seat: v.seat }) }));
  }
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

// -- forms ------------------------------------------------------------------------------------------
wireSeating(TABLE_ID, (t) => { localStorage.setItem(TOKEN_KEY, t); token = t; reconnect(true); }, () => send({ type: "start" }));
$("joker-cancel").addEventListener("click", () => $("joker-dialog").close());

render();
connect();
