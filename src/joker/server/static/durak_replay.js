// The Durak replay viewer: a finished game's record, bout by bout, every hand
// and prikup shown (the record is public once the game is over).  Data:
// durak/web.py replay_data, as J.replay.
"use strict";

const R = J.replay;
const $ = (id) => document.getElementById(id);
const pos = { game: 0, bout: 0, frame: 0 };
function nameOf(s) { return s === null || s === undefined ? "" : R.players[s]; }
function bouts() { return R.games[pos.game].bouts; }
function frames() { return bouts()[pos.bout].frames; }

function go(game, bout, frame) {
  pos.game = Math.max(0, Math.min(game, R.games.length - 1));
  pos.bout = Math.max(0, Math.min(bout, bouts().length - 1));
  pos.frame = Math.max(0, Math.min(frame, frames().length - 1));
  draw();
}

// one step on or back, across bouts and games
function step(d) {
  const f = pos.frame + d;
  if (f >= 0 && f < frames().length) return go(pos.game, pos.bout, f);
  if (d > 0) {
    if (pos.bout + 1 < bouts().length) return go(pos.game, pos.bout + 1, 1);
    if (pos.game + 1 < R.games.length) { pos.game += 1; return go(pos.game, 0, 0); }
  } else {
    if (pos.bout > 0) { pos.bout -= 1; return go(pos.game, pos.bout, frames().length - 1); }
    if (pos.game > 0) { pos.game -= 1; pos.bout = bouts().length - 1; return go(pos.game, pos.bout, frames().length - 1); }
  }
}

function draw() {
  const fs = frames();
  const f = fs[pos.frame];
  const prev = pos.frame > 0 ? fs[pos.frame - 1] : null;
  $("r-game").value = String(pos.game);
  const bsel = clear($("r-bout"));
  bouts().forEach((b, i) => bsel.append(h("option", { value: i, text: T("r_bout", { n: b.bout }) })));
  bsel.value = String(pos.bout);
  $("r-slider").max = String(fs.length - 1);
  $("r-slider").value = String(pos.frame);
  const what = f.action === null ? T("r_start") : actionWords(f.action, nameOf(f.seat), prev ? prev.phase : "lead", nameOf(f.defender));
  clear($("r-info")).append(
    h("span", { text: T("r_game", { n: R.games[pos.game].game }) + " · " + T("r_bout", { n: bouts()[pos.bout].bout }) + " · " + T("r_frame", { n: pos.frame + 1, m: fs.length }) }),
    h("span", {}, T("d_trump") + ": ", h("b", { class: "trump-sym" + (f.trump === "D" || f.trump === "H" ? " red" : ""), text: f.trump ? suitSym(f.trump) : T("d_no_trump") })),
    h("b", { id: "r-what", text: what }));
  drawStock($("r-stock"), f.stock, f.turned, f.hidden, f.hidden_shown);
  drawPairs($("r-table"), f.table);
  clear($("r-discard")).append(f.discard ? back("pile") : h("span", { class: "card slot" }), h("span", { class: "d-label", text: T("d_discard", { n: f.discard }) }));
  const hands = clear($("r-hands"));
  R.players.forEach((name, s) => {
    const role = s === f.defender ? "defender" : s === f.leader ? "leader" : null;
    hands.append(h("div", { class: "d-player" + (s === f.current ? " to-move" : "") + (s === f.seat ? " acted" : ""), dataset: { seat: s } },
      h("div", { class: "pname" }, h("b", { text: name }), role ? h("span", { class: "badge role", text: T("d_role_" + role) }) : null,
        h("span", { class: "muted small", text: T("d_cards", { n: f.hands[s].length }) })),
      h("div", { class: "hand" }, f.hands[s].map((c) => cardEl(c, {}))),
      f.prikups[s].length ? h("div", { class: "d-prikup" }, h("span", { class: "muted small", text: T("d_prikup") + ": " }), f.prikups[s].map((c) => cardEl(c, { cls: "pk-face" }))) : null));
  });
}

R.games.forEach((g, i) => $("r-game").append(h("option", { value: i, text: T("r_game", { n: g.game }) })));
$("r-game").addEventListener("change", (e) => go(Number(e.target.value), 0, 0));
$("r-bout").addEventListener("change", (e) => go(pos.game, Number(e.target.value), 0));
$("r-slider").addEventListener("input", (e) => go(pos.game, pos.bout, Number(e.target.value)));
$("r-prev").addEventListener("click", () => step(-1));
$("r-next").addEventListener("click", () => step(1));
$("r-prev").textContent = T("r_prev");
$("r-next").textContent = T("r_next");
$("r-prev-bout").textContent = T("r_prev_bout");
$("r-next-bout").textContent = T("r_next_bout");
$("r-prev-bout").addEventListener("click", () => go(pos.game, pos.bout - 1, 0));
$("r-next-bout").addEventListener("click", () => go(pos.game, pos.bout + 1, 0));
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") step(1); else if (e.key === "ArrowLeft") step(-1); });
clear($("r-results")).append(...R.games.map((g) => h("li", {
  text: g.fool === null ? (g.over ? T("r_draw_of", { n: g.game }) : "") : T("r_fool_of", { n: g.game, name: nameOf(g.fool) }) })));
renderStandings($("r-standings"), R.standings, R.players);
go(0, 0, 0);
