// One scorekeeper game: enter each deal with big tap targets (trump, bids and
// tricks in bidding order), fines and dots, undo, redeal, finish; the sheet.
// Every entry is one call of the ledger, which checks it (the dealer's bid,
// tricks summing to the deal) and answers with the whole game again.
"use strict";

let G = J.game;
let tricks = [];
let override = false;
let saving = false;
const $ = (id) => document.getElementById(id);
const LOCKED = ["g-entry", "g-actions", "g-pen"];

// While an entry is being saved every control of the game is inert (no tap,
// click or key reaches it) and "Saving…" shows: a tap meant for the deal being
// scored must not land on the next one once the answer arrives.
function setSaving(on) {
  saving = on;
  LOCKED.forEach((id) => {
    const el = $(id);
    el.inert = on;
    el.setAttribute("aria-busy", on ? "true" : "false");
  });
  document.body.classList.toggle("saving", on);
  $("g-saving").hidden = !on;
}

async function post(path, body) {
  if (saving) return false;  // one entry at a time
  setSaving(true);
  $("g-error").textContent = "";
  try {
    G = await keeperApi("/api/keeper/games/" + G.id + path, body || {});
    render();
    return true;
  } catch (e) {
    $("g-error").textContent = e.message;
    return false;
  } finally {
    setSaving(false);
  }
}

// a tap button; label: what a screen reader says for it in the page's language ("Аня: заказ 2", "пики")
function tap(text, selected, onclick, disabled, title, data, label) {
  return h("button", { type: "button", class: "tap" + (selected ? " selected" : ""), text: text, disabled: disabled,
    title: title, onclick: onclick, dataset: data || {}, "aria-label": label, "aria-pressed": selected ? "true" : "false" });
}

function renderEntry() {
  const c = G.current;
  $("g-entry").hidden = !c;
  if (!c) return;
  const p = G.players;
  let next = T("deal_next", { deal: c.number, deals: c.deals, cards: T("cards_n", { n: c.cards }) + (c.kind !== "normal" ? " · " + T("kind_" + c.kind) : ""),
    dealer: p[c.dealer], first: p[c.first_hand] });
  if (c.trump_chooser !== null) next += " · " + T("trump_chooser", { name: p[c.trump_chooser] });
  $("g-next").textContent = next;
  const tb = clear($("g-trump"));
  ["S", "C", "D", "H", "N"].forEach((s) => {
    const b = tap(suitSym(s), c.trump === s, () => post("/trump", { trump: s }), false, null, { trump: s }, s === "N" ? T("no_trump") : T("suit_name_" + s));
    if (s === "D" || s === "H") b.classList.add("red");
    tb.append(b);
  });
  $("g-bids-box").hidden = !c.needs_bids;
  const bb = clear($("g-bids"));
  if (c.needs_bids) {
    c.bid_order.forEach((seat) => {
      const row = h("div", { class: "tap-row", dataset: { seat: seat } },
        h("span", { class: "who" }, seat === c.dealer ? h("span", { class: "dealer-dot", text: "●" }) : null, p[seat]));
      for (let b = 0; b <= c.cards; b++) {
        const forbidden = seat === c.dealer && c.forbidden === b;
        row.append(tap(String(b), c.bids[seat] === b, () => post("/bid", { seat: seat, bid: b, house_override: forbidden && override }),
          forbidden && !override, forbidden ? T("bid_forbidden", { n: b }) : null, { bid: b }, T("bid_by", { name: p[seat], n: b })));
      }
      bb.append(row);
    });
    if (c.forbidden !== null) {
      bb.append(h("label", { class: "check small" }, h("input", { type: "checkbox", checked: override, onchange: (e) => { override = e.target.checked; render(); } }),
        " " + T("house_override")));
    }
  }
  if (tricks.length !== p.length) tricks = p.map(() => null);
  const tk = clear($("g-tricks"));
  c.bid_order.forEach((seat) => {  // in the order the bids were said, as the terminal's table mode asks them
    const row = h("div", { class: "tap-row", dataset: { seat: seat } }, h("span", { class: "who", text: p[seat] }));
    for (let t = 0; t <= c.cards; t++) {
      row.append(tap(String(t), tricks[seat] === t, () => { if (!saving) { tricks[seat] = t; renderEntry(); } }, false, null, { tricks: t },
        T("tap_tricks", { name: p[seat], n: t })));
    }
    tk.append(row);
  });
  const sum = tricks.reduce((a, b) => a + (b || 0), 0);
  $("g-sum").textContent = T("tricks_sum", { sum: sum, cards: c.cards });
  const missing = entryMissing(c, sum);
  $("g-missing").textContent = missing || "";
  $("g-score").disabled = missing !== null;
}

// What the deal still lacks before it can be scored, as the ledger checks it
// (joker.ledger.entry; the server still refuses what slips by): the trump, every bid (when the deal has bids), every trick
// count, tricks adding up to the deal's cards.  The first part missing, said
// for the line beside "Score the deal" (players in bidding order); null when
// the entry is complete.
function entryMissing(c, sum) {
  const unset = (values) => c.bid_order.filter((s) => values[s] === null).map((s) => G.players[s]).join(", ");
  if (c.trump === null) return T("missing_trump");
  if (c.needs_bids && c.bids.some((b) => b === null)) return T("missing_bids", { names: unset(c.bids) });
  if (tricks.some((t) => t === null)) return T("missing_tricks", { names: unset(tricks) });
  if (sum !== c.cards) return T("missing_sum", { sum: sum, cards: c.cards });
  return null;
}

function render() {
  $("g-state").textContent = T("game_state_" + G.state);
  $("g-head").textContent = G.date + " · " + G.rules_label + " · " + G.players.join(", ");
  $("g-head").title = G.rules;
  renderEntry();
  $("g-complete").hidden = !(G.complete && G.state === "open");
  $("g-finish").disabled = !(G.complete && G.state === "open");
  $("g-abandon").disabled = G.state !== "open";
  $("g-redeal").disabled = G.state !== "open";
  renderSheet($("g-sheet"), G.sheet, G.players);
  const st = $("g-standings");
  clear(st);
  if (G.places) {
    const rows = G.players.map((_, s) => ({ place: G.places[s], seat: s, total: G.totals[s] }))
      .sort((a, b) => a.place - b.place || a.seat - b.seat);
    renderStandings(st, rows, G.players);
    st.append(h("p", { class: "muted", text: G.cup_points ? T("cup_points_game") + ": " + G.players.map((n, s) => n + " " + G.cup_points[s]).join(", ") : T("not_contested") }));
  }
  const dots = clear($("g-dots"));
  if (G.dots_game.some((x) => x) || G.slaps_day.some((x) => x)) {
    dots.append(h("p", { class: "small" }, G.players.map((n, s) => n + ": " + T("dots") + " " + G.dots_game[s] + ", " + T("dots_today") + " " +
      G.dots_running[s] + ", " + T("slaps_today") + " " + G.slaps_day[s]).join(" · ")));
  }
  const pl = clear($("g-penalties"));
  G.penalties.forEach((x) => pl.append(h("li", { text: x.text + (x.slap ? " — " + T("penalty_slap", { n: x.slap }) : "") })));
  const rd = clear($("g-redeals"));
  if (G.redeals.length) rd.append(h("h3", { text: T("redeals") }), h("ul", { class: "plain" }, G.redeals.map((r) => h("li", { text: r.number + "." + r.attempt + ": " + r.text }))));
  const ps = $("p-seat");
  if (!ps.options.length) G.players.forEach((n, s) => ps.append(h("option", { value: s, text: n })));
}

J.infringements.forEach((i) => $("p-code").append(h("option", { value: i.code, text: i.text + " (" + T("kind_" + i.penalty) + ")" })));
$("p-code").append(h("option", { value: "other", text: T("code_other") }));
$("p-code").addEventListener("change", () => { $("p-kind-box").hidden = $("p-code").value !== "other"; });
$("g-pen").addEventListener("submit", (e) => {
  e.preventDefault();
  const other = $("p-code").value === "other";
  post("/penalty", { seat: Number($("p-seat").value), code: $("p-code").value, kind: other ? $("p-kind").value : null,
    note: $("p-note").value }).then((ok) => { if (ok) $("p-note").value = ""; });
});
$("g-score").addEventListener("click", () => post("/tricks", { tricks: tricks }).then((ok) => { if (ok) { tricks = []; override = false; render(); } }));
$("g-undo").addEventListener("click", () => post("/undo"));
$("g-redeal").addEventListener("click", () => {
  const reason = prompt(T("redeal_reason"));
  if (reason !== null) post("/redeal", { reason: reason });
});
$("g-finish").addEventListener("click", () => post("/finish"));
$("g-abandon").addEventListener("click", () => { if (confirm(T("abandon_confirm"))) post("/abandon", { reason: "" }); });
$("g-chart-btn").addEventListener("click", () => {
  const img = $("g-chart");
  img.src = "/keeper/games/" + G.id + "/chart.png?v=" + G.played + "-" + Date.now();
  img.hidden = false;
});
render();
