// The static site's bridge: the widgets' own front end (table.js) draws the table, and this object gives it
// the model interface anywidget gives it in Jupyter (get, set, on("change:x"), off, save_changes, send,
// on("msg:custom")). Behind it is hearts_widgets.site_table.SiteTable, the same TableModel, running in Pyodide
// in a worker of this page (worker.js): every message and every saved change goes to its handle() as JSON, and
// its answer (the board's changed values, custom messages, the page around the board) comes back the same way.
//
// Everything is loaded from this site's own folder: Pyodide (pyodide/), the package's wheel (wheels/),
// table.js (assets/). The learner's progress lives in localStorage under hearts/v1/ (table.js keeps it, in
// the format of hearts_widgets.browser_copy); Python's data folder is in Pyodide's memory and is merged with
// that copy at start, as in Jupyter.

import table from "./table.js";

const ROOT = new URL("../", import.meta.url);
const CONFIG = JSON.parse(document.getElementById("hearts-site").textContent);
const APP = document.getElementById("hearts-app");

// Python in its worker: request(kind, data) answers with what Python returned; "notify" messages (a thinking
// bot's progress) go to the front end as they come, while the call is still running.
const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
const waiting = new Map();
let requests = 0;
worker.onmessage = (event) => {
  const data = event.data;
  if (data.kind === "notify") {
    if (bridge) bridge.emit("msg:custom", JSON.parse(data.text), []);
    return;
  }
  const done = waiting.get(data.id);
  waiting.delete(data.id);
  if (done) (data.error !== undefined ? done.reject(new Error(data.error)) : done.resolve(data.out));
};
worker.onerror = (e) => failed(e.message || "worker failed");
function request(kind, data) {
  requests += 1;
  const id = requests;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, kind, ...data });
  });
}

class Bridge {
  constructor(handle, onPage) {
    this.handle = handle;
    this.onPage = onPage;
    this.state = {};
    this.dirty = {};
    this.listeners = new Map();
    this.queue = Promise.resolve();
  }
  get(name) {
    return this.state[name];
  }
  set(name, value) {
    this.state[name] = value;
    this.dirty[name] = value;
  }
  save_changes() {
    const changes = this.dirty;
    this.dirty = {};
    if (Object.keys(changes).length) this.send({ event: "sync", changes });
  }
  // As in Jupyter, a message is answered later, never inside the call that sent it.
  send(msg) {
    this.queue = this.queue
      .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
      .then(() => this.call(msg))
      .catch((e) => failed(e));
  }
  on(name, callback) {
    if (!this.listeners.has(name)) this.listeners.set(name, []);
    this.listeners.get(name).push(callback);
  }
  off(name, callback) {
    const all = this.listeners.get(name) || [];
    this.listeners.set(name, callback ? all.filter((c) => c !== callback) : []);
  }
  emit(name, ...args) {
    for (const callback of [...(this.listeners.get(name) || [])]) callback(...args);
  }
  async call(msg) {
    const out = JSON.parse(await this.handle(msg));
    this.apply(out);
    return out;
  }
  apply(out) {
    const names = Object.keys(out.state || {});
    Object.assign(this.state, out.state || {});
    this.onPage(out.page);
    // The drawing (version) last: by then every other value of this answer is in place, as in one Jupyter message.
    for (const name of names) if (name !== "version") this.emit(`change:${name}`);
    if (names.includes("version")) this.emit("change:version");
    for (const msg of out.messages || []) this.emit("msg:custom", msg, []);
  }
}

let bridge = null;

function failed(e) {
  console.error(e);
  const box = APP.querySelector(".hw-message-box");
  const line = document.createElement("div");
  line.className = "hw-message hw-error";
  line.textContent = String((e && e.message) || e).split("\n").slice(-3).join(" ");
  box.replaceChildren(line);
  APP.setAttribute("data-error", "true");
}

// ----- the page around the board: title, level, deal number, message line, buttons -----------------------

function button(name, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `hw-btn hw-btn-${name}`;
  b.textContent = label;
  b.addEventListener("click", () => bridge.send({ event: "press", button: name }));
  return b;
}

const TOP = ["new", "restart", "day"];

// A menu's options ([value, label] pairs), made again only when they change (a redraw keeps the open menu).
function fillSelect(select, options) {
  const wanted = options.map(([v, l]) => `${v}=${l}`).join("|");
  if (select.getAttribute("data-options") === wanted) return;
  select.replaceChildren(
    ...options.map(([value, label]) => {
      const o = document.createElement("option");
      o.value = String(value);
      o.textContent = label;
      return o;
    }),
  );
  select.setAttribute("data-options", wanted);
}

function showPage(page) {
  if (!page) return;
  APP.querySelector(".hw-title").textContent = page.title;
  document.title = page.title;
  const controls = APP.querySelector(".hw-controls");
  controls.hidden = false;
  APP.querySelector(".hw-level-label").textContent = page.level_label;
  const select = APP.querySelector(".hw-level-select");
  fillSelect(select, page.levels);
  select.value = page.level;
  APP.querySelector(".hw-level-cost").textContent = page.level_cost;
  APP.querySelector(".hw-btn-play-deal").textContent = page.deal_button;
  const input = APP.querySelector(".hw-deal-input");
  if (document.activeElement !== input) input.value = String(page.number);
  APP.querySelector(".hw-message-box").innerHTML = page.message;
  APP.querySelector(".hw-copy-box").textContent = page.problems || "";
  APP.querySelector(".hw-learn-box").innerHTML = page.notes || "";
  APP.querySelector(".hw-summary-box").innerHTML = page.summary || "";
  for (const [name, title] of Object.entries(page.panels)) APP.querySelector(`.hw-${name}-panel summary`).textContent = title;
  APP.querySelector(".hw-history").innerHTML = page.history;
  APP.querySelector(".hw-btn-save-progress").textContent = page.save_label;
  APP.querySelector(".hw-load-label").textContent = page.load_label;
  APP.querySelector(".hw-sheet-box").innerHTML = page.sheet;
  APP.querySelector(".hw-checklist-box").innerHTML = page.checklist;
  showSettings(page.settings);
  if (page.lang !== CONFIG.lang && CONFIG.langs.includes(page.lang)) {
    // Settings' language: this page in that language (its words, its lang attribute), once what the answer
    // asks the browser to keep (the settings) is kept.
    setTimeout(() => location.assign(new URL(`../${page.lang}/${CONFIG.page}${location.search}`, location.href)), 0);
  }
  for (const [where, names] of [
    [".hw-top-buttons", TOP],
    [".hw-actions", Object.keys(page.buttons).filter((n) => !TOP.includes(n))],
  ]) {
    const box = APP.querySelector(where);
    for (const name of names) {
      const want = page.buttons[name];
      let b = box.querySelector(`.hw-btn-${name}`);
      if (!b) {
        b = button(name, want.label);
        box.appendChild(b);
      }
      b.textContent = want.label;
      b.hidden = !want.shown;
    }
  }
  APP.setAttribute("data-tricks", String(page.tricks));
  APP.setAttribute("data-hand", String(page.hand_number));
}

// Settings, as the Jupyter table offers them (hearts_widgets.table_panels.settings_fields): a menu or a check box
// each; a change goes to Python, which asks first where it would leave a game in progress (new rules).
function showSettings(fields) {
  const form = APP.querySelector(".hw-settings");
  for (const f of fields) {
    let row = form.querySelector(`[data-setting="${f.name}"]`);
    if (!row) {
      row = document.createElement("div");
      row.className = `hw-setting hw-set-${f.name.replace(/_/g, "-")}`;
      row.setAttribute("data-setting", f.name);
      const label = document.createElement("label");
      const words = document.createElement("span");
      words.className = "hw-setting-label";
      const control = document.createElement(f.kind === "select" ? "select" : "input");
      if (f.kind === "check") control.type = "checkbox";
      control.className = "hw-setting-control";
      control.addEventListener("change", () =>
        bridge.send({ event: "setting", name: f.name, value: f.kind === "check" ? control.checked : control.value }),
      );
      if (f.kind === "check") label.append(control, " ", words);
      else label.append(words, " ", control);
      const note = document.createElement("div");
      note.className = "hw-sheet-note hw-setting-note";
      row.append(label, note);
      form.appendChild(row);
    }
    row.querySelector(".hw-setting-label").textContent = f.label;
    const control = row.querySelector(".hw-setting-control");
    if (f.kind === "select") {
      fillSelect(control, f.options);
      control.value = String(f.value);
    } else control.checked = Boolean(f.value);
    row.querySelector(".hw-setting-note").textContent = f.note || "";
  }
}

function wireControls() {
  APP.querySelector(".hw-btn-save-progress").addEventListener("click", () => bridge.send({ event: "save_progress" }));
  const upload = APP.querySelector(".hw-load-input");
  upload.addEventListener("change", async () => {
    const file = upload.files && upload.files[0];
    if (!file) return;
    const text = await file.text();
    upload.value = "";
    bridge.send({ event: "load_progress", name: file.name, text });
  });
  APP.querySelector(".hw-level-select").addEventListener("change", (e) =>
    bridge.send({ event: "level", level: e.target.value }),
  );
  APP.querySelector(".hw-deal").addEventListener("submit", (e) => {
    e.preventDefault();
    bridge.send({ event: "deal", number: APP.querySelector(".hw-deal-input").value.trim() });
  });
}

// The walkthrough's page: chapter, step counter, caption, rule notes, Back / Next, the chapter menu.
function showWalkthrough(page) {
  if (!page) return;
  APP.querySelector(".hw-title").textContent = page.title;
  APP.querySelector(".hw-counter").textContent = page.counter;
  APP.querySelector(".hw-caption-box").innerHTML = page.caption;
  APP.querySelector(".hw-learn-box").innerHTML = page.notes;
  APP.querySelector(".hw-message-box").innerHTML = page.message;
  for (const name of ["back", "next"]) {
    const b = APP.querySelector(`.hw-btn-${name}`);
    b.textContent = page[name].label;
    b.disabled = page[name].disabled;
  }
  APP.querySelector(".hw-chapter-label").textContent = page.chapter_label;
  const select = APP.querySelector(".hw-chapter-select");
  fillSelect(select, page.chapters);
  select.value = String(page.chapter_at);
  APP.setAttribute("data-step", String(page.index));
}

function wireWalkthrough() {
  for (const name of ["back", "next"]) {
    APP.querySelector(`.hw-btn-${name}`).addEventListener("click", () => bridge.send({ event: "press", button: name }));
  }
  APP.querySelector(".hw-chapter-select").addEventListener("change", (e) =>
    bridge.send({ event: "chapter", index: parseInt(e.target.value, 10) }),
  );
}

// ----- start ------------------------------------------------------------------------------------------

async function start() {
  const started = performance.now();
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.pathname }).catch(() => {});
  }
  const hello = await request("start", { config: CONFIG, query: location.search.replace(/^\?/, "") });
  const walkthrough = CONFIG.app === "walkthrough";
  bridge = new Bridge((msg) => request("call", { msg }), walkthrough ? showWalkthrough : showPage);
  bridge.apply(JSON.parse(hello));
  if (walkthrough) wireWalkthrough();
  else wireControls();
  const board = APP.querySelector(".hw-board");
  table.render({ model: bridge, el: board });
  window.heartsSite = { bridge, run: (code) => request("run", { code }), startMs: performance.now() - started };
  APP.setAttribute("data-ready", "true");
}

start().catch(failed);
