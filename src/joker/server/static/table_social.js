// The social side of every table page (issue 23): your seat on another device
// (a personal seat link with its QR code, revocable), the table chat with quick
// reactions, and at game over the rematch and the way back to the lobby.
// Loaded before the page's own script, which hooks in with two calls:
//   Social.attach(send, setToken)   once: how to send a message, how to change the page's seat token;
//   Social.message(m, {seat, table}) for every server message, after the page handled it.
// Every text someone typed is put in with textContent (h() of common.js), never as markup.
"use strict";

const Social = (function () {
  const TID = J.table.id;
  const KEY = "joker.seat." + TID;
  const REACTIONS = ["thumbs_up", "well_played", "thanks", "good_luck", "oops", "wow"];
  const REACTION_ICONS = { thumbs_up: "thumbs_up", wow: "wow" }; // drawn by common.js icon(), with their words
  function reactionIcon(r) { return REACTION_ICONS[r] ? [icon(REACTION_ICONS[r], T("react_" + r)), " "] : null; }
  const MAX = 300;
  const el = (id) => document.getElementById(id);
  const st = { seat: null, table: J.table, send: () => {}, setToken: () => {}, seen: new Set(), unread: 0 };
  let peekTimer = null;
  let linked = false;

  // A seat link (/t/ID#seat=TOKEN): its token goes where the page looks for its seat, before the page
  // connects, and leaves the address bar (the address is not the link to share).
  const found = /(?:^#|&)seat=([^&]+)/.exec(location.hash);
  if (found) {
    try {
      localStorage.setItem(KEY, decodeURIComponent(found[1]));
      linked = true;
    } catch (e) { /* storage off: the page watches */ }
    history.replaceState(null, "", location.pathname + location.search);
  }
  // a seat link opened in a tab already on this table changes only the fragment: load the page again with it
  window.addEventListener("hashchange", () => { if (/(?:^#|&)seat=/.test(location.hash)) location.reload(); });

  function hasText(key) { return !!(J.T && J.T[key]); }
  function host() { return st.seat !== null && st.seat === st.table.host_seat; }
  function spectatorChat() { return (st.table.options && st.table.options.spectator_chat) || "hidden"; }
  function readsChat() { return st.seat !== null || spectatorChat() !== "hidden"; }
  function writesChat() { return st.seat !== null || spectatorChat() === "write"; }
  function panelOpen() { return !el("chat-panel").hidden; }

  // -- where the pieces go: the buttons under the table's heading, the game-over bar after the standings
  function place() {
    const head = document.querySelector(".table-head"); // in view before, during and after the game
    if (head) head.append(el("social-bar"));
    const standings = el("standings") || el("d-end");
    const over = el("social-over");
    if (standings) standings.after(over);
    else if (head) head.after(over);
  }

  // -- chat -----------------------------------------------------------------------------------------
  function who(m) {
    if (m.seat !== null && m.seat !== undefined) return m.name;
    return m.name ? m.name + " (" + T("chat_spectator") + ")" : T("chat_spectator");
  }

  function said(m) { return m.reaction ? T("react_" + m.reaction) : m.text; }

  function clock(iso) {
    const d = new Date(iso);
    // in the page's language and its way of writing a time (14:05 in Russian, 2:05 PM in English)
    return isNaN(d) ? "" : d.toLocaleTimeString(document.documentElement.lang || [], { hour: "numeric", minute: "2-digit" });
  }

  function addMessage(m, live) {
    if (st.seen.has(m.n)) return;
    st.seen.add(m.n);
    const list = el("chat-list");
    const empty = list.querySelector(".chat-none");
    if (empty) empty.remove();
    const mine = st.seat !== null && m.seat === st.seat;
    list.append(h("li", { class: "chat-msg" + (mine ? " mine" : "") + (m.reaction ? " reaction" : ""), dataset: { n: m.n } },
      h("span", { class: "chat-who", text: who(m) }), " ",
      h("span", { class: "chat-what" }, m.reaction ? reactionIcon(m.reaction) : null, said(m)), " ",
      h("time", { class: "chat-at muted small", datetime: m.at, text: clock(m.at) })));
    while (list.children.length > 200) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
    if (live && !panelOpen()) {
      st.unread += 1;
      peek(who(m) + ": " + said(m));
    }
    renderUnread();
  }

  function resetChat(messages) {
    st.seen = new Set();
    clear(el("chat-list"));
    el("chat-list").append(h("li", { class: "chat-none muted small", text: T("chat_empty") }));
    messages.forEach((m) => addMessage(m, false));
  }

  function peek(text) {
    const box = el("chat-peek");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(peekTimer);
    peekTimer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  function renderUnread() {
    const badge = el("chat-unread");
    badge.hidden = st.unread === 0;
    badge.textContent = T("chat_new", { n: st.unread });
  }

  function openChat(open) {
    el("chat-panel").hidden = !open;
    el("chat-toggle").setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      st.unread = 0;
      renderUnread();
      el("chat-peek").hidden = true;
      const list = el("chat-list");
      list.scrollTop = list.scrollHeight;
    }
  }

  function chatError(m) {
    const key = "err_" + m.code;
    const text = hasText(key) ? T(key, { n: MAX }) : refusal(m);
    el("chat-error").textContent = text;
    toast(T("error") + ": " + text, "error");
  }

  // -- the seat link --------------------------------------------------------------------------------
  function showLink(m) {
    el("seat-link-url").value = m.url;
    const img = el("seat-link-qr");
    img.src = m.qr; // an SVG data: URI drawn by the server (segno); an <img> runs no script
    img.hidden = false;
    if (m.renewed) {
      const token = decodeURIComponent(m.url.split("#seat=")[1] || "");
      if (token) {
        localStorage.setItem(KEY, token);
        st.setToken(token);
      }
      toast(T("seat_link_renewed"));
    }
    const dlg = el("seat-link-dialog");
    if (!dlg.open) dlg.showModal();
  }

  // -- rematch --------------------------------------------------------------------------------------
  function rematchSeat(m) {
    localStorage.setItem("joker.seat." + m.table, m.token);
    if (m.live) location.assign("/t/" + m.table);
    else render();
  }

  // -- drawing ---------------------------------------------------------------------------------------
  function render() {
    const t = st.table;
    const seated = st.seat !== null && t.seats[st.seat] && t.seats[st.seat].kind === "human";
    el("seat-link-open").hidden = !seated;
    // game over: rematch (the host), the rematch's table once made, the lobby
    const over = t.status === "finished";
    el("social-over").hidden = !over;
    if (over) {
      const go = el("so-go");
      const text = el("so-text");
      el("so-rematch").hidden = !(host() && !t.rematch);
      go.hidden = !t.rematch;
      text.textContent = t.rematch ? T("rematch_ready", { id: t.rematch }) : (host() ? "" : T("rematch_wait"));
      if (t.rematch) {
        go.href = "/t/" + encodeURIComponent(t.rematch);
        go.textContent = localStorage.getItem("joker.seat." + t.rematch) ? T("rematch_go") : T("rematch_watch");
      }
    }
    // the chat: players always; spectators as the host allows
    const reads = readsChat();
    el("chat-toggle").hidden = !reads;
    if (!reads && panelOpen()) openChat(false);
    el("chat-form").hidden = !writesChat();
    el("chat-reactions").hidden = !writesChat();
    el("chat-note").hidden = !(reads && !writesChat());
    el("chat-name-box").hidden = !(st.seat === null && writesChat());
    el("chat-setting-box").hidden = !host();
    el("chat-setting").value = spectatorChat();
  }

  function message(m, page) {
    if (page) {
      if (page.seat !== undefined) st.seat = page.seat;
      if (page.table) st.table = page.table;
    }
    switch (m.type) {
      case "welcome":
        if (linked && m.seat !== null) toast(T("seat_link_back"));
        linked = false;
        if (m.seat === null && el("seat-link-dialog").open) el("seat-link-dialog").close();
        if (m.seat !== null && el("abandoned-note")) el("abandoned-note").hidden = true;  // a seated client revives it
        break;
      case "chat_history":
        resetChat(m.messages || []);
        break;
      case "chat":
        addMessage(m, true);
        break;
      case "seat_link":
        showLink(m);
        break;
      case "rematch_seat":
        rematchSeat(m);
        break;
      case "error":
        if (owns(m)) chatError(m);
        break;
    }
    render();
  }

  // an error about the chat: said here (the page's own error toast skips it)
  function owns(m) {
    return m.type === "error" && (/^chat_/.test(m.code || "") || m.about === "chat" || m.about === "react");
  }

  function attach(send, setToken) {
    st.send = send;
    st.setToken = setToken || (() => {});
  }

  // -- wiring ----------------------------------------------------------------------------------------
  place();
  el("chat-text").placeholder = T("chat_placeholder", { n: MAX });
  el("chat-name").value = localStorage.getItem("joker.name") || "";
  REACTIONS.forEach((r) => el("chat-reactions").append(h("button", {
    type: "button", class: "reaction", dataset: { reaction: r },
    onclick: () => st.send({ type: "react", reaction: r }),
  }, reactionIcon(r), T("react_" + r))));
  el("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = el("chat-text");
    const text = input.value.trim();
    el("chat-error").textContent = "";
    if (!text) return;
    if (text.length > MAX) { chatError({ code: "chat_too_long", message: "" }); return; }
    const msg = { type: "chat", text: text };
    const name = st.seat === null ? el("chat-name").value.trim() : "";
    if (name) msg.name = name;
    st.send(msg);
    input.value = "";
  });
  el("chat-toggle").addEventListener("click", () => openChat(!panelOpen()));
  el("chat-close").addEventListener("click", () => openChat(false));
  el("chat-setting").addEventListener("change", (e) => st.send({ type: "chat_setting", spectators: e.target.value }));
  el("seat-link-open").addEventListener("click", () => st.send({ type: "seat_link" }));
  el("seat-link-renew").addEventListener("click", () => st.send({ type: "renew_link" }));
  el("seat-link-close").addEventListener("click", () => el("seat-link-dialog").close());
  el("seat-link-copy").addEventListener("click", () => {
    el("seat-link-url").select();
    if (navigator.clipboard) navigator.clipboard.writeText(el("seat-link-url").value).then(() => toast(T("copied")), () => {});
  });
  el("so-rematch").addEventListener("click", () => st.send({ type: "rematch" }));
  resetChat([]);
  render();

  return { attach: attach, message: message, owns: owns };
})();
