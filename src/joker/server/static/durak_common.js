// What the Durak pages share (the table, the replay): the durak_web texts over
// the web ones, card words, card backs, the stock with its trumps, the bout's
// pairs and an action in words.  Loaded after common.js.
"use strict";

Object.assign(J.T, J.durak_T || {});

function isJoker(c) { return !!c && c[0] === "X"; }
// A card in words; a joker by what it is: durak-38's black (X1) or red (X2) joker, durak-36's 6♠ (X1)
// or 6♣ (X2) (RULES.md §13.2).  The deck: the table's (J.table) or the replay's (J.replay).
const DECK = (J.table && J.table.deck) || (J.replay && J.replay.deck);
function cardWords(c) { return isJoker(c) ? T((DECK === "durak36" ? "d_joker36_" : "d_joker_") + c[1]) : cardText(c); }
function back(cls, label) { return h("span", { class: "card back " + (cls || ""), title: label || null }); }

// The stock into box: its face-down cards, the turned trump across them, the
// hidden trump under it (RULES.md §13.2): face down while hidden, face up once
// shown; in the replay (reveal) its face is shown, marked as still hidden.
// stock: cards left, the two trumps included while they lie there.
function drawStock(box, stock, turned, hidden, shown) {
  clear(box);
  if (!stock) {
    box.append(h("span", { class: "card slot" }), h("span", { class: "d-label", text: T("d_stock_empty") }));
    return;
  }
  const pile = h("div", { class: "d-pile" });
  pile.append(hidden === null ? back("hidden", T("d_hidden")) : cardEl(hidden, { cls: "hidden" + (shown ? " shown" : " peek") }));
  if (stock >= 2) pile.append(cardEl(turned, { cls: "turned" }));
  if (stock >= 3) pile.append(back("top"));
  box.append(pile, h("span", { class: "d-label", text: T("d_stock", { n: stock }) }),
    h("span", { class: "d-label small", text: shown ? T("d_hidden_shown") : hidden === null ? T("d_hidden") : T("d_hidden") + ": " + cardWords(hidden) }));
}

// The bout's pairs into box (each attack card under the card that beat it);
// targets: attack cards that may be tapped, onTarget(card) then called.
function drawPairs(box, table, targets, onTarget) {
  clear(box);
  if (!table.length) { box.append(h("p", { class: "muted", text: T("d_table_empty") })); return; }
  const pairs = h("div", { class: "d-pairs" });
  table.forEach((p) => {
    const target = (targets || []).includes(p.attack);
    const att = cardEl(p.attack, { cls: "attack" + (target ? " target" : ""), onclick: target ? () => onTarget(p.attack) : null });
    att.dataset.attack = p.attack;
    pairs.append(h("div", { class: "d-pair" + (p.defence ? " beaten" : "") }, att, p.defence ? cardEl(p.defence, { cls: "defence" }) : null));
  });
  box.append(pairs);
}

// An action (the engine's notation) of the player called name, in words:
// phase is the phase it was played in, next the defender after it (a transfer's).
function actionWords(action, name, phase, next) {
  const [head, tail] = action.split(":");
  if (action === "take" || action === "done" || action === "pass") return T("ev_" + action, { name: name });
  if (tail !== undefined) return T("ev_" + (head === "show" ? "show" : "transfer"), { name: name, card: cardWords(tail.toUpperCase()), next: next });
  if (action.includes("/")) {
    const [card, target] = action.split("/");
    return T("ev_beat", { name: name, card: cardWords(card), target: cardWords(target) });
  }
  return T(phase === "add" ? "ev_add" : phase === "throw" ? "ev_throw" : "ev_lead", { name: name, card: cardWords(action) });
}
