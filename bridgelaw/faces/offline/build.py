"""``bridgelaw page OUT_DIR``: the offline site's engine bundle, from the project and the npm registry's Pyodide.

    build(root, out) -> list[Path]       # the files written

What it writes into OUT_DIR:
    index.html, app.js   the page: a loading screen, then the served page's questions and ruling (web/render.py,
                         web/templates/, web/static/), answered by worker.js in a Web Worker
    sw.js                the service worker that keeps every file, so the page works offline after one visit
    worker.js            starts Python (or puts back the one started on an earlier visit: its memory is kept in
                         the browser, under this build's name, site_version)
    pyodide/             Pyodide, copied from node_modules/pyodide (package.json pins it; `npm ci` fetches it)
    app.zip              the bridgelaw package and the pure-Python packages it runs on (experta and what it
                         needs, jinja2), unpacked into the browser's Python; compiled extensions are left out;
                         every module as bytecode for Pyodide's Python (compiled(), compile.mjs), the page's
                         templates too (compiled by jinja2 into modules: templates())
    pyodide/python_stdlib.zip  Pyodide's, with the modules the first page imports as bytecode (compiled())
    knowledge.pickle     the validated knowledge (with Laws 77-78's tables), read by runtime.start()
    knowledge.sha256     its digest (runtime.digest): the page's knowledge is the project's
    knowledge.files.sha256  the digest of its files (log/record.knowledge_digest): what the device's log records
    first.json           the first page (the interview's first screen) in each language, as the page's Python
                         answers it (first_pages()): app.js shows it at once while Python starts

Knowledge that fails ``bridgelaw check`` is refused: nothing is written.
"""
from __future__ import annotations

import hashlib
import importlib.metadata as md
import io
import json
import os
import pickle
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import replace
from pathlib import Path

from ...errors import BridgelawError, Loc, Problem
from ...log.record import knowledge_digest
from ...read.files import write_atomic
from ...words import LANGS, words
from .runtime import digest

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKAGES = ("experta", "frozendict", "schema", "jinja2", "markupsafe")  # what bridgelaw imports to rule and render
PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the folder holding the bridgelaw package
SITE = Path(__file__).parent / "site"  # the page's own files (index.html, sw.js, manifest: templates)
COMPILER = Path(__file__).parent / "compile.mjs"  # compiles the page's Python in Pyodide under Node (compiled())
KEEP_COMPILED = 4  # compiled builds kept in the user's cache
STATIC = Path(__file__).parents[1] / "web" / "static"  # the served page's styles and scripts, shared


def pyodide_dir(root: Path) -> Path:
    """node_modules/pyodide under ``root``; BridgelawError saying how to get it where it is missing."""
    d = root / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (d / f).is_file()]
    if missing:
        raise BridgelawError(Problem(Loc(str(d)), f"Pyodide is missing ({', '.join(missing)})",
                                     hint="run `npm ci` in the project folder (package.json pins the version)"))
    return d


def app_zip() -> bytes:
    """bridgelaw and its pure-Python dependencies as one zip, in a fixed order (the same bytes every build)."""
    files: list[tuple[str, bytes]] = []
    pkg = PACKAGE_ROOT / "bridgelaw"
    files += [(str(f.relative_to(PACKAGE_ROOT)), f.read_bytes()) for f in pkg.rglob("*") if _shipped(f)]
    for name in PACKAGES:
        dist = md.distribution(name)
        for rel in dist.files or ():
            f = Path(dist.locate_file(rel))
            if rel.parts and rel.parts[0] == name and _shipped(f):
                files.append((str(rel), f.read_bytes()))
    files += templates()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(2017, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()


def templates() -> list[tuple[str, bytes]]:
    """The page's templates (the served page's and the log's) as the Python modules jinja2 compiles them into
    (``Environment.compile_templates``), named as app.zip holds them (runtime.TEMPLATES/web, /log): the phone
    loads them as modules (``jinja2.ModuleLoader``) where it would parse and compile each template on its first
    page (most of that page's time)."""
    from ...log import saving
    from ..web import render
    from .runtime import TEMPLATES
    out = []
    for name, env in (("web", render.ENV), ("log", saving.ENV)):
        with tempfile.TemporaryDirectory() as folder:
            env.compile_templates(folder, zip=None, ignore_errors=False, log_function=lambda _: None)
            out += [(f"{TEMPLATES}/{name}/{f.name}", f.read_bytes()) for f in sorted(Path(folder).iterdir())]
    return out


def compiled(source: Path, files: dict[str, bytes], app: bytes) -> tuple[bytes, bytes]:
    """Pyodide's standard library and ``app`` (app_zip) with the page's Python as bytecode (compile.mjs: the
    site's own Pyodide under Node compiles what the first page imports, and the whole app), so a phone's first
    visit does not compile it: (python_stdlib.zip, app.zip).  Kept in the user's cache by a digest of Pyodide,
    the app and the compiler; the knowledge is not in it (it changes which modules are imported, not how they
    compile: one it adds is compiled in the page).  BridgelawError where Node is missing or the compiler fails."""
    from ...read.cache import folder, keep, recall
    h = hashlib.sha256(COMPILER.read_bytes())
    for name in [f"pyodide/{n}" for n in PYODIDE_FILES]:
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    h.update(hashlib.sha256(app).digest())
    key = h.hexdigest()
    kept = recall("page", key)
    if isinstance(kept, tuple) and len(kept) == 2 and all(isinstance(b, bytes) for b in kept):
        return kept
    node = shutil.which("node")
    if node is None:
        raise BridgelawError(Problem(Loc(str(COMPILER)), "Node is missing: Pyodide compiles the page's Python under"
                                     " Node", hint="install Node (it comes with npm, which `npm ci` needs)"))
    with tempfile.TemporaryDirectory() as work:
        for name in ("knowledge.pickle", "knowledge.files.sha256"):
            Path(work, name).write_bytes(files[name])
        Path(work, "app.zip").write_bytes(app)
        done = subprocess.run([node, str(COMPILER), str(source), work],
                              capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise BridgelawError(Problem(Loc(str(COMPILER)), "compiling the page's Python failed: "
                                         + (done.stderr.strip().splitlines() or ["(no message)"])[-1][-400:]))
        result = (Path(work, "python_stdlib.zip").read_bytes(), Path(work, "app.zip").read_bytes())
    keep("page", key, result)
    try:  # a few builds' worth: each is megabytes
        for old in sorted((folder() / "page").glob("*.pickle"), key=lambda p: p.stat().st_mtime)[:-KEEP_COMPILED]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
    return result


def _shipped(f: Path) -> bool:
    return f.is_file() and "__pycache__" not in f.parts and f.suffix not in (".so", ".pyd", ".pyc")


def knowledge_bundle(root: Path) -> tuple[bytes, str]:
    """The validated knowledge as the page loads it, and its digest; BridgelawError if ``check`` finds errors."""
    from ...committee.checks import check_path
    from ...engine import load
    from ...read.scoring import load_scoring
    problems, _ = check_path(None, root)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise BridgelawError(errors)
    knowledge = replace(load(root), scoring=load_scoring(root))
    return pickle.dumps(knowledge, protocol=4), digest(knowledge)


def first_pages(knowledge_pickle: bytes, files: str) -> bytes:
    """The first page of each address app.js opens a visit at ("/", "/?lang=ru", "/?lang=en"), as the page's own
    Python answers it (runtime.request, run here on the same knowledge: the interview's first screen is the same
    for every visitor and holds no state), as JSON: {address: reply}."""
    from . import runtime
    runtime.start(knowledge_pickle, files)
    pages = {}
    for address in ("/", *(f"/?lang={lang}" for lang in LANGS)):
        params = {k: [v] for k, v in (x.split("=") for x in address.partition("?")[2].split("&") if x)}
        pages[address] = json.loads(runtime.request("/", json.dumps(params)))
    return json.dumps(pages, ensure_ascii=False, sort_keys=True).encode()


BUILT = ("site", "out", "build")  # the project's folders for what it builds (.gitignore)
SITE_FILES = ("index.html", "app.zip", "knowledge.sha256")  # a folder holding these is a site ``page`` wrote


def is_site(folder: Path) -> bool:
    return all((folder / name).is_file() for name in SITE_FILES)


def check_out(root: Path, out: Path, force: bool = False) -> None:
    """Refuse an OUT the site may not be written into, before any work: inside the project's own folders (its
    package, knowledge, tests...: the site would overwrite its templates, or the next build's app.zip would swallow
    it), or a folder holding files of someone else's (unless ``force``).  A previous site is replaced whole."""
    out = out.resolve()
    root = root.resolve()
    package = (PACKAGE_ROOT / "bridgelaw").resolve()
    if out.exists() and not out.is_dir():
        raise BridgelawError(Problem(Loc(str(out)), "is a file, not a folder: name a folder for the site"))
    inside = out == root or out.is_relative_to(package) or out in root.parents or out in package.parents
    if not inside and out.is_relative_to(root):  # in the project: only in a folder of its own (site/, as README says)
        first = root / out.relative_to(root).parts[0]
        inside = first.name not in BUILT and first.is_dir() and any(first.iterdir()) and not is_site(first)
    if inside:
        raise BridgelawError(Problem(Loc(str(out)), "inside the project's own folders: the site is never written there",
                                     hint="name a folder of its own, e.g. site/ in the project or a folder elsewhere"))
    if out.is_dir() and any(out.iterdir()) and not is_site(out) and not force:
        raise BridgelawError(Problem(Loc(str(out)), "not empty, and not a site `bridgelaw page` wrote: its files"
                                     " would be overwritten", hint="name an empty or new folder, or give --force"))


def build(root: Path, out: Path, force: bool = False) -> list[Path]:
    """Write the site's engine bundle into ``out``: built whole in a temporary folder beside it, then put in its
    place (a previous site replaced, a folder's other files kept with ``force``); the files written.  A build that
    fails (a full disk) leaves ``out`` as it was and names the file it could not write."""
    check_out(root, out, force)
    source = pyodide_dir(root)
    data, sha = knowledge_bundle(root)
    files = {f"pyodide/{name}": (source / name).read_bytes() for name in PYODIDE_FILES}
    files |= {"knowledge.pickle": data, "knowledge.sha256": (sha + "\n").encode(),
              "knowledge.files.sha256": (knowledge_digest(root) + "\n").encode()}
    files["pyodide/python_stdlib.zip"], files["app.zip"] = compiled(source, files, app_zip())
    files["first.json"] = first_pages(data, files["knowledge.files.sha256"].decode().strip())
    files |= {f"static/{f.name}": f.read_bytes() for f in sorted(STATIC.iterdir()) if f.is_file()}
    files["app.js"] = (SITE / "app.js").read_bytes()
    said = {lang: words("page", lang) | words("offline", lang) for lang in LANGS}
    files["index.html"] = _render("index.html", words=said, words_json=json.dumps(said, ensure_ascii=False))
    files["manifest.webmanifest"] = _render("manifest.webmanifest", app=said["ru"]["app"])
    version = site_version(sha, files)
    files["worker.js"] = _render("worker.js", version=version)
    kept = ["./"] + sorted(files) + ["manifest.webmanifest"]
    files["sw.js"] = _render("sw.js", version=version, files_json=json.dumps(sorted(set(kept))))
    out.parent.mkdir(parents=True, exist_ok=True)
    part = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent))
    try:
        for name, payload in files.items():
            (part / name).parent.mkdir(parents=True, exist_ok=True)
            try:
                write_atomic(part / name, payload)
            except OSError as e:
                raise BridgelawError(Problem(Loc(str(out / name)), f"cannot write: {e.strerror or e}",
                                             hint="nothing of the new site was put in place")) from None
        _put_in_place(part, out)
    finally:
        shutil.rmtree(part, ignore_errors=True)
    return [out / name for name in files]


def _put_in_place(part: Path, out: Path) -> None:
    """The site built in ``part`` becomes ``out``: renamed into place where ``out`` is missing, empty or a previous
    site (that one removed after); else (``--force``) each file moved in, the folder's other files kept."""
    if out.is_dir() and not is_site(out) and any(out.iterdir()):
        for f in sorted(p for p in part.rglob("*") if p.is_file()):
            (out / f.relative_to(part)).parent.mkdir(parents=True, exist_ok=True)
            os.replace(f, out / f.relative_to(part))
        return
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.{os.getpid()}.old"
        os.replace(out, old)
    try:
        os.replace(part, out)
    except OSError:
        if old is not None:
            os.replace(old, out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def site_version(knowledge_sha: str, files: dict[str, bytes]) -> str:
    """The build's name for its caches (sw.js's files, worker.js's started Python): the knowledge's digest and a
    digest of every file and of the templates of the two scripts that carry it, so that any change to the
    knowledge, the program or Pyodide is a new name and nothing kept from an older build is used."""
    h = hashlib.sha256()
    templates = [(f"template:{t}", (SITE / t).read_bytes()) for t in ("sw.js", "worker.js")]
    for name, payload in sorted(files.items()) + templates:
        h.update(name.encode() + b"\0" + hashlib.sha256(payload).digest())
    return f"bridgelaw-{knowledge_sha[:16]}-{h.hexdigest()[:16]}"


def _render(name: str, **ctx) -> bytes:
    import jinja2
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(SITE)), autoescape=jinja2.select_autoescape(["html"]))
    return env.get_template(name).render(ctx).encode()
