// The static site's Python: Pyodide and the package's table model, in a worker of their own, so the page stays
// responsive while a bot thinks and its progress bar moves (a bot decides inside one call of Python, which would
// hold the page's own thread for as long).
//
// The page (bridge.js) sends {id, kind: "start", config, query}, then {id, kind: "call", msg} for every message of
// the front end; each is answered with {id, out} (or {id, error}). While a call runs, Python's notify() posts
// {kind: "notify", text}: a message for the front end at once (the thinking bot's progress).
// {id, kind: "run", code} runs Python code and answers with its value (for the benchmarks).

import { loadPyodide } from "../pyodide/pyodide.mjs";

const ROOT = new URL("../", import.meta.url);
const DATA = "/home/pyodide/hearts-data";

let pyodide = null;
let handle = null;

async function start(config, query) {
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", ROOT).href, packages: [] });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of config.wheels) {
    const response = await fetch(new URL(wheel, ROOT));
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir: site });
  }
  pyodide.globals.set("site_lang", config.lang);
  pyodide.globals.set("site_query", query);
  pyodide.globals.set("site_data", DATA);
  pyodide.globals.set("site_app", config.app);
  pyodide.globals.set("site_notify", (text) => postMessage({ kind: "notify", text }));
  handle = pyodide.runPython(`
import os
os.environ.setdefault("HEARTS_KERNEL", "python")
os.makedirs(site_data, exist_ok=True)
from hearts_widgets.address import deal_from_address
from hearts_widgets.site_table import SiteTable
_deal = deal_from_address({"QUERY_STRING": site_query})
if site_app == "walkthrough":
    from hearts_widgets.site_walkthrough import SiteWalkthrough
    _table = SiteWalkthrough(lang=site_lang)
else:
    _table = SiteTable(data_dir=site_data, lang=site_lang, deal=_deal, app=site_app, notify=site_notify)
_table.handle
`);
  return handle(JSON.stringify({ event: "hello" }));
}

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    let out;
    if (kind === "start") out = await start(event.data.config, event.data.query);
    else if (kind === "call") out = handle(JSON.stringify(event.data.msg));
    else if (kind === "run") out = pyodide.runPython(event.data.code);
    postMessage({ id, out: out === undefined ? null : out });
  } catch (e) {
    postMessage({ id, error: String((e && e.message) || e) });
  }
};
