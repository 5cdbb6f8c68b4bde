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
  let ratings = null;
  let notice = "";
  let lastGame = null;

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
    $("rematch").textContent = t("rematch");
    $("live").textContent = t("live");
    $("live-cancel").textContent = t("live_cancel");
    $("friends-legend").textContent = t("friends");
    $("friends-target-label").textContent = t("friends_target");
    $("friends-ranked-label").textContent = t("friends_ranked");
    $("friends-variant-label").textContent = t("friends_variant");
    for (const option of $("friends-variant").options) option.textContent = t("variant." + option.value);
    $("friends").textContent = t("friends");
    $("code-label").textContent = t("code");
    $("join-code").textContent = t("join_code");
    $("ratings-title").textContent = t("ratings");
    $("leaderboard-link").textContent = t("lb_link");
    $("leaderboard-link").href = "leaderboard?lang=" + lang;
    showRatings();
  }

  // The room's leaderboard of ratings: rating ± uncertainty (3 sigma), games played; and what the last game
  // changed for this player.
  function showRatings() {
    const table = $("ratings");
    const head = document.createElement("tr");
    for (const c of ["rank", "player", "rating", "games"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = t("col." + c);
      head.appendChild(th);
    }
    table.tHead.replaceChildren(head);
    const body = table.tBodies[0];
    body.replaceChildren();
    for (const r of (ratings && ratings.rows) || []) {
      const tr = document.createElement("tr");
      tr.className = r.kind === "bot" ? "room-bot" : "room-person";
      const cells = [String(r.rank), r.name, r.rating.toFixed(1) + " ± " + r.uncertainty.toFixed(1), String(r.games)];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = c;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    const line = $("rating-change");
    line.textContent = "";
    if (lastGame && state && lastGame.table === state.table) {
      const mine = lastGame.seats.find((x) => x.seat === state.seat);
      if (mine && lastGame.ranked) {
        line.textContent = t("rating_moved", {
          place: mine.place,
          before: mine.before[0].toFixed(1),
          after: mine.after[0].toFixed(1),
        });
      } else if (mine) {
        line.textContent = t("unranked");
      }
    }
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
      const variant = table.variant && table.variant !== "standard" ? " · " + t("variant." + table.variant) : "";
      h.textContent = t("table", { table: table.table + 1 }) + variant + " · " + progress;
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
    const hadFocus = board.contains(document.activeElement);
    board.innerHTML = state.svg; // drawn by the server from this seat's own observation
    keyboardCards(hadFocus);
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
    // The shooter's choice of moon scoring: two buttons while this seat is asked (the message line above says
    // what each does to the totals, and the buttons point to it); the focus goes to the first for the keyboard.
    const moon = state.moon_choice;
    for (const choice of ["subtract", "add"]) {
      const b = $("moon-" + choice);
      b.hidden = !moon;
      b.textContent = t("moon_" + choice, { points: state.moon_points });
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (moon && (hadFocus || lost)) $("moon-subtract").focus();
    $("rematch").hidden = !state.can_rematch;
    startClock(state.clock_left);
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

  // The turn clock: the seconds this seat has left, counted down here (the server decides when time is up).
  let clockTimer = null;
  function startClock(left) {
    const el = $("clock");
    if (clockTimer) clearInterval(clockTimer);
    clockTimer = null;
    if (left === null || left === undefined) {
      el.hidden = true;
      return;
    }
    const end = Date.now() + left * 1000;
    const tick = () => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      el.textContent = t("clock", { seconds: s });
      if (s === 0 && clockTimer) clearInterval(clockTimer);
    };
    el.hidden = false;
    tick();
    clockTimer = setInterval(tick, 250);
  }

  // Keyboard play: this seat's cards are one tab stop (a roving tabindex); the arrow keys, Home and End move
  // between them, Enter or Space plays (or chooses for the pass) the card with focus. The card keeps focus
  // across redraws (the same card, else the one at the same place), so a whole hand is played from the keys.
  let focusCard = null;
  let focusIndex = 0;

  function ownCards() {
    return Array.from($("board").querySelectorAll('g.card[data-card][data-seat="' + state.seat + '"]'));
  }

  function keyboardCards(hadFocus) {
    const cards = ownCards();
    if (!cards.length) return;
    let i = cards.findIndex((g) => g.dataset.card === focusCard);
    if (i < 0) i = Math.min(focusIndex, cards.length - 1);
    cards.forEach((g, k) => g.setAttribute("tabindex", k === i ? "0" : "-1"));
    if (hadFocus) moveFocus(cards, i);
  }

  function moveFocus(cards, i) {
    cards.forEach((g, k) => g.setAttribute("tabindex", k === i ? "0" : "-1"));
    focusCard = cards[i].dataset.card;
    focusIndex = i;
    cards[i].focus();
  }

  function act(card, copy) {
    error = null;
    // copy: which of two identical cards (two packs: the card's data-copy); sent only when there are two
    const which = copy ? { copy: copy } : {};
    if (state.can_pass) send({ type: "select", card: card, ...which, at: state.at });
    else send({ type: "play", card: card, at: state.at });
  }

  function onMessage(event) {
    const msg = JSON.parse(event.data);
    if (msg.type === "lobby") {
      lobby = msg;
      if (!state) showLobby();
    } else if (msg.type === "ratings") {
      ratings = msg;
      if (msg.game) lastGame = msg.game;
      showRatings();
      $("ratings").dataset.games = String(Number($("ratings").dataset.games) + (msg.game ? 1 : 0));
    } else if (msg.type === "queued") {
      $("live").hidden = true;
      $("live-cancel").hidden = false;
      $("queue-status").textContent = t("queued", { waiting: msg.waiting, seconds: Math.round(msg.fill_after) });
    } else if (msg.type === "unqueued") {
      $("live").hidden = false;
      $("live-cancel").hidden = true;
      $("queue-status").textContent = "";
    } else if (msg.type === "friends" || msg.type === "friends_room") {
      // A friends' table is a room of its own: its page is /r/<its token>/.
      const path = location.pathname.replace(/\/r\/[^/]+\/?$/, "/r/" + msg.room);
      if (msg.type === "friends") {
        localStorage.setItem("hearts-room:" + path, msg.token);
        const link = new URL(path + "/", location.href).href;
        sessionStorage.setItem("hearts-room-matched", t("friends_share", { link: link, code: msg.code }));
      }
      location.href = path + "/";
    } else if (msg.type === "matched") {
      // The new table is a room of its own: keep the seat's token for its page, then go there.
      const path = location.pathname.replace(/\/r\/[^/]+\/?$/, "/r/" + msg.room);
      localStorage.setItem("hearts-room:" + path, msg.token);
      sessionStorage.setItem("hearts-room-matched", msg.text);
      $("queue-status").textContent = msg.text;
      location.href = path + "/";
    } else if (msg.type === "seated") {
      R.keep(roomKey, msg.token);
      error = null;
    } else if (msg.type === "state") {
      if (msg.svg_parts) {
        // The drawing comes as the change from the last one: new parts as text, [first, count] for a run of
        // the parts it had (hearts.room.server.svg_delta).
        const parts = [];
        for (const p of msg.svg_parts) {
          if (typeof p === "string") parts.push(p);
          else for (let i = p[0]; i < p[0] + p[1]; i++) parts.push(svgParts[i]);
        }
        svgParts = parts;
        msg.svg = parts.join("");
      }
      state = msg;
      error = null;
      if (state.at[1] >= 4) notice = "";
      status(notice);
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

  let svgParts = []; // the drawing last received, in the parts the server cut it into

  function connect() {
    if (stopped) return;
    ws = new WebSocket(R.socketUrl());
    svgParts = []; // a new connection starts from nothing: its first drawing comes whole
    ws.addEventListener("open", () => {
      retry = 200;
      status("");
      send({ type: "parts" });
      send({ type: "lang", lang: lang });
      const token = R.stored(roomKey);
      if (token) send({ type: "resume", token: token });
    });
    ws.addEventListener("message", onMessage);
    ws.addEventListener("close", (event) => {
      ws = null;
      if (stopped) return;
      document.body.dataset.connected = "false";
      if (event.code === 4429) {
        // refused: this address holds as many connections as the server allows; the server's error (already
        // shown) says so and names --per-address, so it stays on screen; a seat may free up, so try again later
        setTimeout(connect, 5000);
        return;
      }
      status(t("reconnecting"));
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
    act(g.getAttribute("data-card"), Number(g.getAttribute("data-copy")) || 0);
  });
  $("board").addEventListener("keydown", (event) => {
    if (!state) return;
    const g = event.target.closest && event.target.closest("g.card[data-card]");
    if (!g) return;
    const cards = ownCards();
    const i = cards.indexOf(g);
    if (i < 0) return;
    const moves = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: cards.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      moveFocus(cards, Math.max(0, Math.min(cards.length - 1, moves[event.key])));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      focusCard = g.dataset.card;
      focusIndex = i;
      act(g.dataset.card, Number(g.dataset.copy) || 0);
    }
  });
  $("board").addEventListener("focusin", (event) => {
    const g = event.target.closest && event.target.closest("g.card[data-card]");
    if (g && state) {
      focusCard = g.dataset.card;
      focusIndex = Math.max(0, ownCards().indexOf(g));
    }
  });
  $("pass").addEventListener("click", () => {
    if (state) send({ type: "pass", cards: state.selected, at: state.at });
  });
  for (const choice of ["subtract", "add"]) {
    $("moon-" + choice).addEventListener("click", () => {
      if (state) send({ type: "moon", choice: choice, at: state.at });
    });
  }
  $("next").addEventListener("click", () => {
    if (state) send({ type: "next", at: state.at });
  });
  $("live").addEventListener("click", () => {
    send({ type: "queue", name: $("name").value, browser: R.browserToken() });
  });
  $("live-cancel").addEventListener("click", () => send({ type: "unqueue" }));
  $("friends").addEventListener("click", () => {
    send({
      type: "friends",
      name: $("name").value,
      browser: R.browserToken(),
      target: Number($("friends-target").value),
      ranked: $("friends-ranked").checked,
      variant: $("friends-variant").value,
    });
  });
  $("join-code").addEventListener("click", () => send({ type: "code", code: $("code").value }));
  $("rematch").addEventListener("click", () => {
    if (state) send({ type: "rematch", at: state.at });
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
  const matched = sessionStorage.getItem("hearts-room-matched");
  if (matched) {
    sessionStorage.removeItem("hearts-room-matched");
    notice = matched; // "your table is ready: N bots take the empty seats", until the first trick is done
  }
  connect();
})();
