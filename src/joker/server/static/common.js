// Shared helpers of the Joker pages: text (window.JOKER.T), elements, cards,
// the score sheet (the scorekeeper's layout) and JSON requests.  Plain JS, no build step.
"use strict";

const J = window.JOKER || {};
const SUITS = "SCDH";
const SUIT_SYM = "♠♣♦♥";

// "{name}" placeholders of s filled from vals; "{name!r}" quoted as Python's repr
// quotes a string; "{n:card|cards}" (Russian "{n:карта|карты|карт}") the noun form
// for n (plural) — the catalogues' texts are Python format strings (joker.i18n.core).
function fill(s, vals) {
  return vals ? s.replace(/\{(\w+)(?:(!r)|:([^{}]*\|[^{}]*))?\}/g, (m, k, r, forms) =>
    !(k in vals) ? m : forms ? plural(Number(vals[k]), forms.split("|")) : r ? pyRepr(String(vals[k])) : String(vals[k])) : s;
}

// The noun form for n, the rule of joker.i18n.core.plural: in a Russian page with
// three forms (карта, карты, карт) 1 and 21 take the first, 2–4 and 22–24 the second,
// 5–20 and 11–14 the third; otherwise the first for 1, the last for any other number.
function plural(n, forms) {
  if (document.documentElement.lang === "ru" && forms.length === 3) {
    if (n % 10 === 1 && n % 100 !== 11) return forms[0];
    if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return forms[1];
    return forms[2];
  }
  return n === 1 ? forms[0] : forms[forms.length - 1];
}

// Python's repr of a string: in single quotes (double ones when it holds a ' and
// no "), with backslashes, the quote and line breaks escaped.
function pyRepr(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
  return q + body.split(q).join("\\" + q) + q;
}

function T(key, vals) {
  return fill((J.T && J.T[key]) || key, vals);
}

// An error message in the page's language: an engine refusal from its reason
// code and params (joker.i18n.refusals), a malformed action from the notation
// catalogue (joker.i18n.notation), a table's refusal from the page's catalogue
// (its table_… texts; the three have no code in common), anything else as the
// server said it.  names: the players' names as the page shows them (seatNames);
// a refusal naming a seat ({name}, {seat}) names its player so (a bot's name in
// the page's language, not the stored one).
function refusal(m, names) {
  const text = m.reason && ((J.refusals && J.refusals[m.reason]) || (J.notation && J.notation[m.reason]) ||
    (J.T && J.T[m.reason]));
  if (!text) return m.message;
  const p = Object.assign({}, m.params);
  if (names && "name" in p && p.seat && names[p.seat - 1]) p.name = names[p.seat - 1];
  return fill(text, p);
}

// A name of the names catalogue (joker.i18n.names, window.JOKER.names): a rules option
// ("rule_khishti") or value ("value_off"), as the key's last part when it has none.
// A table's rules are said by the server (joker.i18n.labels.rules_label: the lobby's
// rules_label, the pages' headings), never put together here.
function ruleName(key) { return (J.names && J.names[key]) || key.slice(key.indexOf("_") + 1); }

// A preset by its human name ("bus-angeles" -> "Bus-Angeles regulation").
function presetName(name) { return (J.names && J.names["preset_" + name]) || name; }

// The players' names as this page shows them (joker.i18n.labels.seat_names says the same):
// a bot seat's stored name (a stable key: "Vera") in the page's language ("Вера"), unless
// another seat already shows that name; a person's as typed.  seats: [{name, kind}].
function seatNames(seats) {
  const out = seats.map((s) => s.name);
  seats.forEach((s, i) => {
    const said = s.kind === "bot" && J.names && J.names["person_" + s.name];
    if (said && !out.some((n, j) => j !== i && String(n).toLowerCase() === said.toLowerCase())) out[i] = said;
  });
  return out;
}

// A bot by its level's name ("easy" -> "Easy"; an alias such as "heuristic", or a
// time cap "search@40ms", by its level's name too); an unknown bot as it is.
function botName(bot) {
  const [base, cap] = String(bot).split("@");
  const name = J.names && J.names["bot_" + base];
  return name ? name + (cap ? "@" + cap : "") : bot;
}

// h("div", {class: "x", text: "hi", onclick: f, dataset: {a: 1}}, child, ...)
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") el.textContent = v;
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

// An icon of static/icons.svg (phone, chat, trophy, thumbs_up, wow, sound_on, sound_off) in the text's colour, with its
// label for screen readers and as a tooltip (templates/_icon.html draws the same): icons, not
// emoji, which a browser without an emoji font shows as empty boxes.
function icon(name, label) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const title = document.createElementNS(NS, "title");
  title.textContent = label;
  const use = document.createElementNS(NS, "use");
  use.setAttribute("href", "/static/icons.svg#" + name);
  svg.append(title, use);
  return svg;
}

function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

function suitSym(letter) {
  if (letter === null || letter === undefined) return "";
  if (letter === "N") return T("no_trump");
  const i = SUITS.indexOf(letter);
  return i < 0 ? letter : SUIT_SYM[i];
}

// "AH" -> {rank: "A", suit: "♥", red: true}; "X1" -> joker
function cardParts(c) {
  if (c[0] === "X") return { rank: "★", suit: c[1], red: false, joker: true };
  const r = c[0] === "T" ? "10" : c[0];
  const s = SUITS.indexOf(c[1]);
  return { rank: r, suit: SUIT_SYM[s], red: s >= 2, joker: false };
}

// "AH" -> "A♥"; a joker in words ("★ joker", «★ джокер»), not its code's number ("X2")
function cardText(c) {
  const p = cardParts(c);
  return p.joker ? "★ " + T("joker_word") : p.rank + p.suit;
}

// A card: <button> when it can be clicked (opts.onclick), else <span>.
function cardEl(c, opts) {
  opts = opts || {};
  const p = cardParts(c);
  const cls = ["card", p.red ? "red" : "", p.joker ? "joker" : "", opts.cls || ""].join(" ").trim();
  const inner = p.joker
    ? [h("span", { class: "rank", text: "★" }), h("span", { class: "suit small", text: T("card_joker") })]
    : [h("span", { class: "rank", text: p.rank }), h("span", { class: "suit", text: p.suit })];
  const attrs = { class: cls, title: p.joker ? T("card_joker") : cardText(c), dataset: { card: c } };
  if (opts.onclick) {
    return h("button", Object.assign(attrs, { type: "button", onclick: opts.onclick, disabled: opts.disabled }), inner);
  }
  return h("span", attrs, inner);
}

// An action in words: "AH" -> "A♥", "b2" -> "2", "trump:H" -> "♥", "X1:takes:S" -> "★ ♠ takes".
function actionText(a) {
  if (/^b\d+$/.test(a)) return a.slice(1);
  if (a.startsWith("trump:")) return suitSym(a.slice(6));
  const parts = a.split(":");
  if (parts.length === 1) return cardText(a);
  return "★ " + callText(a);
}

// A played joker's call, short, as said at the table (RULES.md §7): "X1:takes:S" -> "♠ takes"
// (the highest spade takes; the joker is the lowest one), "X1:high" -> "high".
function callText(a) {
  const parts = a.split(":");
  return T("call_" + (parts.length === 2 ? "follow_" : "") + parts[1], { suit: parts[2] ? suitSym(parts[2]) : "" });
}

// A text with its red suits (♦ ♥) in red: text nodes and spans, for h()'s children
// ("♥ takes: the lowest ♥" -> [span.red ♥, " takes: the lowest ", span.red ♥]).
function redSuits(text) {
  return String(text).split(/([♦♥])/).filter((p) => p !== "").map((p) => (p === "♦" || p === "♥" ? h("span", { class: "red", text: p }) : p));
}

// A joker's call explained, for choosing it: "X1:takes:S" -> "♠ takes: the joker is the lowest ♠ ...".
function jokerText(a) {
  const parts = a.split(":");
  const call = parts[1];
  const suit = parts[2] ? suitSym(parts[2]) : "";
  if (parts.length === 2 && (call === "high" || call === "low")) return T("joker_follow_" + call);
  return T("joker_" + call, { suit: suit });
}

// headers: extra request headers (the scorekeeper's key, keeper_key.js).
async function api(method, url, body, headers) {
  const opts = { method: method, headers: Object.assign({}, headers || {}) };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) {
    const err = new Error((data && data.error) || r.status + " " + r.statusText);
    err.data = data;
    throw err;
  }
  return data;
}

let toastTimer = null;
function toast(msg, kind) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = msg;
  el.className = "show " + (kind || "");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ""; }, kind === "error" ? 6000 : 3000);
}

// The score sheet as kept on paper: per deal its number, cards and trump (one
// column, frozen while the players' columns scroll sideways), and for each player
// "●bid/tricks score" (● the dealer, made bids in green); block rows with the block
// total and, on their own lines, +premium and −cut; fines; the total.
// rows: joker.sheet rows as JSON.
function renderSheet(el, rows, players) {
  clear(el);
  if (!rows || rows.length <= 1) {
    el.append(h("p", { class: "muted", text: T("sheet_empty") }));
    return;
  }
  const head = h("tr", {}, h("th", { class: "lbl" }, T("sheet_col_deal"), " ",
    h("span", { class: "meta", text: T("sheet_col_cards") + " · " + T("sheet_col_trump") })),
    players.map((p) => h("th", { class: "pl", text: p })));
  const body = h("tbody");
  for (const r of rows) {
    if (r.kind === "deal") {
      const tds = players.map((_, s) => {
        const bid = r.bids ? r.bids[s] : null;
        const made = bid !== null && bid !== undefined && r.tricks && bid === r.tricks[s];
        const bt = (bid === null || bid === undefined ? "-" : bid) + "/" + (r.tricks ? r.tricks[s] : "");
        return h("td", { class: "cell" + (made ? " made" : "") },
          h("span", { class: "dealer-dot", text: r.dealer === s ? "●" : "" }),
          h("span", { class: "bt", text: bt }), h("span", { class: "score", text: r.scores[s] }));
      });
      const red = r.trump === "♦" || r.trump === "♥";
      const [n, kind] = String(r.cards).split(" ");  // "9 dark": the size and a special deal's kind
      body.append(h("tr", { class: "deal" }, h("td", { class: "lbl" }, h("b", { text: r.label }), " ",
        h("span", { class: "meta" }, (kind ? n + " " + T("kind_" + kind) : n) + " ",
          h("span", { class: "trump" + (red ? " red" : ""), text: r.trump === "NT" ? T("sheet_no_trump") : r.trump }))), tds));
    } else if (r.kind === "block") {
      const n = (r.label.match(/\d+/) || [""])[0];
      const tds = players.map((_, s) => h("td", { class: "cell" },
        h("b", { text: r.scores[s] }),
        r.premium && r.premium[s] ? h("span", { class: "premium", text: "+" + r.premium[s] }) : null,
        r.cut && r.cut[s] ? h("span", { class: "cut", text: "−" + r.cut[s] }) : null));
      body.append(h("tr", { class: "block" }, h("td", { class: "lbl" }, h("b", { text: T("sheet_block", { n: n }) })), tds));
    } else {
      const label = r.kind === "total" ? T("sheet_total") : T("sheet_fines");
      body.append(h("tr", { class: r.kind }, h("td", { class: "lbl", text: label }),
        players.map((_, s) => h("td", { class: "cell", text: r.scores[s] }))));
    }
  }
  el.append(h("table", { class: "sheet" }, h("thead", {}, head), body));
}

// A game total said with its game's unit ("312 points", «в дураках 2 раза»): the texts of the
// page's game (window.JOKER.total_texts, the plug-in's total_texts): its own text for the number
// written out ("0"), else "n" (joker.i18n.labels.total_label says the same); no texts: the number.
function totalLabel(n) {
  const texts = J.total_texts || {};
  const text = texts[String(n)] || texts.n;
  return text ? fill(text, { n: n }) : String(n);
}

function renderStandings(el, standings, players) {
  clear(el);
  if (!standings) return;
  el.append(h("h2", { text: T("standings") }),
    h("table", { class: "list standings" },
      h("thead", {}, h("tr", {}, h("th", { text: T("place") }), h("th", { text: T("player") }), h("th", { text: T("col_result") }))),
      h("tbody", {}, standings.map((x) => h("tr", { class: x.place === 1 ? "winner" : "" },
        h("td", { text: x.place }), h("td", { text: players[x.seat] }), h("td", { text: totalLabel(x.total) }))))));
}

// -- a table's connection (the Durak page uses it; any table page may) ------------------------------
// The WebSocket /ws/<id>: hello with the seat token kept in localStorage
// ("joker.seat.<id>") and, after a drop, the last event number seen ("since"),
// so the server sends only the missed events; events applied in order (a gap
// asks for a snapshot: "sync"); reconnects with a growing pause (up to 5 s).
// on: {welcome(m), snapshot(m), event(m), message(m) for the other types,
// status(text): "" when connected, else what to show}.
// Returns {send(msg), join(token), forget(), seq(), token()}.
function tableSocket(tableId, on) {
  const key = "joker.seat." + tableId;
  let token = localStorage.getItem(key);
  let seq = 0;
  let ws = null;
  let pause = 0;
  const say = (text) => { if (on.status) on.status(text); };
  function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
  function open() {
    // ?lang=: the server says its refusals in the page's language
    ws = new WebSocket((location.protocol === "https:" ? "wss" : "ws") + "://" + location.host + "/ws/" + tableId +
      "?lang=" + encodeURIComponent(J.lang || "en"));
    ws.onopen = () => { pause = 0; send(seq > 0 ? { type: "hello", token: token, since: seq } : { type: "hello", token: token }); };
    ws.onclose = () => { say(T("reconnecting")); setTimeout(open, Math.min(5000, 400 * Math.pow(2, pause++))); };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "welcome") { say(""); on.welcome(m); }
      else if (m.type === "snapshot") { seq = m.seq; on.snapshot(m); }
      else if (m.type === "event") {
        if (m.seq <= seq) return;
        if (m.seq !== seq + 1) { send({ type: "sync" }); return; }
        seq = m.seq;
        on.event(m);
      } else {
        if (m.type === "error" && m.code === "bad_token") forget();
        if (on.message) on.message(m);
      }
      if (on.any) on.any(m); // every message, after the page's own handling (the chat, seat links, rematch)
    };
  }
  function forget() { localStorage.removeItem(key); token = null; }
  // sit with a new seat token: a fresh connection and a fresh snapshot
  function join(newToken) {
    localStorage.setItem(key, newToken);
    token = newToken;
    seq = 0;
    if (ws) ws.close();
  }
  // the seat's token changed on the server's word (a renewed seat link): used at the next reconnect
  function use(newToken) { token = newToken; }
  open();
  return { send: send, join: join, use: use, forget: forget, seq: () => seq, token: () => token };
}

// The seating panel of a table page (templates/table_seating.html): the invite
// link and its copy button, the join form (the name remembered as
// "joker.name"; onToken(token) gets the new seat's token), the host's start button.
function wireSeating(tableId, onToken, onStart) {
  const el = (id) => document.getElementById(id);
  el("invite").value = location.origin + "/t/" + tableId;
  el("copy").addEventListener("click", () => {
    el("invite").select();
    if (navigator.clipboard) navigator.clipboard.writeText(el("invite").value).then(() => toast(T("copied")), () => {});
  });
  el("j-name").value = localStorage.getItem("joker.name") || "";
  el("join").addEventListener("submit", async (e) => {
    e.preventDefault();
    el("j-error").textContent = "";
    const seat = el("j-seat").value;
    try {
      const r = await api("POST", "/api/tables/" + tableId + "/join", { name: el("j-name").value, seat: seat === "" ? null : Number(seat) });
      localStorage.setItem("joker.name", el("j-name").value);
      onToken(r.token);
    } catch (err) {
      el("j-error").textContent = err.message;
    }
  });
  el("start").addEventListener("click", onStart);
}
