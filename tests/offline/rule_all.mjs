// Rules incidents inside Pyodide, as the offline page does: node rule_all.mjs SITE_DIR INCIDENTS.pickle
// Loads the site's Pyodide, unpacks its app.zip, starts the engine on its knowledge.pickle, then prints one
// JSON line: {"digest", "ready_ms" (Pyodide loaded and the engine started), "rulings": [ruling JSON...],
// "ms": [per-ruling ms], "imported": [any YAML parser, validator or web framework module imported]}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [site, incidents] = process.argv.slice(2);
process.on("uncaughtException", (e) => { process.stderr.write(String(e.message || e).slice(0, 4000) + "\n"); process.exit(1); });
process.on("unhandledRejection", (e) => { process.stderr.write(String(e.message || e).slice(0, 4000) + "\n"); process.exit(1); });
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide", "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL: path.join(site, "pyodide") + "/" });
py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(site, "app.zip"))), "zip", { extractDir: "/app" });
py.FS.writeFile("/app/knowledge.pickle", new Uint8Array(fs.readFileSync(path.join(site, "knowledge.pickle"))));
py.FS.writeFile("/app/incidents.pickle", new Uint8Array(fs.readFileSync(incidents)));
py.runPython(`
import sys
sys.path.insert(0, "/app")
from bridgelaw.faces.offline import runtime
from bridgelaw.run import partition
partition.many()  # hundreds of kinds of incident, as the native side rules them (tests/conftest.py): each component
#                  compiled about once, not once per part (half the rulings' time); the page's own per-part engines
#                  are driven in Pyodide by test_not_known_no_crash's worker and the browser tests
runtime.start(open("/app/knowledge.pickle", "rb").read())
`);
const readyMs = performance.now() - t0;
const out = py.runPython(`
import sys, json, pickle, time
from bridgelaw.faces.offline import runtime
digest = runtime.digest(runtime._STATE["knowledge"])
rulings, ms = [], []
for incident in pickle.load(open("/app/incidents.pickle", "rb")):
    t = time.perf_counter()
    rulings.append(json.loads(runtime.rule_json(incident)))
    ms.append((time.perf_counter() - t) * 1000)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("yaml", "jsonschema", "fastapi", "starlette"))
json.dumps({"digest": digest, "rulings": rulings, "ms": ms, "imported": heavy})
`);
const result = JSON.parse(out);
result.ready_ms = readyMs;
process.stdout.write(JSON.stringify(result) + "\n");
