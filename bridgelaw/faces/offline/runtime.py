"""What the offline page's Python runs (under Pyodide, and natively in tests): no YAML, no disk, no HTTP.

    start(knowledge_pickle, files)             # the validated knowledge the site ships (``files``: the digest of
                                               # its files, log/record.knowledge_digest, for the log)
    request(path, params_json) -> str          # the page's request -> its reply as JSON (web/render.py's Reply;
                                               # a /log/save reply's ``keep``: the entry the device keeps, a
                                               # confirmed /log/N/delete's ``forget``: its uid; device.py)
    rule_json(incident) -> str                 # an Incident -> the ruling as JSON (explain/ruling_json.py)
    unpack(archive, folder) -> int             # a Python put back from its kept memory (worker.js): the app's
                                               # files it still needs
    digest(knowledge) -> str                   # the same digest natively: the page holds the same knowledge

The digest is a SHA-256 of a canonical form of the knowledge (dataclasses as
field lists, sets sorted), so it is the same under every Python and hash seed.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
from pathlib import Path
from typing import Any

_STATE: dict = {}
BUDGET = 60.0  # seconds one replay may take: a phone is slower than a server, and there is no other client
TEMPLATES = "bridgelaw/faces/offline/templates"  # in app.zip: the page's templates compiled into modules (build.py)


def start(knowledge_pickle: bytes, files: str | None = None) -> None:
    """Load the site's knowledge and build the engine once.  (Its digest is not worked out here: that costs more
    than the rest of the start, and the site's files carry it, knowledge.sha256.)"""
    import jinja2

    from ...engine import Engine
    from ...log import saving
    from ..web import render
    from ..web.session import Service
    for env, name in ((render.ENV, "web"), (saving.ENV, "log")):
        env.auto_reload = False  # the page's files never change: a template compiled once is kept (a Python put
        #                          back from its kept memory finds its files written anew)
        compiled = Path(__file__).parents[3] / TEMPLATES / name  # the site's: compiled at build (build.py)
        if compiled.is_dir() and not isinstance(env.loader, jinja2.ChoiceLoader):
            env.loader = jinja2.ChoiceLoader([jinja2.ModuleLoader(str(compiled)), env.loader])
    knowledge = pickle.loads(knowledge_pickle)
    _STATE["knowledge"], _STATE["engine"] = knowledge, Engine(knowledge)
    _STATE["service"] = Service(knowledge, budget=BUDGET, pool=1)
    _STATE["service"].log_save = "device.save"  # the ruling page's link to this device's log
    _STATE["files"] = files


def unpack(archive: str, folder: str) -> int:
    """Put back the files of ``archive`` (app.zip) a Python restored from its kept memory still needs into
    ``folder``: all but the modules it has imported already (templates, and modules imported later); how many."""
    import sys
    import zipfile
    put = 0
    with zipfile.ZipFile(archive) as z:
        for name in z.namelist():
            if name.endswith(".pyc") and name[:-4].removesuffix("/__init__").replace("/", ".") in sys.modules:
                continue
            z.extract(name, folder)
            put += 1
    return put


def request(path: str, params_json: str) -> str:
    """What the served page answers for ``path`` (/, /answer, /incident.yaml, /ruling.txt) with ``params``
    ({name: value or [values]}), as JSON: {body, status, media_type, location, filename}."""
    from ..web import render
    params = json.loads(params_json)
    one = {k: (v[-1] if isinstance(v, list) else v) or "" for k, v in params.items()}
    lang = one.get("lang") if one.get("lang") in ("ru", "en") else "ru"
    service, s = _STATE["service"], one.get("s", "")
    store = None
    if path == "/log" or path.startswith("/log/"):
        from . import device
        reply, store = device.request(service, path, one, lang, _STATE.get("files"))
    elif path == "/answer":
        v = params.get("v", [])
        reply = render.answer(service, s, one.get("k", ""), v if isinstance(v, list) else [v], lang)
    elif path == "/incident.yaml":
        reply = render.incident_yaml(service, s, lang)
    elif path == "/ruling.txt":
        reply = render.ruling_text(service, s, lang)
    else:
        reply = render.page(service, s, lang)
    return json.dumps(dataclasses.asdict(reply) | (store or {}), ensure_ascii=False)


def rule_json(incident) -> str:
    """The ruling on ``incident`` (an Incident) as the JSON ``bridgelaw rule --json`` prints."""
    from ...explain.ruling_json import ruling_json
    return json.dumps(ruling_json(_STATE["engine"].rule(incident)), ensure_ascii=False, sort_keys=True)


def digest(knowledge) -> str:
    return hashlib.sha256(json.dumps(_canonical(knowledge), ensure_ascii=False, sort_keys=True,
                                     default=repr).encode()).hexdigest()


def _canonical(x: Any, depth: int = 0) -> Any:
    if depth > 60:
        return repr(x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return [type(x).__name__] + [[f.name, _canonical(getattr(x, f.name), depth + 1)]
                                     for f in dataclasses.fields(x) if not f.name.startswith("_")]
    if isinstance(x, dict):
        return [[str(k), _canonical(v, depth + 1)] for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))]
    if isinstance(x, (set, frozenset)):
        return sorted((_canonical(v, depth + 1) for v in x), key=repr)
    if isinstance(x, (list, tuple)):
        return [_canonical(v, depth + 1) for v in x]
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return repr(x)
