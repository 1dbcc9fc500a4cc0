// The bots' notice on the lobby and table pages (server/botplay.py): "Vera is thinking…" once a bot's
// turn has lasted 2 s (a "thinking" message), "the bots are getting ready" while the server prepares
// them after starting (J.bots_ready false, until a "thinking" message with preparing false).
// A table page passes every message to botNotice(m, nameOf); the next event clears "thinking".
"use strict";

const botNotice = (() => {
  let preparing = J.bots_ready === false;
  let who = null;
  function show() {
    let el = document.getElementById("bot-notice");
    if (!el) {
      el = h("p", { id: "bot-notice", class: "bot-notice", role: "status" });
      const main = document.querySelector("main");
      if (main) main.prepend(el);
    }
    const text = preparing ? T("bots_preparing") : who !== null ? T("bot_thinking", { name: who }) : "";
    el.textContent = text;
    el.hidden = !text;
  }
  show();
  return (m, nameOf) => {
    if (m.type === "thinking") {
      preparing = !!m.preparing;
      who = m.seat === null || m.seat === undefined ? null : nameOf(m.seat);
    } else if (m.type === "event" || m.type === "snapshot") {
      who = null;
    } else return;
    show();
  };
})();
