// The offline page's worker (site/worker.js) under Node: the site's Pyodide, its app.zip and knowledge started
// as the worker starts them, then each request put to runtime.request as the worker's onmessage does.
//   node worker_requests.mjs SITE_DIR REQUESTS.json      (REQUESTS: [{path, params: {name: value}}, ...])
// Prints one JSON line: [{status, body} | {error}, ...], one per request (error: what the worker would post).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, requests] = process.argv.slice(2);
process.on("uncaughtException", (e) => { process.stderr.write(String(e.message || e).slice(0, 4000) + "\n"); process.exit(1); });
process.on("unhandledRejection", (e) => { process.stderr.write(String(e.message || e).slice(0, 4000) + "\n"); process.exit(1); });
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "app.zip"))), "zip", { extractDir: "/app" });
py.FS.writeFile("/app/knowledge.pickle", new Uint8Array(fs.readFileSync(path.join(site, "knowledge.pickle"))));
py.FS.writeFile("/app/knowledge.files.sha256", new Uint8Array(fs.readFileSync(path.join(site, "knowledge.files.sha256"))));
const runtime = py.runPython(`
import sys
sys.path.insert(0, "/app")
from bridgelaw.faces.offline import runtime
runtime.start(open("/app/knowledge.pickle", "rb").read(), open("/app/knowledge.files.sha256").read().strip())
runtime`);
const out = [];
for (const { path: p, params } of JSON.parse(fs.readFileSync(requests, "utf8"))) {
  try {
    const reply = JSON.parse(runtime.request(p, JSON.stringify(params)));
    out.push({ status: reply.status, body: reply.body });
  } catch (e) {
    out.push({ error: String(e.message || e).split("\n").slice(-2).join(" ") });
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
