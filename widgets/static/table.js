// The card table view: shows the SVG drawn in Python and sends card clicks back.
// No game logic lives here; what this script decides is only when the learner may act.
//
// Every drawing carries a version (a generation counter). A click is sent with the version of the
// drawing it was made on, and Python refuses a click made on an older drawing. While cards move,
// while the bots think (`hold` is "step": Python waits for this script to ask for each bot's move once
// the previous one is on screen) and while Python has not answered a click, the hand takes no clicks:
// a click is refused at once with a message (`wait_text`), never kept for later.
//
// `hold` "trick": a finished trick stays on the table until the learner clicks the table (or after
// `pause_ms`, if that is > 0); then Python is told to continue. Cards move into the middle and to the
// trick's winner in `move_ms` (0, or a wish for reduced motion: no movement). `frames` (the walkthrough)
// are drawings shown one after the other, `delay` ms apart.
//
// Keyboard: the learner's cards are buttons with one tab stop (a "roving"
// tabindex): the arrow keys move between them, Home/End go to the ends, and
// Enter or Space plays (or chooses) the card, as a click does. After a redraw
// the focus stays on the same card, or on its neighbour if it has gone; after
// an action Python may ask for the focus elsewhere (`focus`: "hand" or the
// class of a button of the same app), which is honoured only when the focus
// was already in this app (or lost with a button that was hidden), so the
// board never takes the focus from elsewhere on the page.
//
// Screen readers: `announce` is said by a polite live region each time
// `announce_n` changes (the message line, notes, the trick's cards).
//
// Small screens: the board tells Python its width (`fit`, CSS pixels), the
// window's height (`fit_height`) and whether the app shows anything under the
// board (`fit_below`) whenever they change; Python draws a layout
// for that size (on a phone the hand is in rows of big cards, laid across when
// the phone is on its side; `data-cols` on the hand says how many per row, and the
// up and down arrows move between rows).

const CARD = 'g.hand.mine g.card[role="button"]';
const PANEL = ".jupyter-widget-Collapse-header";

// The app's folding panels (History, Settings, ...: an ipywidgets Accordion) have headers that only a mouse
// can open. Make each a button: a tab stop, Enter or Space opens or closes it, aria-expanded says which.
function panelsByKeyboard(app) {
  for (const h of app.querySelectorAll(PANEL)) {
    const sync = () => {
      const c = h.closest(".jupyter-widget-Collapse");
      h.setAttribute("aria-expanded", c && c.classList.contains("jupyter-widget-Collapse-open") ? "true" : "false");
    };
    if (h.getAttribute("data-hw-keys") !== "true") {
      h.setAttribute("data-hw-keys", "true");
      h.setAttribute("tabindex", "0");
      h.setAttribute("role", "button");
      h.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        event.stopPropagation();
        h.click();
      });
      h.addEventListener("click", () => setTimeout(sync, 0));
    }
    sync();
  }
}

const SVGNS = "http://www.w3.org/2000/svg";
const REDUCED = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

// ----- sounds (Web Audio: made in the browser, nothing downloaded) -----------------------------------

let audio = null;

function audioContext(create) {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!audio && create && Ctx) audio = new Ctx();
  if (audio && audio.state === "suspended") audio.resume();
  return audio;
}

// Each cue: notes as [frequency Hz, start s, length s, wave].
const CUES = {
  turn: [[660, 0, 0.09, "sine"], [880, 0.1, 0.12, "sine"]],
  trick: [[392, 0, 0.08, "triangle"], [523, 0.07, 0.1, "triangle"]],
  hearts: [[784, 0, 0.1, "sine"], [659, 0.11, 0.1, "sine"], [523, 0.22, 0.16, "sine"]],
  queen: [[220, 0, 0.18, "square"], [165, 0.18, 0.3, "square"]],
};

function playCue(name) {
  const ctx = audioContext(false);
  const notes = CUES[name];
  if (!ctx || !notes || ctx.state !== "running") return;
  const t0 = ctx.currentTime + 0.02;
  for (const [freq, start, length, wave] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(wave === "square" ? 0.05 : 0.14, t0 + start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
}

// ----- where things are on the board ---------------------------------------------------------------

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function unitsPerPixel(svg) {
  const vb = svg.viewBox && svg.viewBox.baseVal;
  const w = svg.getBoundingClientRect().width;
  return vb && vb.width && w ? vb.width / w : 1;
}

// Wrap an SVG element in a new <g> so a CSS transform can move it without touching its own transform.
function wrap(el) {
  const g = document.createElementNS(SVGNS, "g");
  g.setAttribute("class", "hw-moving");
  el.parentNode.insertBefore(g, el);
  g.appendChild(el);
  return g;
}

function trickCards(svg) {
  return svg ? [...svg.querySelectorAll("g.trick g.card.played[data-card]")] : [];
}

// ----- the copy of the learner's progress kept in this browser (hearts_widgets.browser_copy) -----
// One localStorage key per file, under a prefix that names the format's version; keys of other apps are
// never read nor written. The kernel merges the copy with its data folder and answers with what to keep.
const COPY_PREFIX = "hearts/v1/";
const COPY_DAMAGED = COPY_PREFIX + "damaged/";

function copyStorage() {
  try {
    const s = window.localStorage; // a SecurityError when storage is turned off
    s.getItem(COPY_PREFIX + "probe");
    return s;
  } catch (e) {
    return null;
  }
}

function keepCopy(model, box) {
  let writes = 0;
  function read(origin) {
    const s = copyStorage();
    const entries = {};
    if (s) {
      try {
        for (let i = 0; i < s.length; i++) {
          const k = s.key(i);
          if (k && k.startsWith(COPY_PREFIX) && !k.startsWith(COPY_DAMAGED)) entries[k] = s.getItem(k);
        }
      } catch (e) {
        /* read what could be read */
      }
    }
    model.send({ event: "copy", entries, problem: s ? "" : "unavailable", origin });
  }
  function write(msg) {
    const s = copyStorage();
    if (!s) return; // said when the table opened
    const full = [];
    const keep = new Set(); // damaged copies that could not be set aside: left as they are, never lost
    for (const k of msg.damaged || []) {
      try {
        const old = s.getItem(k);
        if (old !== null) s.setItem(COPY_DAMAGED + k.slice(COPY_PREFIX.length), old);
      } catch (e) {
        keep.add(k); // no room to set it aside: not replaced either (said as storage full)
        full.push(k);
      }
    }
    for (const [k, v] of Object.entries(msg.entries || {})) {
      if (!k.startsWith(COPY_PREFIX) || keep.has(k)) continue;
      try {
        if (v === null) s.removeItem(k);
        else s.setItem(k, v);
      } catch (e) {
        full.push(k);
      }
    }
    writes += 1;
    box.setAttribute("data-copy-writes", String(writes));
    if (full.length) model.send({ event: "copy_problem", problem: "full", keys: full });
  }
  function fromOtherTab(e) {
    if (!e.key || !e.key.startsWith(COPY_PREFIX) || e.key.startsWith(COPY_DAMAGED) || e.newValue === null) return;
    model.send({ event: "copy", entries: { [e.key]: e.newValue }, problem: "", origin: "tab" });
  }
  function download(msg) {
    const url = URL.createObjectURL(new Blob([msg.text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = msg.name;
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }
  const onMsg = (msg) => {
    if (msg && msg.event === "store") write(msg);
    else if (msg && msg.event === "download") download(msg);
  };
  model.on("msg:custom", onMsg);
  window.addEventListener("storage", fromOtherTab);
  read("open");
  return () => {
    model.off("msg:custom", onMsg);
    window.removeEventListener("storage", fromOtherTab);
  };
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "hearts-svg-table";
  box.setAttribute("data-busy", "false");
  box.setAttribute("data-hold", "");
  box.setAttribute("data-version", "0");
  // JupyterLab's command-mode shortcuts (arrows, Enter, Space) must not act while a card has the focus.
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  const stage = document.createElement("div");
  stage.className = "hw-stage";
  // A right click (or a touch's long press) on a card asks "why not this card?": JupyterLab must not open its
  // own context menu over the answer (it leaves alone anything inside this attribute).
  stage.setAttribute("data-jp-suppress-context-menu", "");
  const thinking = document.createElement("div");
  thinking.className = "hw-thinking";
  thinking.setAttribute("role", "status");
  thinking.hidden = true;
  const toast = document.createElement("div");
  toast.className = "hw-toast";
  toast.setAttribute("role", "alert");
  toast.hidden = true;
  const lastBtn = document.createElement("button");
  lastBtn.type = "button";
  lastBtn.className = "hw-last-trick-btn";
  lastBtn.hidden = true;
  const lastView = document.createElement("div");
  lastView.className = "hw-last-trick";
  lastView.hidden = true;
  box.append(stage, thinking, toast, lastBtn, lastView);
  el.appendChild(box);
  const live = document.createElement("div");
  live.className = "hw-live hw-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.appendChild(live);

  let frameTimer = null; // walkthrough frames
  let queue = [];
  let animations = []; // running card movements
  let pauseTimer = null; // a finished trick's pause
  let toastTimer = null;
  let clockTimer = null;
  let waitingSince = 0;
  let sent = false; // a click or a step was sent and Python has not answered it yet
  let sentCount = 0; // messages sent to Python (it counts those it has handled: `handled`)
  let moving = false;
  let shownVersion = -1;
  let drawing = 0; // bumped by every drawing: callbacks of an earlier one's movements then do nothing
  let focusCode = null; // the card of the hand that holds the tab stop
  let focusKey = null; // and which copy of it, with two packs (cardKey)
  let spoken = -1;
  let first = true;

  function cards() {
    return [...stage.querySelectorAll(CARD)];
  }

  // A card and which of two identical copies it is (data-copy, with two packs): after a redraw the focus goes back
  // to the same copy, not to its twin.
  function cardKey(g) {
    return g.getAttribute("data-card") + "#" + (g.getAttribute("data-copy") || "");
  }

  function rove(target, focus) {
    for (const c of cards()) c.setAttribute("tabindex", c === target ? "0" : "-1");
    if (!target) return;
    focusCode = target.getAttribute("data-card");
    focusKey = cardKey(target);
    if (focus) target.focus({ preventScroll: false });
  }

  // Put a drawing on the stage, keeping the keyboard focus on the same card (or its neighbour).
  function put(svg) {
    const active = document.activeElement;
    const had = active !== null && stage.contains(active);
    const before = cards();
    const at = had ? before.indexOf(active.closest ? active.closest("g.card") : null) : -1;
    const index = at >= 0 ? at : before.findIndex((c) => cardKey(c) === focusKey);
    stage.innerHTML = svg;
    const now = cards();
    // The same copy if it is still there; else the same card (its twin, or the one copy left, drawn without
    // data-copy once the other is played); else the neighbour.
    let target = now.find((c) => cardKey(c) === focusKey) || now.find((c) => c.getAttribute("data-card") === focusCode);
    if (!target && now.length) {
      target = index >= 0 ? now[Math.min(index, now.length - 1)] : null;
      target = target || now.find((c) => c.getAttribute("data-legal") === "true") || now[0];
    }
    rove(target || null, had);
  }

  function speak() {
    const n = model.get("announce_n");
    if (n === spoken) return;
    spoken = n;
    const words = model.get("announce") || "";
    live.textContent = "";
    // A pause between clearing and saying, so the same words said twice are read twice.
    setTimeout(() => {
      live.textContent = words;
    }, 80);
  }

  function focusAsked() {
    const want = model.get("focus") || "";
    if (!want) return;
    const app = el.closest(".hearts-app") || el.parentElement || document.body;
    const active = document.activeElement;
    const mine = !active || active === document.body || app.contains(active);
    if (!mine) return;
    let target = null;
    if (want === "hand") {
      target = cards().find((c) => c.getAttribute("tabindex") === "0") || null;
    } else {
      target = app.querySelector(`.${want}`);
      if (target && target.tagName !== "BUTTON" && target.tagName !== "SELECT" && target.tagName !== "INPUT") {
        target = target.querySelector("button, select, input");
      }
    }
    if (target && !target.disabled && target.getClientRects().length) target.focus();
  }

  const moveMs = () => (REDUCED && REDUCED.matches ? 0 : Math.max(0, model.get("move_ms") || 0));
  const hold = () => model.get("hold") || "";

  function setBusy() {
    const busy = moving || sent || frameTimer !== null || hold() === "step";
    box.setAttribute("data-busy", busy ? "true" : "false");
    box.setAttribute("data-hold", moving || sent ? "" : hold());
    return busy;
  }

  function say(text) {
    if (!text) return;
    toast.textContent = text;
    toast.hidden = false;
    if (toastTimer !== null) clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toast.hidden = true;
      toastTimer = null;
    }, 2600);
  }

  function showThinking() {
    const text = model.get("thinking_text") || "";
    if (!text || hold() !== "step" || moving) {
      thinking.hidden = true;
      if (clockTimer !== null) clearInterval(clockTimer);
      clockTimer = null;
      return;
    }
    thinking.hidden = false;
    placeThinking();
    const lang = model.get("lang") || "en";
    if (!thinking.firstChild) {
      const dot = document.createElement("span");
      dot.className = "hw-spinner";
      const words = document.createElement("span");
      words.className = "hw-thinking-text";
      const bar = document.createElement("span");
      bar.className = "hw-thinking-bar";
      bar.setAttribute("aria-hidden", "true"); // the words say who thinks; the bar is for the eye
      bar.hidden = true;
      bar.appendChild(document.createElement("span"));
      thinking.append(dot, words, bar);
    }
    const tick = () => {
      const s = (performance.now() - waitingSince) / 1000;
      const clock = s >= 0.5 ? ` ${s.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s` : "";
      thinking.querySelector(".hw-thinking-text").textContent = text + clock;
    };
    tick();
    showProgress();
    placeThinking(); // its size is known once its words are in
    if (clockTimer === null) clockTimer = setInterval(tick, 100);
  }

  // The label goes by the thinking seat's plate: under a plate in the board's upper half (the felt below is
  // free: the board's title is above it), above one in the lower half.
  function placeThinking() {
    const plate = stage.querySelector(`svg g.seat[data-seat="${model.get("thinking")}"]`);
    if (!plate || thinking.hidden) return;
    const b = box.getBoundingClientRect();
    const r = plate.getBoundingClientRect();
    const h = thinking.offsetHeight || 34;
    const left = Math.min(Math.max(r.left - b.left, 4), Math.max(4, b.width - thinking.offsetWidth - 4));
    const upper = r.top + r.height / 2 < b.top + b.height / 2;
    const top = upper ? r.bottom - b.top + 4 : r.top - b.top - h - 4;
    thinking.style.left = `${left}px`;
    thinking.style.top = `${Math.min(Math.max(top, 4), Math.max(4, b.height - h - 4))}px`;
  }

  // How much of its decision the thinking bot has made (a message from Python, sent from the bot's thread):
  // a bar under the words, for the seat thinking now only.
  let progress = { seat: -1, fraction: 0 };
  function showProgress() {
    const bar = thinking.querySelector(".hw-thinking-bar");
    if (!bar) return;
    const mine = progress.seat === model.get("thinking") && hold() === "step";
    bar.hidden = !mine;
    bar.firstChild.style.width = `${Math.round(100 * (mine ? progress.fraction : 0))}%`;
    thinking.setAttribute("data-progress", mine ? String(progress.fraction) : "");
  }
  model.on("msg:custom", (msg) => {
    if (!msg || msg.event !== "progress") return;
    progress = { seat: msg.seat, fraction: msg.fraction };
    showProgress();
  });

  function stopAnimations() {
    for (const a of animations) a.finish();
    animations = [];
  }

  // Move the new trick cards in from their players, then call done().
  function flyIn(oldHand, oldTrick, done) {
    const ms = moveMs();
    const svg = stage.querySelector("svg");
    const fresh = trickCards(svg).filter((g) => !oldTrick.has(g.dataset.card));
    if (!ms || !svg || !fresh.length) {
      done();
      return;
    }
    const k = unitsPerPixel(svg);
    let left = fresh.length;
    fresh.forEach((g, i) => {
      const to = centre(g);
      let from = oldHand.get(g.dataset.card);
      if (!from) {
        const hand = svg.querySelector(`g.hand[data-seat="${g.dataset.seat}"]`);
        from = hand ? centre(hand) : to;
      }
      const a = wrap(g).animate(
        [
          { transform: `translate(${(from.x - to.x) * k}px, ${(from.y - to.y) * k}px)` },
          { transform: "translate(0px, 0px)" },
        ],
        { duration: ms, delay: i * ms * 0.6, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
      animations.push(a);
      a.onfinish = a.oncancel = () => {
        left -= 1;
        if (left === 0) done();
      };
    });
  }

  // The finished trick on show goes to its winner (in the old drawing), then done().
  function flyOut(newTrick, done) {
    const ms = moveMs();
    const svg = stage.querySelector("svg");
    const trick = svg && svg.querySelector("g.trick[data-winner]");
    const cards = trickCards(svg).filter((g) => !newTrick.has(g.dataset.card));
    if (!ms || !trick || cards.length === 0) {
      done();
      return;
    }
    const winner = trick.getAttribute("data-winner");
    const target = svg.querySelector(`g.hand[data-seat="${winner}"]`) || svg.querySelector(`g.seat[data-seat="${winner}"]`);
    if (!target) {
      done();
      return;
    }
    const k = unitsPerPixel(svg);
    const to = centre(target);
    let left = cards.length;
    for (const g of cards) {
      const from = centre(g);
      const a = wrap(g).animate(
        [
          { transform: "translate(0px, 0px) scale(1)", opacity: 1 },
          { transform: `translate(${(to.x - from.x) * k}px, ${(to.y - from.y) * k}px) scale(0.5)`, opacity: 0.15 },
        ],
        { duration: ms, easing: "ease-in", fill: "forwards" },
      );
      animations.push(a);
      a.onfinish = a.oncancel = () => {
        left -= 1;
        if (left === 0) done();
      };
    }
  }

  function flash() {
    const codes = model.get("flash") || [];
    if (!codes.length) return;
    const ms = model.get("flash_ms");
    setTimeout(() => {
      for (const code of codes) {
        const g = stage.querySelector(`g.card[data-card="${code}"]`);
        if (g) g.classList.add("flash-done");
      }
    }, ms);
  }

  function lastTrick() {
    const svg = model.get("last_trick_svg") || "";
    lastBtn.textContent = model.get("last_trick_label") || "";
    lastBtn.hidden = !svg || hold() === "trick";
    if (lastBtn.hidden) lastView.hidden = true;
    // An image, not inline SVG: the board's own drawing stays the only <svg> in the box.
    lastView.innerHTML = "";
    if (svg) {
      const img = document.createElement("img");
      img.alt = lastBtn.textContent;
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
      img.addEventListener("load", placeLast);
      lastView.appendChild(img);
    }
    lastBtn.setAttribute("aria-expanded", lastView.hidden ? "false" : "true");
    placeLast();
  }

  // The Last trick button sits at the board's right edge, as low as it can without covering anything the
  // learner reads or clicks: their own plate and cards, the message line drawn on the felt, the cards of the
  // trick and the other seats' plates. Where one of them reaches the right edge (the message line does on a
  // phone) the button goes above it. The view opens in the middle of the felt, above the hand.
  function placeLast() {
    const b = box.getBoundingClientRect();
    const svg = stage.querySelector("svg");
    if (!svg || !b.width) return;
    const me = svg.getAttribute("data-viewer");
    const right = b.width * 0.012;
    let bottom = b.height * 0.016;
    const w = lastBtn.offsetWidth || 90;
    const h = lastBtn.offsetHeight || 26;
    let handTop = b.height;
    for (const g of [stage.querySelector("g.hand.mine"), stage.querySelector(`g.seat[data-seat="${me}"]`)]) {
      const r = g ? g.getBoundingClientRect() : null;
      if (r && r.width) handTop = Math.min(handTop, r.top - b.top);
    }
    const keepClear = [
      ...stage.querySelectorAll(`g.hand.mine, g.seat, g.message rect, g.trick g.card`),
    ]
      .map((g) => g.getBoundingClientRect())
      .filter((r) => r.width && r.height);
    const left = b.width - right - w - 6;
    // Lowest first: each thing the button would cover lifts it to just above that thing.
    for (let moved = true, guard = 0; moved && guard < 20; guard++) {
      moved = false;
      const top = b.height - bottom - h - 3;
      const low = b.height - bottom + 3;
      for (const r of keepClear) {
        const rl = r.left - b.left, rr = r.right - b.left, rt = r.top - b.top, rb = r.bottom - b.top;
        if (rr > left && rl < b.width - right && rb > top && rt < low) {
          bottom = b.height - rt + 6;
          moved = true;
        }
      }
    }
    lastBtn.style.right = `${right}px`;
    lastBtn.style.bottom = `${bottom}px`;
    if (lastView.hidden) return;
    const vw = lastView.offsetWidth;
    const vh = lastView.offsetHeight;
    const top = Math.max(4, Math.min(handTop - vh - 6, (b.height - vh) / 2));
    lastView.style.left = `${Math.max(4, (b.width - vw) / 2)}px`;
    lastView.style.top = `${top}px`;
  }

  function sounds(version) {
    if (!model.get("sound_on") || model.get("sounds_version") !== version) return;
    (model.get("sounds") || []).forEach((name, i) => setTimeout(() => playCue(name), i * 260));
  }

  // The drawing is on screen and nothing moves: do what `hold` asks.
  function settled(version) {
    moving = false;
    placeLast(); // the trick's cards have landed: keep the button off them
    box.setAttribute("data-version", String(version));
    shownVersion = version;
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    pauseTimer = null;
    const h = hold();
    if (h === "step") {
      sent = true;
      sentCount += 1;
      model.send({ event: "step", version });
    } else if (h === "trick") {
      const pause = model.get("pause_ms");
      if (pause > 0) pauseTimer = setTimeout(() => proceed(version), pause);
    }
    if (h === "" && toastTimer !== null) {
      // The table takes clicks again: an earlier "wait" no longer holds.
      clearTimeout(toastTimer);
      toastTimer = null;
      toast.hidden = true;
    }
    setBusy();
    showThinking();
  }

  function proceed(version) {
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    pauseTimer = null;
    if (sent || version !== shownVersion) return;
    sent = true;
    sentCount += 1;
    setBusy();
    model.send({ event: "continue", version });
  }

  function draw() {
    const token = ++drawing;
    const current = (then) => () => {
      if (token === drawing) then();
    };
    const version = model.get("version");
    const svg = model.get("svg");
    const old = stage.querySelector("svg");
    const oldHand = new Map();
    if (old) for (const g of old.querySelectorAll("g.hand.mine g.card[data-card]")) oldHand.set(g.dataset.card, centre(g));
    const oldTrick = new Set(trickCards(old).map((g) => g.dataset.card));
    const probe = document.createElement("div");
    probe.innerHTML = svg;
    const newTrick = new Set(trickCards(probe.querySelector("svg")).map((g) => g.dataset.card));
    moving = true;
    setBusy();
    showThinking();
    flyOut(
      newTrick,
      current(() => {
        animations = [];
        put(svg);
        flash();
        lastTrick();
        sounds(version);
        speak();
        if (!first) setTimeout(focusAsked, 0); // after the other widgets of this redraw have been drawn too
        first = false;
        watchApp();
        flyIn(
          oldHand,
          oldTrick,
          current(() => {
            animations = [];
            settled(version);
          }),
        );
      }),
    );
  }

  function step() {
    if (!queue.length) {
      frameTimer = null;
      draw();
      return;
    }
    put(queue.shift());
    frameTimer = setTimeout(step, model.get("delay"));
  }

  function update() {
    drawing += 1;
    if (hold() !== "step" || progress.seat !== model.get("thinking")) progress = { seat: -1, fraction: 0 };
    sent = sentCount > (model.get("handled") || 0); // a redraw that is not the answer yet keeps the hand waiting
    waitingSince = performance.now();
    if (frameTimer !== null) clearTimeout(frameTimer);
    frameTimer = null;
    stopAnimations();
    const frames = model.get("frames") || [];
    if (frames.length && model.get("delay") > 0) {
      queue = frames.slice();
      setBusy();
      step();
    } else {
      queue = [];
      draw();
    }
  }

  lastBtn.addEventListener("click", (event) => {
    event.stopPropagation();
    lastView.hidden = !lastView.hidden;
    lastBtn.setAttribute("aria-expanded", lastView.hidden ? "false" : "true");
    placeLast();
  });
  lastView.addEventListener("click", (event) => {
    event.stopPropagation();
    lastView.hidden = true;
    lastBtn.setAttribute("aria-expanded", "false");
  });

  // A card chosen by click or by keyboard (or a click on the felt: g is null).
  function act(g) {
    audioContext(Boolean(model.get("sound_on"))); // sounds may start only after the learner acts on the page
    if (frameTimer !== null) {
      // The walkthrough's frames: a click only skips them to the end.
      clearTimeout(frameTimer);
      frameTimer = null;
      queue = [];
      draw();
      return;
    }
    if (moving || sent || hold() === "step") {
      if (g || hold() === "step") say(moving && !sent && hold() !== "step" ? model.get("moving_text") : model.get("wait_text"));
      if (moving) stopAnimations(); // refused, and the movement ends at once so the table can be read
      return;
    }
    if (hold() === "trick") {
      proceed(shownVersion);
      return;
    }
    if (!g) return;
    sent = true;
    sentCount += 1;
    setBusy();
    g.classList.add("hw-sent");
    model.send({ event: "click", card: g.getAttribute("data-card"), copy: Number(g.getAttribute("data-copy")) || null, version: shownVersion });
  }

  // "Why not this card?": the card's expected points beside the hinted card's (key ? or w on a card of
  // the hand, a long press, or the context menu). Nothing is played; Python answers on the message line.
  function whyNot(g) {
    if (!g || sent || hold() === "step") return;
    model.send({ event: "why", card: g.getAttribute("data-card"), version: shownVersion });
  }
  let pressTimer = null;
  let pressed = false; // a long press just asked "why not": the click that ends it plays nothing
  stage.addEventListener("pointerdown", (event) => {
    const g = event.target.closest(CARD);
    pressed = false;
    if (!g || event.button !== 0) return;
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      pressTimer = null;
      pressed = true;
      rove(g, false);
      whyNot(g);
    }, 600);
  });
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) {
    stage.addEventListener(end, () => {
      clearTimeout(pressTimer);
      pressTimer = null;
    });
  }
  stage.addEventListener("contextmenu", (event) => {
    const g = event.target.closest(CARD);
    if (!g) return;
    event.preventDefault();
    clearTimeout(pressTimer); // a touch's long press opens the menu too: ask once
    pressTimer = null;
    if (pressed) return; // the long press has asked already
    rove(g, false);
    whyNot(g);
  });

  // A card that gets the focus any way (Tab, a script, assistive technology) holds the tab stop, so a
  // redraw keeps the focus on it.
  stage.addEventListener("focusin", (event) => {
    const g = event.target.closest ? event.target.closest(CARD) : null;
    if (g && cardKey(g) !== focusKey) rove(g, false);
  });

  stage.addEventListener("click", (event) => {
    const g = event.target.closest("g.card[data-card]");
    if (pressed) {
      pressed = false;
      return;
    }
    if (g && g.matches(CARD)) rove(g, false);
    act(g);
  });

  stage.addEventListener("keydown", (event) => {
    const g = event.target.closest ? event.target.closest(CARD) : null;
    if (!g || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = cards();
    const i = all.indexOf(g);
    let to = null;
    switch (event.key) {
      case "ArrowLeft":
        to = all[Math.max(0, i - 1)];
        break;
      case "ArrowRight":
        to = all[Math.min(all.length - 1, i + 1)];
        break;
      case "ArrowUp":
        to = all[Math.max(0, i - rowStep())];
        break;
      case "ArrowDown":
        to = all[Math.min(all.length - 1, i + rowStep())];
        break;
      case "Home":
        to = all[0];
        break;
      case "End":
        to = all[all.length - 1];
        break;
      case "Enter":
      case " ":
      case "Spacebar":
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) act(g);
        return;
      case "?":
      case "w":
      case "W":
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) whyNot(g);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (to) rove(to, true);
  });

  function rowStep() {
    const hand = stage.querySelector("g.hand.mine");
    const cols = hand ? parseInt(hand.getAttribute("data-cols") || "0", 10) : 0;
    return cols > 0 && cols < cards().length ? cols : 1;
  }

  let told = 0;
  let toldHeight = 0;
  let toldBelow = null;
  let resizeTimer = null;
  // Whether the app shows something under the board (one column), rather than beside it.
  function appBelow() {
    const app = el.closest(".hearts-app");
    const r = box.getBoundingClientRect();
    if (!app) return false;
    return [...app.children].some((c) => {
      if (c.contains(box)) return false;
      const q = c.getBoundingClientRect();
      return q.height > 0 && q.top >= r.bottom - 1 && q.left < r.right && q.right > r.left;
    });
  }
  function tellWidth() {
    resizeTimer = null;
    const w = Math.round(box.getBoundingClientRect().width);
    const h = Math.round(window.innerHeight);
    const below = appBelow();
    if (w > 0 && (w !== told || h !== toldHeight || below !== toldBelow)) {
      told = w;
      toldHeight = h;
      toldBelow = below;
      model.set("fit_height", h);
      model.set("fit_below", below);
      model.set("fit", w);
      model.save_changes();
    }
  }
  function resized() {
    if (resizeTimer !== null) clearTimeout(resizeTimer);
    resizeTimer = setTimeout(tellWidth, 120);
  }
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(resized);
  if (observer) observer.observe(box);
  window.addEventListener("resize", resized);

  // The other widgets of the app are drawn beside this one, some after it: enhance them as they appear
  // (once this view is on the page, inside its app).
  let appObserver = null;
  let panelTimer = null;
  function watchApp() {
    const app = el.closest(".hearts-app");
    if (!app || appObserver) return;
    appObserver = new MutationObserver(() => {
      resized(); // what is under the board may have come or gone
      if (panelTimer === null) {
        panelTimer = setTimeout(() => {
          panelTimer = null;
          panelsByKeyboard(app);
        }, 50);
      }
    });
    appObserver.observe(app, { childList: true, subtree: true });
    panelsByKeyboard(app);
  }
  const watchTimer = setTimeout(watchApp, 300);

  model.on("change:version", update);
  model.on("change:handled", () => {
    // An answer without a new drawing (a request Python had no reason to act on).
    if (sent && sentCount <= model.get("handled") && !moving) {
      sent = false;
      setBusy();
    }
  });
  update();
  const stopCopy = model.get("keep_copy") ? keepCopy(model, box) : () => {};
  return () => {
    stopCopy();
    if (frameTimer !== null) clearTimeout(frameTimer);
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    if (clockTimer !== null) clearInterval(clockTimer);
    if (toastTimer !== null) clearTimeout(toastTimer);
    if (resizeTimer !== null) clearTimeout(resizeTimer);
    if (observer) observer.disconnect();
    window.removeEventListener("resize", resized);
    if (appObserver) appObserver.disconnect();
    if (panelTimer !== null) clearTimeout(panelTimer);
    clearTimeout(watchTimer);
    stopAnimations();
  };
}

export default { render };
