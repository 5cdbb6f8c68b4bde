// The teacher's page of a Hearts room: the live leaderboard of every table (public scores only).
// The teacher's key comes from the link's fragment (#key=...), which browsers never send to a server
// in a request line or a Referer; the script sends it once over the websocket.
(function () {
  "use strict";
  const R = window.HeartsRoom;
  const $ = (id) => document.getElementById(id);
  const key = new URLSearchParams(location.hash.slice(1)).get("key") || "";
  let lang = R.firstLang();
  let rows = [];
  let alerts = [];
  let version = 0;
  let retry = 200;
  let ws = null;
  const columns = ["rank", "table", "seat", "player", "hands", "score", "hand_points"];

  function t(k, values) {
    return R.say(lang, k, values);
  }

  function texts() {
    document.documentElement.lang = lang;
    $("lang").value = lang;
    $("lang-label").textContent = t("language");
    $("room-title").textContent = t("teacher_title");
    $("intro").textContent = t("teacher_intro", { number: $("room").dataset.number });
    const csv = $("csv");
    csv.textContent = t("csv");
    csv.href = "leaderboard.csv?lang=" + lang;
    const tr = document.createElement("tr");
    for (const c of columns.concat(["free"])) {
      const th = document.createElement("th");
      th.textContent = t("col." + c);
      tr.appendChild(th);
    }
    $("board").tHead.replaceChildren(tr);
  }

  // The CSV is fetched with the key in a header (never in a URL, which proxies and logs keep),
  // then saved from memory.
  async function downloadCsv(event) {
    event.preventDefault();
    const got = await fetch("leaderboard.csv?lang=" + lang, { headers: { Authorization: "Bearer " + key } });
    if (!got.ok) {
      $("status").textContent = t("teacher_key_missing");
      return;
    }
    const url = URL.createObjectURL(await got.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = "leaderboard.csv";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function showAlerts() {
    const box = $("alerts");
    box.replaceChildren();
    for (const a of alerts) {
      const p = document.createElement("p");
      p.textContent = a;
      box.appendChild(p);
    }
    box.hidden = alerts.length === 0;
  }

  function draw() {
    const body = $("board").tBodies[0];
    body.replaceChildren();
    for (const r of rows) {
      const tr = document.createElement("tr");
      tr.className = r.kind === "person" ? "room-person" : "room-bot";
      for (const c of columns) {
        const td = document.createElement("td");
        td.textContent = c === "player" && r.kind === "bot" ? r.player : String(r[c]);
        tr.appendChild(td);
      }
      const td = document.createElement("td");
      if (r.kind === "person") {
        // Give this person's seat to a bot (someone who took a seat and went away, say).
        const b = document.createElement("button");
        b.type = "button";
        b.className = "room-free";
        b.dataset.table = String(r.table - 1);
        b.dataset.seat = String(r.seat_index);
        b.textContent = t("free_seat");
        b.addEventListener("click", () => send({ type: "free", key: key, table: r.table - 1, seat: r.seat_index }));
        td.appendChild(b);
      }
      tr.appendChild(td);
      body.appendChild(tr);
    }
    version += 1;
    $("board").dataset.version = String(version);
  }

  // Watching one table: its public facts only (the trick on the table, whose turn, the scores).
  let watching = null;

  function watchButtons() {
    const box = $("watch-tables");
    box.replaceChildren();
    const tables = [...new Set(rows.map((r) => r.table))].sort((a, b) => a - b);
    for (const n of tables) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "room-watch";
      b.dataset.table = String(n - 1);
      b.textContent = t("watch_table", { table: n });
      b.setAttribute("aria-pressed", String(watching === n - 1));
      b.addEventListener("click", () => {
        watching = n - 1;
        send({ type: "spectate", key: key, table: n - 1 });
        watchButtons();
      });
      box.appendChild(b);
    }
  }

  function showWatch(v) {
    const turn = v.to_play === null ? "" : " · " + t("watch_turn", { name: v.names[v.to_play] });
    const trick = v.trick.length ? v.trick.map((x) => x.name + ": " + x.card_name).join(", ") : t("watch_no_trick");
    const scores = v.names.map((n, i) => n + " " + v.scores[i]).join(" · ");
    $("watch").textContent = t("watch_line", { table: v.table + 1, hand: v.hand_number }) + turn + ". " + trick +
      ". " + scores;
    $("watch").dataset.version = String(v.version);
  }

  function connect() {
    ws = new WebSocket(R.socketUrl());
    ws.addEventListener("open", () => {
      retry = 200;
      $("status").textContent = "";
      ws.send(JSON.stringify({ type: "lang", lang: lang }));
      ws.send(JSON.stringify({ type: "watch", key: key }));
    });
    ws.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "leaderboard") {
        rows = msg.rows;
        alerts = msg.alerts || [];
        showAlerts();
        draw();
        watchButtons();
      } else if (msg.type === "spectate") {
        showWatch(msg);
      } else if (msg.type === "notice" || msg.type === "error") {
        $("status").textContent = msg.text;
      }
    });
    ws.addEventListener("close", () => {
      $("status").textContent = t("reconnecting");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 3000);
    });
  }

  $("lang").addEventListener("change", () => {
    lang = $("lang").value;
    R.saveLang(lang);
    texts();
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "lang", lang: lang }));
  });
  $("csv").addEventListener("click", downloadCsv);
  texts();
  if (!key) {
    $("status").textContent = t("teacher_key_missing");
  } else {
    $("status").textContent = t("connecting");
    connect();
  }
})();
