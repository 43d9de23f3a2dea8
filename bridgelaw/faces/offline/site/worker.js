// The offline page's Python: Pyodide copied into the site, the bridgelaw app and the validated knowledge;
// nothing is fetched from anywhere but this site.  Messages: {id, path, params} -> {type: "reply", id, reply}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const progress = (percent, stage) => postMessage({ type: "progress", percent, stage });
const bytes = async (name) => {
  const r = await fetch(name);
  if (!r.ok) throw new Error(`${name}: ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
};

let runtime;
const started = (async () => {
  progress(5, "engine");
  const files = Promise.all([bytes("app.zip"), bytes("knowledge.pickle"), bytes("knowledge.files.sha256")]);
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  progress(70, "knowledge");
  const [app, knowledge, kept] = await files;
  py.unpackArchive(app, "zip", { extractDir: "/app" });
  py.FS.writeFile("/app/knowledge.pickle", knowledge);
  py.FS.writeFile("/app/knowledge.files.sha256", kept);
  runtime = py.runPython(`
import sys
sys.path.insert(0, "/app")
from bridgelaw.faces.offline import runtime
runtime.start(open("/app/knowledge.pickle", "rb").read(), open("/app/knowledge.files.sha256").read().strip())
runtime`);
  progress(100, "ready");
  postMessage({ type: "ready" });
})().catch((e) => postMessage({ type: "failed", message: String(e.message || e) }));

onmessage = async ({ data }) => {
  await started;
  try {
    postMessage({ type: "reply", id: data.id, reply: runtime.request(data.path, data.params) });
  } catch (e) {
    postMessage({ type: "reply", id: data.id, error: String(e.message || e).split("\n").slice(-2).join(" ") });
  }
};
