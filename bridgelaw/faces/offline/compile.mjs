// `bridgelaw page`'s compiler (build.py): the page's Python compiled to bytecode by the site's own Pyodide, so
// that the phone's first visit does not compile it.   node compile.mjs PYODIDE_DIR WORK_DIR
// WORK_DIR holds app.zip (the sources), knowledge.pickle and knowledge.files.sha256.  Pyodide starts, the app
// starts on the knowledge and answers its first page, as worker.js does; then it writes into WORK_DIR:
//   python_stdlib.zip  Pyodide's standard library, each module imported by then as bytecode in place of its
//                      source (zipimport loads it so), the others as they were
//   app.zip            every module as bytecode in place of its source (the import system loads it so), and the
//                      other files (templates) as they were
// Bytecode in place of the source keeps the site within its size: a traceback shows no source lines.
// The bytecode is "unchecked-hash" (PEP 552): the page's files never change under it; a new build is a new site.
// and prints one JSON line: {"stdlib": modules compiled, "app": files compiled}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, work] = process.argv.slice(2);
const fail = (e) => { process.stderr.write(String(e.message || e).trim().split("\n").slice(-3).join(" ") + "\n"); process.exit(1); };
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
for (const name of ["app.zip", "knowledge.pickle", "knowledge.files.sha256", "python_stdlib.zip"]) {
  const from = name === "python_stdlib.zip" ? path.join(dir, name) : path.join(work, name);
  py.FS.writeFile(`/${name}`, new Uint8Array(fs.readFileSync(from)));
}
const out = py.runPython(`
import importlib.util, json, marshal, sys, zipfile
sys.path.insert(0, "/app")
zipfile.ZipFile("/app.zip").extractall("/app")
from bridgelaw.faces.offline import runtime
runtime.start(open("/knowledge.pickle", "rb").read(), open("/knowledge.files.sha256").read().strip())
runtime.request("/", "{}")

def pyc(source, name, flags):
    code = compile(source, name, "exec", dont_inherit=True, optimize=2)
    return importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + importlib.util.source_hash(source) + marshal.dumps(code)

STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]
imported = {m.__file__[len(STDLIB):] for m in list(sys.modules.values())
            if (getattr(m, "__file__", None) or "").startswith(STDLIB) and m.__file__.endswith(".py")}
done = {"stdlib": 0, "app": 0}
with zipfile.ZipFile("/python_stdlib.zip") as src, zipfile.ZipFile("/out_stdlib.zip", "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename in imported:  # sourceless: zipimport takes name.pyc where name.py is missing
            info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            data = pyc(data, STDLIB + info.filename[:-1], 1)  # 1: "unchecked hash"
            done["stdlib"] += 1
        dst.writestr(info, data, zipfile.ZIP_DEFLATED)
with zipfile.ZipFile("/app.zip") as src, zipfile.ZipFile("/out_app.zip", "w") as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):  # sourceless too: the import system takes name.pyc for a missing name.py
            data = pyc(data, "/app/" + info.filename, 1)
            info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            done["app"] += 1
        dst.writestr(info, data, zipfile.ZIP_DEFLATED)
json.dumps(done)
`);
fs.writeFileSync(path.join(work, "python_stdlib.zip"), py.FS.readFile("/out_stdlib.zip"));
fs.writeFileSync(path.join(work, "app.zip"), py.FS.readFile("/out_app.zip"));
process.stdout.write(out + "\n");
