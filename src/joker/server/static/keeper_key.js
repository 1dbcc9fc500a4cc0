// The scorekeeper's writes: always a JSON body, and the keeper key when the
// server has one (`joker serve --keeper-key`): asked once, kept for the browser
// session (sessionStorage), asked again when the server refuses it.
"use strict";

const KEEPER_KEY = "joker-keeper-key";

function keeperKey(again) {
  let key = again ? null : sessionStorage.getItem(KEEPER_KEY);
  while (!key) {
    key = (prompt(T(again ? "keeper_key_wrong" : "keeper_key_prompt")) || "").trim();
    if (!key) throw new Error(T("keeper_key"));
    // a key is printable ASCII (joker serve checks it): anything else cannot be one, nor go in a header
    if (!/^[\x21-\x7e]+$/.test(key)) { key = null; again = true; continue; }
    sessionStorage.setItem(KEEPER_KEY, key);
  }
  return key;
}

// api() for a scorekeeper write: POST body (default {}) as JSON, with the key.
async function keeperApi(url, body) {
  let again = false;
  for (;;) {
    const headers = J.keeper_key ? { "X-Keeper-Key": keeperKey(again) } : {};
    try {
      return await api("POST", url, body === undefined ? {} : body, headers);
    } catch (e) {
      const code = e.data && e.data.code;
      if (!(J.keeper_key && (code === "keeper_key" || code === "keeper_key_wrong"))) throw e;
      sessionStorage.removeItem(KEEPER_KEY);
      again = true;
    }
  }
}
