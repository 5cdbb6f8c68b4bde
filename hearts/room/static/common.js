// Shared by the room's pages: their words in both languages, the language chosen in this browser, and the
// address of the room's websocket (relative to the page, so the pages also work behind a proxy's path).
window.HeartsRoom = (function () {
  "use strict";
  const words = JSON.parse(document.getElementById("room-text").textContent);
  const langKey = "hearts-room-lang";

  // This browser's storage (the seat's token, the language), or this page's memory when the browser keeps
  // nothing (storage turned off, as in some private windows, or full): the room still works, and what could
  // not be kept is asked again after a reload.
  const memory = new Map();
  function stored(key) {
    if (memory.has(key)) return memory.get(key);
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }
  function keep(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
      memory.delete(key);
    } catch (e) {
      if (value === null) memory.delete(key);
      else memory.set(key, value);
    }
  }

  function firstLang() {
    const lang = stored(langKey) || document.body.dataset.lang || "en";
    return words[lang] ? lang : "en";
  }

  function saveLang(lang) {
    keep(langKey, lang);
  }

  function say(lang, key, values) {
    let s = (words[lang] && words[lang][key]) || key;
    for (const [k, v] of Object.entries(values || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }

  function socketUrl() {
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.hash = "";
    url.search = "";
    return url.href;
  }

  // This browser's own token, kept in its storage and sent with every seat request: the room gives one
  // browser one seat (asking again gives back the seat it holds).
  const browserKey = "hearts-room-browser";

  function browserToken() {
    let token = stored(browserKey);
    if (!token || token.length < 16) {
      const bytes = new Uint8Array(18);
      crypto.getRandomValues(bytes);
      token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      keep(browserKey, token);
    }
    return token;
  }

  return { firstLang, saveLang, say, socketUrl, browserToken, stored, keep };
})();
