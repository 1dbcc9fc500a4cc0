// The lobby: open tables (refreshed every few seconds) and the form that creates a table.
"use strict";

const $ = (id) => document.getElementById(id);

function renderTables(tables) {
  const box = clear($("tables"));
  if (!tables.length) { box.append(h("p", { class: "muted", text: T("lobby_empty") })); return; }
  const rows = tables.map((t) => h("tr", {},
    h("td", {}, h("a", { href: "/t/" + t.id, text: t.id })),
    h("td", { class: "small", text: t.rules }),
    h("td", { text: t.seats.map((s) => (s.kind === "open" ? "·" : s.name)).join(", ") }),
    h("td", { text: t.status === "waiting" ? T("open_seats", { n: t.open }) :
      t.deal != null ? T("deal_of", { deal: t.deal, deals: t.deals }) : T("status_" + t.status) }),  // a game without deals: its status
    h("td", {}, h("a", { class: "button" + (t.status === "waiting" && t.open ? " primary" : ""), href: "/t/" + t.id,
      text: t.status === "waiting" && t.open ? T("join") : T("watch") }))));
  box.append(h("div", { class: "scroll" }, h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", { text: T("col_table") }), h("th", { text: T("col_rules") }),
      h("th", { text: T("col_players") }), h("th", { text: T("col_status") }), h("th"))),
    h("tbody", {}, rows))));
}

async function refresh() {
  try { renderTables(await api("GET", "/api/tables")); } catch (e) { /* keep the last list */ }
}

function presetOf(name) { return J.presets.find((p) => p.name === name) || J.presets[0]; }

function playersWanted() {
  const text = $("c-rules").value.trim();
  const m = text.match(/players\s*=\s*(\d+)/);
  if (m) return Number(m[1]);
  const p = presetOf(text ? text.split("(")[0].trim() : $("c-preset").value);
  return p ? p.players : 4;
}

function renderSeats() {
  const n = playersWanted();
  const box = $("c-seats");
  const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  clear(box);
  for (let i = 0; i < n; i++) {
    if (i === 0) { box.append(h("div", { class: "seat-row" }, h("b", { text: T("seat_n", { n: 1 }) + ": " }), T("seat_you"))); continue; }
    const sel = h("select", { id: "c-seat-" + i, "aria-label": T("seat_n", { n: i + 1 }) },
      J.bots.map((b) => h("option", { value: "bot:" + b, text: T("seat_bot", { level: b }) })),
      h("option", { value: "human", text: T("seat_human") }));
    sel.value = old[i - 1] || (J.bots.includes("heuristic") ? "bot:heuristic" : "bot:" + J.bots[0]);
    box.append(h("div", { class: "seat-row" }, h("label", {}, T("seat_n", { n: i + 1 }) + ": ", sel)));
  }
}

function rulesText() {
  const text = $("c-rules").value.trim();
  if (text) return text;
  const schedule = $("c-schedule").value.trim().replace(/\s+/g, "");
  const preset = $("c-preset").value;
  return schedule ? preset + "(schedule='" + schedule + "')" : preset;
}

J.presets.forEach((p) => $("c-preset").append(h("option", { value: p.name, text: p.name + " · " + p.players })));
$("c-preset").addEventListener("change", renderSeats);
$("c-rules").addEventListener("change", renderSeats);
$("c-name").value = localStorage.getItem("joker.name") || "";
renderSeats();
renderTables(J.tables || []);
setInterval(refresh, 5000);

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("c-error").textContent = "";
  const n = playersWanted();
  const seats = ["human"];
  for (let i = 1; i < n; i++) seats.push($("c-seat-" + i).value);
  const body = {
    name: $("c-name").value, rules: rulesText(), seats: seats, host_seat: 0,
    turn_seconds: Number($("c-timer").value || 0), stalling_dot: $("c-stalling").checked, public: $("c-public").checked,
    spectator_chat: $("c-spectator-chat").value,
  };
  try {
    const r = await api("POST", "/api/tables", body);
    localStorage.setItem("joker.name", body.name);
    localStorage.setItem("joker.seat." + r.table, r.token);
    location.href = r.url;
  } catch (err) {
    $("c-error").textContent = err.message;
  }
});
