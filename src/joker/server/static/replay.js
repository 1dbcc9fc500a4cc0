// The replay viewer: a finished game deal by deal and card by card, every hand shown.
"use strict";

const R = J.replay;
const $ = (id) => document.getElementById(id);
// flat list of [deal index, frame index]
const STEPS = [];
R.deals.forEach((d, i) => d.frames.forEach((_, k) => STEPS.push([i, k])));
let pos = 0;

function stepText(d, f) {
  if (f.seat === null) return T("replay_start");
  const name = R.players[f.seat];
  if (/^b\d+$/.test(f.action)) return T("played", { name: name, what: T("bids_n", { n: f.action.slice(1) }) });
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
  f.trick.forEach((p) => tr.append(h("div", { class: "play" + (f.winner === p.seat ? " won" : "") },
    cardEl(p.card, {}), h("div", { class: "who", text: R.players[p.seat] }),
    p.action.includes(":") ? h("div", { class: "call small", text: jokerText(p.action) }) : null)));
  if (f.winner !== null && f.winner !== undefined) tr.append(h("p", { class: "muted won-text", text: T("trick_won", { name: R.players[f.winner] }) }));
}

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
