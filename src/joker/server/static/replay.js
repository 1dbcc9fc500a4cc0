// The replay viewer: a finished game deal by deal and card by card, every hand shown;
// with its double-dummy analysis (joker.analysis, made on the server by POST
// /api/tables/{id}/analysis and polled by GET): per deal the bids each seat could
// force, the most tricks each could make sure of and the fewest he could hold himself to, his
// bid's verdict in words, and the cards that lowered their player's best
// achievable result, marked in their frames and listed to jump to.
"use strict";

const R = J.replay;
const $ = (id) => document.getElementById(id);
// flat list of [deal index, frame index]
const STEPS = [];
R.deals.forEach((d, i) => d.frames.forEach((_, k) => STEPS.push([i, k])));
let pos = 0;
let DD = null; // per deal index: {deal: the analysis of the deal or null, notes: Map(frame index -> card note)}

function stepText(d, f) {
  if (f.seat === null) return T("replay_start");
  const name = R.players[f.seat];
  if (/^b\d+$/.test(f.action)) return T("bid_by", { name: name, n: f.action.slice(1) });
  if (f.action.startsWith("trump:")) return T("chose_trump", { name: name, what: suitSym(f.action.slice(6)) });
  return T("played", { name: name, what: actionText(f.action) });
}

function show() {
  const [di, fi] = STEPS[pos];
  const d = R.deals[di];
  const f = d.frames[fi];
  $("r-slider").value = pos;
  $("r-deal").value = di;
  const trump = f.trump === null ? T("trump_pending") : suitSym(f.trump);
  $("r-info").textContent = T("deal_of", { deal: d.deal, deals: R.deals.length }) + " · " + T("cards_n", { n: d.cards }) +
    " · " + T("trump") + ": " + trump + " · " + T("dealer") + ": " + R.players[d.dealer] + " · " +
    T("step_of", { k: pos + 1, n: STEPS.length }) + " — " + stepText(d, f);
  const hands = clear($("r-hands"));
  R.players.forEach((p, s) => {
    const bid = f.bids[s];
    hands.append(h("div", { class: "replay-hand" + (f.seat === s ? " to-move" : "") },
      h("div", { class: "pname" }, d.dealer === s ? h("span", { class: "dealer-dot", text: "●" }) : null, h("b", { text: p }),
        h("span", { class: "bt", text: "  " + (bid === null || bid === undefined ? "–" : bid) + " / " + f.taken[s] })),
      h("div", { class: "hand small-cards" }, f.hands[s].map((c) => cardEl(c, {})))));
  });
  const tr = clear($("r-trick"));
  const note = DD && DD[di].notes.get(fi);
  const marked = (p) => note && note.changed && p.seat === f.seat && p.action === f.action;
  f.trick.forEach((p) => tr.append(h("div", { class: "play" + (f.winner === p.seat ? " won" : "") + (marked(p) ? " dd-mistake" : "") },
    cardEl(p.card, {}), h("div", { class: "who", text: R.players[p.seat] }),
    p.action.includes(":") ? h("div", { class: "call small", text: callText(p.action) }) : null)));
  if (f.winner !== null && f.winner !== undefined) tr.append(h("p", { class: "muted won-text", text: T("trick_won", { name: R.players[f.winner] }) }));
  const noteEl = $("r-dd-note");
  noteEl.hidden = !note;
  noteEl.className = "dd-note" + (note && note.changed ? " changed" : "");
  noteEl.textContent = !note ? "" : note.changed ? R.players[note.seat] + ": " + changeText(note)
    : T("dd_note_kept", { name: R.players[note.seat], best: note.best_after });
  showDeal(di);
}

// -- the double-dummy analysis -------------------------------------------------------------------
const isCard = (a) => a !== null && !/^b\d+$/.test(a) && !a.startsWith("trump:");

// The k-th card played in a deal is the deal's k-th card note.
function indexAnalysis(a) {
  const byIndex = new Map(a.deals.map((d) => [d.index, d]));
  return R.deals.map((d, di) => {
    const deal = byIndex.get(di) || null;
    const notes = new Map();
    if (deal) {
      let k = 0;
      d.frames.forEach((f, fi) => {
        if (f.seat === null || !isCard(f.action)) return;
        const n = deal.cards_played[k++];
        if (n && n.seat === f.seat && n.action === f.action) notes.set(fi, n);
      });
    }
    return { deal: deal, notes: notes };
  });
}

function changeText(n) {
  let s = T("dd_note", { before: n.best_before, after: n.best_after });
  if (n.bid_before && !n.bid_after) s += "; " + T("dd_bid_lost");
  return s;
}

// A bid against double-dummy play, in words: made for sure, or why not — more than he could
// make sure of taking (most), fewer than he could hold himself to (fewest), or a total in between
// the others could keep him off.
function bidVerdict(bid, most, fewest, ok) {
  if (bid === null) return "–";
  if (ok) return T("dd_bid_made");
  if (bid > most) return T("dd_bid_short", { bid: bid, most: most });
  if (bid < fewest) return T("dd_bid_over", { bid: bid, fewest: fewest });
  return T("dd_bid_between", { bid: bid });
}

function showDeal(di) {
  const box = clear($("dd-deal"));
  if (!DD) return;
  const a = DD[di].deal;
  if (!a) {
    box.append(h("p", { class: "muted", text: T("dd_not_analysed") }));
    return;
  }
  const rows = R.players.map((p, s) => {
    const bid = a.bids ? a.bids[s] : null;
    const ok = bid !== null && a.achievable[s].includes(bid);
    const exact = a.achievable[s].length ? T("dd_exact", { list: a.achievable[s].join(", ") }) : T("dd_exact_none");
    return h("tr", {}, h("td", { text: p }), h("td", { class: ok ? "made" : "", text: bid === null ? "–" : bid }),
      h("td", { text: a.tricks[s] }), h("td", { class: "dd-at-least", text: a.most[s] }), h("td", { class: "dd-at-most", text: a.fewest[s] }),
      h("td", { class: "dd-verdict" }, h("span", { class: ok ? "made" : "", text: bidVerdict(bid, a.most[s], a.fewest[s], ok) }),
        h("br"), h("span", { class: "muted small dd-exact", text: exact })));
  });
  box.append(h("div", { class: "scroll" }, h("table", { class: "list dd-table" },
    h("thead", {}, h("tr", {}, [T("player"), T("dd_col_bid"), T("dd_col_taken"), T("dd_col_at_least"), T("dd_col_at_most"), T("dd_col_verdict")]
      .map((x) => h("th", { text: x })))),
    h("tbody", {}, rows))));
  const mistakes = [...DD[di].notes.entries()].filter(([, n]) => n.changed);
  box.append(h("h3", { text: T("dd_mistakes") }));
  if (!mistakes.length) {
    box.append(h("p", { class: "muted", text: T("dd_no_mistakes") }));
    return;
  }
  box.append(h("ul", { class: "plain dd-mistakes" }, mistakes.map(([fi, n]) => h("li", {},
    h("button", { type: "button", class: "quiet dd-jump" + (STEPS[pos][1] === fi ? " here" : ""),
      onclick: () => go(STEPS.findIndex((x) => x[0] === di && x[1] === fi)),
      text: T("dd_mistake_item", { trick: n.trick, name: R.players[n.seat], card: actionText(n.action), note: changeText(n) }) })))));
}

// status: {status: none|running|done|failed, preparing, done, total, analysis, error}
// (preparing: the server's worker is still getting the solver ready, before any deal)
function analysisStatus(st) {
  const running = st.status === "running";
  $("dd-start").hidden = running || st.status === "done";
  $("dd-progress").hidden = !running;
  $("dd-bar").max = Math.max(st.total, 1);
  if (running && st.preparing) $("dd-bar").removeAttribute("value"); // indeterminate: no deal started yet
  else $("dd-bar").value = st.done;
  $("dd-progress-text").textContent = running && st.preparing ? T("dd_preparing")
    : T("dd_running", { done: st.done, total: st.total || "…" });
  $("dd-error").hidden = st.status !== "failed";
  $("dd-error").textContent = st.status === "failed" ? T("dd_failed", { error: st.error }) : "";
  if (st.status === "done" && st.analysis) {
    DD = indexAnalysis(st.analysis);
    show();
  }
  if (running) setTimeout(pollAnalysis, 800);
}

async function pollAnalysis() {
  try {
    analysisStatus(await api("GET", "/api/tables/" + J.table_id + "/analysis"));
  } catch (e) {
    toast(e.message, "error");
    $("dd-start").hidden = false;
    $("dd-progress").hidden = true;
  }
}

$("dd-start").addEventListener("click", async (e) => {
  e.target.disabled = true;
  try {
    analysisStatus(await api("POST", "/api/tables/" + J.table_id + "/analysis"));
  } catch (err) {
    toast(err.message, "error");
  } finally {
    e.target.disabled = false;
  }
});

function go(p) { pos = Math.max(0, Math.min(STEPS.length - 1, p)); show(); }
function dealStart(di) { return STEPS.findIndex((s) => s[0] === di); }

$("r-slider").max = STEPS.length - 1;
R.deals.forEach((d, i) => $("r-deal").append(h("option", { value: i, text: T("deal_of", { deal: d.deal, deals: R.deals.length }) })));
$("r-next").addEventListener("click", () => go(pos + 1));
$("r-prev").addEventListener("click", () => go(pos - 1));
$("r-first").addEventListener("click", () => {
  const di = STEPS[pos][0];
  const start = dealStart(di);
  go(pos === start && di > 0 ? dealStart(di - 1) : start);
});
$("r-last").addEventListener("click", () => {
  const di = STEPS[pos][0];
  go(di + 1 < R.deals.length ? dealStart(di + 1) : STEPS.length - 1);
});
$("r-deal").addEventListener("change", (e) => go(dealStart(Number(e.target.value))));
$("r-slider").addEventListener("input", (e) => go(Number(e.target.value)));
document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") go(pos + 1);
  if (e.key === "ArrowLeft") go(pos - 1);
});
renderSheet($("r-sheet"), R.sheet, R.players);
renderStandings($("r-standings"), R.standings, R.players);
show();
analysisStatus(J.analysis || { status: "none", done: 0, total: 0, analysis: null, error: null });
