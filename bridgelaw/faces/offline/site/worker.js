// The offline page's Python: Pyodide copied into the site, the bridgelaw app and the validated knowledge;
// nothing is fetched from anywhere but this site.  Messages: {id, path, params} -> {type: "reply", id, reply}.
//
// The first visit starts Python, imports the app and loads the knowledge (seconds on a phone); once the first
// page is answered, the started Python's memory is kept in the browser's Cache Storage, and every later visit
// puts it back instead (Pyodide's memory snapshot): no Python start, no imports, no knowledge to load.  The
// cache is named after this build (VERSION: a digest of the knowledge, the program and Pyodide, written by
// `bridgelaw page`), so a new build never starts from an older one's memory; sw.js drops older builds' caches.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import createPyodideModule from "./pyodide/pyodide.asm.mjs";

const VERSION = "{{ version }}";
const KEPT = `${VERSION}-python`;  // the cache holding the started Python's memory
const MEMORY = "python-memory";
const marks = {};  // when each stage ended (ms since the epoch): the page's timings (app.js, bench/offline.py)
const mark = (name) => { marks[name] = performance.timeOrigin + performance.now(); };
mark("worker");
const progress = (percent, stage) => postMessage({ type: "progress", percent, stage });
const bytes = async (name) => {
  const r = await fetch(name);
  if (!r.ok) throw new Error(`${name}: ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
};

async function keptMemory() {
  try {
    const hit = await (await caches.open(KEPT)).match(MEMORY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;  // no Cache Storage here (not a secure context): start afresh every time
  }
}

async function keepMemory(py) {
  try {
    const memory = py.makeMemorySnapshot();
    await (await caches.open(KEPT)).put(MEMORY, new Response(memory));
    return memory.length;
  } catch (e) {
    console.warn("the started Python could not be kept:", e);
    return 0;
  }
}

// Pyodide's wasm owns its memory: it is grown to hold the kept one before that is put back.
const grown = (size) => async (settings) => {
  const module = await createPyodideModule(settings);
  if (module.HEAP8.length < size) module._emscripten_resize_heap(size);
  return module;
};

let py, runtime, restored = false, keeping = false;
const started = (async () => {
  const app = bytes("app.zip");
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const memory = await keptMemory();
  mark("read");
  progress(5, memory ? "restore" : "engine");  // the loading screen says which: a first visit's start happens once
  // a first visit's knowledge is fetched while Python starts
  const fetchKnowledge = () => Promise.all([bytes("knowledge.pickle"), bytes("knowledge.files.sha256")]);
  let knowledge = memory ? null : fetchKnowledge();
  if (memory) {
    try {
      py = await loadPyodide({ indexURL, createPyodideModule: grown(memory.length), _loadSnapshot: memory });
      if (!py.runPython("from bridgelaw.faces.offline import runtime\n'service' in runtime._STATE")) {
        throw new Error("no engine in the kept Python");
      }
      restored = true;
    } catch (e) {
      console.warn("the kept Python could not be put back; starting afresh:", e);
      await caches.delete(KEPT).catch(() => {});
      py = undefined;
      progress(5, "engine");
      knowledge = fetchKnowledge();
    }
  }
  py ??= await loadPyodide({ indexURL, createPyodideModule, _makeSnapshot: true });
  mark("pyodide");
  progress(70, "knowledge");
  if (restored) {  // the modules imported are in the memory put back: the templates and the others are not
    py.FS.writeFile("/app.zip", await app);
    runtime = py.runPython("from bridgelaw.faces.offline import runtime\nruntime");
    runtime.unpack("/app.zip", "/app");
    mark("unpacked");
  } else {
    py.unpackArchive(await app, "zip", { extractDir: "/app" });
    mark("unpacked");
    const [pickled, files] = await knowledge;
    py.FS.writeFile("/app/knowledge.pickle", pickled);
    py.FS.writeFile("/app/knowledge.files.sha256", files);
    runtime = py.runPython(`
import sys
sys.path.insert(0, "/app")
from bridgelaw.faces.offline import runtime
runtime.start(open("/app/knowledge.pickle", "rb").read(), open("/app/knowledge.files.sha256").read().strip())
runtime`);
  }
  mark("started");
  progress(100, "ready");
  postMessage({ type: "ready", restored, marks });
})().catch((e) => postMessage({ type: "failed", message: String(e.message || e) }));

onmessage = async ({ data }) => {
  await started;
  try {
    postMessage({ type: "reply", id: data.id, reply: runtime.request(data.path, data.params) });
  } catch (e) {
    postMessage({ type: "reply", id: data.id, error: String(e.message || e).split("\n").slice(-2).join(" ") });
    if (restored) caches.delete(KEPT).catch(() => {});  // a fault in the kept Python is not kept for next time
  }
  if (!restored && !keeping) {  // the first page answered (its templates compiled): keep this Python for next time
    keeping = true;
    setTimeout(async () => {
      const t = performance.now();
      const size = await keepMemory(py);
      postMessage({ type: "kept", bytes: size, ms: Math.round(performance.now() - t) });
    }, 0);
  }
};
