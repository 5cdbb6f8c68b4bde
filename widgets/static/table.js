// The card table view: shows the SVG drawn in Python and sends card clicks back.
// No game logic lives here. Frames (the bots' cards landing one by one) are
// shown with a short delay when `delay` > 0; a click during that animation
// only skips it to the end.

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "hearts-svg-table";
  box.setAttribute("data-busy", "false");
  box.setAttribute("data-version", "0");
  el.appendChild(box);
  let timer = null;
  let queue = [];

  function show(svg) {
    box.innerHTML = svg;
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

  function finish() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue = [];
    show(model.get("svg"));
    box.setAttribute("data-busy", "false");
    box.setAttribute("data-version", String(model.get("version")));
  }

  function step() {
    if (!queue.length) {
      finish();
      return;
    }
    box.innerHTML = queue.shift();
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

  box.addEventListener("click", (event) => {
    if (box.getAttribute("data-busy") === "true") {
      finish();
      return;
    }
    const g = event.target.closest("g.card[data-card]");
    if (!g) return;
    model.send({ event: "click", card: g.getAttribute("data-card") });
  });

  model.on("change:version", update);
  update();
  return () => {
    if (timer !== null) clearTimeout(timer);
  };
}

export default { render };
