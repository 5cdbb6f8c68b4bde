// The card table view: shows the SVG drawn in Python and sends card clicks back.
// No game logic lives here. Frames (the bots' cards landing one by one) are
// shown with a short delay when `delay` > 0; a click during that animation
// only skips it to the end.
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
// Small screens: the board tells Python its width (`fit`, CSS pixels) whenever
// it changes; Python draws a layout for that width (on a phone the hand is in
// rows of big cards; `data-cols` on the hand says how many per row, and the
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

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "hearts-svg-table";
  box.setAttribute("data-busy", "false");
  box.setAttribute("data-version", "0");
  // JupyterLab's command-mode shortcuts (arrows, Enter, Space) must not act while a card has the focus.
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  el.appendChild(box);
  const live = document.createElement("div");
  live.className = "hw-live hw-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  el.appendChild(live);
  let timer = null;
  let queue = [];
  let focusCode = null; // the card of the hand that holds the tab stop
  let spoken = -1;
  let first = true;

  function cards() {
    return [...box.querySelectorAll(CARD)];
  }

  function rove(target, focus) {
    for (const c of cards()) c.setAttribute("tabindex", c === target ? "0" : "-1");
    if (!target) return;
    focusCode = target.getAttribute("data-card");
    if (focus) target.focus({ preventScroll: false });
  }

  function show(svg) {
    const active = document.activeElement;
    const had = active !== null && box.contains(active);
    const before = cards();
    const at = had ? before.indexOf(active.closest ? active.closest("g.card") : null) : -1;
    const index = at >= 0 ? at : before.findIndex((c) => c.getAttribute("data-card") === focusCode);
    box.innerHTML = svg;
    const now = cards();
    let target = now.find((c) => c.getAttribute("data-card") === focusCode);
    if (!target && now.length) {
      target = index >= 0 ? now[Math.min(index, now.length - 1)] : null;
      target = target || now.find((c) => c.getAttribute("data-legal") === "true") || now[0];
    }
    rove(target || null, had);
    const flash = model.get("flash") || [];
    if (flash.length) {
      const ms = model.get("flash_ms");
      setTimeout(() => {
        for (const code of flash) {
          const g = box.querySelector(`g.card[data-card="${code}"]`);
          if (g) g.classList.add("flash-done");
        }
      }, ms);
    }
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

  function finish() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue = [];
    show(model.get("svg"));
    box.setAttribute("data-busy", "false");
    box.setAttribute("data-version", String(model.get("version")));
    speak();
    watchApp();
    if (!first) {
      // After the other widgets of this redraw (buttons shown or hidden) have been drawn too.
      setTimeout(focusAsked, 0);
    }
    first = false;
  }

  function step() {
    if (!queue.length) {
      finish();
      return;
    }
    show(queue.shift());
    timer = setTimeout(step, model.get("delay"));
  }

  function update() {
    const frames = model.get("frames") || [];
    const delay = model.get("delay");
    if (timer !== null) clearTimeout(timer);
    if (frames.length && delay > 0) {
      queue = frames.slice();
      box.setAttribute("data-busy", "true");
      step();
    } else {
      finish();
    }
  }

  function act(g) {
    if (box.getAttribute("data-busy") === "true") {
      finish();
      return;
    }
    if (!g) return;
    model.send({ event: "click", card: g.getAttribute("data-card") });
  }

  box.addEventListener("click", (event) => {
    if (box.getAttribute("data-busy") === "true") {
      finish();
      return;
    }
    const g = event.target.closest("g.card[data-card]");
    if (!g) return;
    if (g.matches(CARD)) rove(g, false);
    act(g);
  });

  box.addEventListener("keydown", (event) => {
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
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (to) rove(to, true);
  });

  function rowStep() {
    const hand = box.querySelector("g.hand.mine");
    const cols = hand ? parseInt(hand.getAttribute("data-cols") || "0", 10) : 0;
    return cols > 0 && cols < cards().length ? cols : 1;
  }

  let told = 0;
  let resizeTimer = null;
  function tellWidth() {
    resizeTimer = null;
    const w = Math.round(box.getBoundingClientRect().width);
    if (w > 0 && w !== told) {
      told = w;
      model.set("fit", w);
      model.save_changes();
    }
  }
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (resizeTimer !== null) clearTimeout(resizeTimer);
    resizeTimer = setTimeout(tellWidth, 120);
  });
  if (observer) observer.observe(box);

  // The other widgets of the app are drawn beside this one, some after it: enhance them as they appear
  // (once this view is on the page, inside its app).
  let appObserver = null;
  let panelTimer = null;
  function watchApp() {
    const app = el.closest(".hearts-app");
    if (!app || appObserver) return;
    appObserver = new MutationObserver(() => {
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
  update();
  return () => {
    if (timer !== null) clearTimeout(timer);
    if (resizeTimer !== null) clearTimeout(resizeTimer);
    if (observer) observer.disconnect();
    if (appObserver) appObserver.disconnect();
    if (panelTimer !== null) clearTimeout(panelTimer);
    clearTimeout(watchTimer);
  };
}

export default { render };
