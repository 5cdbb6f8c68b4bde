// The players' page of a Hearts room. The server holds the game: this script shows what the server sends
// for this seat (an SVG table drawn by hearts.display, and a few facts), and sends what the person does.
// No rule is decided here. The seat's token is kept in this browser (localStorage), so a reload or a lost
// connection gets the seat back. Every action names the position it answers ("at"), so a click on an old
// drawing can never act on a newer position.
(function () {
  "use strict";
  const R = window.HeartsRoom;
  const $ = (id) => document.getElementById(id);
  const roomKey = "hearts-room:" + location.pathname.replace(/\/+$/, "");
  let lang = R.firstLang();
  let ws = null;
  let state = null;
  let lobby = null;
  let retry = 200;
  let stopped = false;
  let error = null;

  function t(key, values) {
    return R.say(lang, key, values);
  }

  function status(text) {
    $("status").textContent = text || "";
  }

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function staticTexts() {
    document.documentElement.lang = lang;
    $("lang").value = lang;
    $("lang-label").textContent = t("language");
    $("room-title").textContent = t("title");
    $("join-intro").textContent = t("join_intro", { number: $("room").dataset.number });
    $("name-label").textContent = t("name");
    $("pass").textContent = t("pass");
    $("next").textContent = t("next");
    $("leave").textContent = t("leave");
    $("players-title").textContent = t("players");
  }

  function showLobby() {
    $("lobby").hidden = false;
    $("play").hidden = true;
    const box = $("tables");
    box.replaceChildren();
    if (!lobby) return;
    for (const table of lobby.tables) {
      const sec = document.createElement("div");
      sec.className = "room-table";
      sec.dataset.table = String(table.table);
      const h = document.createElement("h2");
      const progress = table.game_over ? t("finished") : t("hand", { hand: table.hand_number });
      h.textContent = t("table", { table: table.table + 1 }) + " · " + progress;
      sec.appendChild(h);
      const ul = document.createElement("ul");
      for (const seat of table.seats) {
        const li = document.createElement("li");
        const label = document.createElement("span");
        label.textContent = seat.seat_name + ": " + (seat.free ? t("free") : seat.name);
        li.appendChild(label);
        if (seat.free && !table.game_over) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "room-sit";
          b.dataset.table = String(table.table);
          b.dataset.seat = String(seat.seat);
          b.textContent = t("sit");
          b.addEventListener("click", () => {
            const name = $("name").value;
            send({ type: "join", table: table.table, seat: seat.seat, name: name, browser: R.browserToken() });
          });
          li.appendChild(b);
        }
        ul.appendChild(li);
      }
      sec.appendChild(ul);
      box.appendChild(sec);
    }
  }

  function showState() {
    $("lobby").hidden = true;
    $("play").hidden = false;
    const board = $("board");
    board.innerHTML = state.svg; // drawn by the server from this seat's own observation
    board.dataset.phase = state.phase;
    board.dataset.yourTurn = String(state.your_turn);
    const msg = $("message");
    const line = error || state.message;
    msg.className = "room-message room-" + line.kind;
    msg.textContent = line.text;
    document.body.dataset.saved = String(state.saved !== false);
    const pass = $("pass");
    pass.hidden = !state.can_pass;
    pass.disabled = state.selected.length !== state.pass_size;
    $("next").hidden = !state.can_next;
    const ul = $("players");
    ul.replaceChildren();
    for (const p of state.players) {
      const li = document.createElement("li");
      li.dataset.seat = String(p.seat);
      let extra = p.kind === "bot" || p.connected ? "" : t("away"); // a bot's name already says so
      if (p.seat === state.seat) extra = t("you");
      li.textContent = p.name + (extra ? " (" + extra + ")" : "") + " · " + state.scores[p.seat];
      if (p.seat === state.to_play) li.className = "room-to-play";
      ul.appendChild(li);
    }
    board.dataset.version = String(state.version); // last: tests wait for it
  }

  function onMessage(event) {
    const msg = JSON.parse(event.data);
    if (msg.type === "lobby") {
      lobby = msg;
      if (!state) showLobby();
    } else if (msg.type === "seated") {
      R.keep(roomKey, msg.token);
      error = null;
    } else if (msg.type === "state") {
      state = msg;
      error = null;
      status("");
      showState();
    } else if (msg.type === "error") {
      if (msg.code === "bad_token") {
        R.keep(roomKey, null);
        state = null;
        showLobby();
      }
      error = { kind: "error", text: msg.text };
      if (state) {
        const m = $("message");
        m.className = "room-message room-error";
        m.textContent = msg.text;
        m.dataset.errors = String(Number(m.dataset.errors || "0") + 1);
      } else {
        status(msg.text);
      }
    } else if (msg.type === "left" || msg.type === "freed") {
      R.keep(roomKey, null);
      state = null;
      error = null;
      status(msg.type === "freed" ? msg.text : t("left"));
      showLobby();
    } else if (msg.type === "replaced") {
      stopped = true;
      status(t("replaced"));
      $("play").hidden = true;
      $("lobby").hidden = true;
    }
  }

  function connect() {
    if (stopped) return;
    ws = new WebSocket(R.socketUrl());
    ws.addEventListener("open", () => {
      retry = 200;
      status("");
      send({ type: "lang", lang: lang });
      const token = R.stored(roomKey);
      if (token) send({ type: "resume", token: token });
    });
    ws.addEventListener("message", onMessage);
    ws.addEventListener("close", () => {
      ws = null;
      if (stopped) return;
      status(t("reconnecting"));
      document.body.dataset.connected = "false";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 3000);
    });
    ws.addEventListener("open", () => {
      document.body.dataset.connected = "true";
    });
  }

  $("board").addEventListener("click", (event) => {
    if (!state) return;
    const g = event.target.closest("g.card[data-card]");
    if (!g) return;
    const card = g.getAttribute("data-card");
    error = null;
    const copy = Number(g.getAttribute("data-copy")) || 1; // which of two identical cards (two packs)
    if (state.can_pass) send({ type: "select", card: card, copy: copy, at: state.at });
    else send({ type: "play", card: card, at: state.at });
  });
  $("pass").addEventListener("click", () => {
    if (state) send({ type: "pass", cards: state.selected, at: state.at });
  });
  $("next").addEventListener("click", () => {
    if (state) send({ type: "next", at: state.at });
  });
  $("leave").addEventListener("click", () => send({ type: "leave" }));
  $("lang").addEventListener("change", () => {
    lang = $("lang").value;
    R.saveLang(lang);
    staticTexts();
    send({ type: "lang", lang: lang });
    if (!state) showLobby();
  });

  staticTexts();
  status(t("connecting"));
  connect();
})();
