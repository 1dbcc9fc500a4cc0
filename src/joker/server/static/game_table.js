// The generic table page, for a game without its own: the view as the server
// sends it (the game's web plug-in renders it), its legal actions as buttons.
"use strict";

const TABLE_ID = J.table.id;
const TOKEN_KEY = "joker.seat." + TABLE_ID;
let token = localStorage.getItem(TOKEN_KEY);
let ws = null;
let seat = null;
let seq = 0;
const $ = (id) => document.getElementById(id);

const S = { table: J.table, view: null, totals: null, standings: null };

function show(m) {
  for (const k of ["table", "view", "totals", "standings"]) if (m[k] !== undefined) S[k] = m[k];
  if (m.game_over) S.standings = m.game_over.standings;
  const v = S.view;
  $("view").textContent = JSON.stringify(S, null, 1);
  const legal = clear($("legal"));
  if (v && v.current === seat && seat !== null) {
    (v.legal || []).forEach((a) => legal.append(h("button", { type: "button", text: a, onclick: () => send({ type: "act", action: a }) })));
  }
  const table = S.table;
  $("start").hidden = !(table.status === "waiting" && seat === table.host_seat);
  $("join").hidden = seat !== null || table.status !== "waiting";
}

function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(proto + "://" + location.host + "/ws/" + TABLE_ID + "?lang=" + encodeURIComponent(J.lang || "en"));
  ws.onopen = () => { $("conn").textContent = ""; send({ type: "hello", token: token || null }); };
  ws.onclose = () => { $("conn").textContent = T("reconnecting"); setTimeout(connect, 1000); };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    botNotice(m, (s) => (S.table.seats[s] && S.table.seats[s].name) || "#" + (s + 1));
    if (m.type === "welcome") seat = m.seat;
    else if (m.type === "snapshot" || m.type === "event") { seq = m.seq; show(m); }
    else if (m.type === "error" && !Social.owns(m)) toast(refusal(m, S.table && seatNames(S.table.seats)), "error");
    Social.message(m, { seat: seat, table: S.table });
  };
}

Social.attach(send, (t) => { token = t; });
$("start").onclick = () => send({ type: "start" });
$("join").onsubmit = async (e) => {
  e.preventDefault();
  try {
    const r = await api("POST", "/api/tables/" + TABLE_ID + "/join", { name: $("j-name").value });
    localStorage.setItem(TOKEN_KEY, r.token);
    token = r.token;
    if (ws) ws.close();
  } catch (err) { toast(err.message, "error"); }
};
connect();
