// The deal-number box and its "Play this deal" button, as one widget: the number typed is sent with the
// press itself (Enter in the box does the same), so Python never sees the box's previous contents.
// Python sets `value` to the number of the game on the table whenever a new game starts.

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "hw-deal";
  const wrap = document.createElement("div");
  wrap.className = "hw-deal-box";
  // A visible label tied to the input (its accessible name), in the learner's language: `description`.
  const caption = document.createElement("label");
  caption.className = "hw-deal-label";
  const input = document.createElement("input");
  input.id = `hw-deal-${Math.random().toString(36).slice(2)}`;
  caption.htmlFor = input.id;
  input.type = "text";
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.className = "widget-input";
  wrap.appendChild(input);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "hw-btn-play-deal hw-btn jupyter-button widget-button";
  row.append(caption, wrap, button);
  el.appendChild(row);

  function labels() {
    input.placeholder = model.get("placeholder");
    caption.textContent = model.get("description");
    button.textContent = model.get("label");
  }
  function value() {
    input.value = model.get("value");
  }
  function play() {
    model.send({ event: "play", text: input.value });
  }
  button.addEventListener("click", play);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      play();
    }
  });
  model.on("change:placeholder", labels);
  model.on("change:label", labels);
  model.on("change:description", labels);
  model.on("change:value", value);
  labels();
  value();
}

export default { render };
