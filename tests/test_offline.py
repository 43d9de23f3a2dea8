"""The offline page's engine: under Node with the site's own Pyodide, every shipped incident and YAML case
gives the same ruling as native Python, from the same knowledge (the digest), without YAML, jsonschema or
FastAPI.  Needs Node and `npm ci` (package.json pins Pyodide; .ci/run installs both)."""
from __future__ import annotations

import json
import pickle
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.explain.ruling_json import ruling_json
from bridgelaw.faces.offline import build
from bridgelaw.faces.offline.runtime import digest
from bridgelaw.read.incident import load_incident
from bridgelaw.read.scoring import load_scoring

from conftest import needs_pyodide, site_version

ROOT = Path(__file__).resolve().parent.parent


_needs_pyodide = needs_pyodide  # (the fixtures site and served: conftest.py, the site built once a run)


def _incidents(knowledge):
    from bridgelaw.committee.testrun import case_files, load_all
    named = [(p.stem, load_incident(p, knowledge.vocabulary))
             for p in sorted((ROOT / "facts" / "incidents").glob("*.yaml"))]
    cases, _ = load_all(case_files(ROOT), knowledge.vocabulary)
    named += [(f"{c.file}:{c.name}", c.incident) for c in cases]
    return named


def test_every_incident_and_case_rules_the_same_in_pyodide(site, knowledge, ruled, tmp_path):
    node = _needs_pyodide()
    named = _incidents(knowledge)
    (tmp_path / "incidents.pickle").write_bytes(pickle.dumps([i for _, i in named], protocol=4))
    done = subprocess.run([node, str(ROOT / "tests" / "offline" / "rule_all.mjs"), str(site),
                           str(tmp_path / "incidents.pickle")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    got = json.loads(done.stdout)
    native = digest(replace(knowledge, scoring=load_scoring(ROOT)))  # the site's knowledge carries Laws 77-78
    assert got["digest"] == native == (site / "knowledge.sha256").read_text().strip()
    assert got["imported"] == [], "the page imports no YAML parser, validator or web framework"
    for (name, incident), theirs in zip(named, got["rulings"], strict=True):
        mine = json.loads(json.dumps(ruling_json(ruled.rule(incident)), ensure_ascii=False, sort_keys=True))
        assert theirs == mine, name
    ms = sorted(got["ms"])
    print(f"\npyodide: ready in {got['ready_ms'] / 1000:.1f} s; {len(ms)} rulings, median {ms[len(ms) // 2]:.1f} ms,"
          f" max {ms[-1]:.0f} ms")


def test_the_site_downloads_in_8_mb_gzip_and_fetches_nothing_from_elsewhere(site):
    import gzip
    import re
    files = [f for f in site.rglob("*") if f.is_file()]
    total = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
    assert total <= 8_000_000, f"{total / 1e6:.2f} MB gzip"
    ours = [f for f in files if f.suffix in (".html", ".js") and "pyodide" not in f.parts]
    assert [f.name for f in ours if re.search(r"https?://", f.read_text(encoding="utf-8"))] == []


def test_the_page_s_python_comes_compiled_for_pyodide(site):
    """The first visit compiles nothing it imports: every module of the app, and each module of Pyodide's
    standard library the first page imports, is bytecode for Pyodide's Python in place of its source."""
    import zipfile
    app = zipfile.ZipFile(site / "app.zip").namelist()
    assert [n for n in app if n.endswith(".py")] == []
    assert {"bridgelaw/engine.pyc", "experta/__init__.pyc", "jinja2/environment.pyc"} <= set(app)
    assert any(n.startswith("bridgelaw/faces/web/templates/") for n in app)  # the other files as they were
    stdlib = zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip")
    names = set(stdlib.namelist())
    assert {"dataclasses.pyc", "json/__init__.pyc", "encodings/__init__.pyc"} <= names
    assert "dataclasses.py" not in names and "pdb.py" in names  # a module the page never imports stays source
    magic = stdlib.read("dataclasses.pyc")[:4]
    assert magic == zipfile.ZipFile(site / "app.zip").read("bridgelaw/engine.pyc")[:4]
    assert int.from_bytes(stdlib.read("dataclasses.pyc")[4:8], "little") == 1  # unchecked hash (PEP 552)


def test_a_page_from_knowledge_that_fails_check_is_refused(tmp_path):
    _needs_pyodide()
    project = tmp_path / "p"
    # the project without its tests: the law file's error is the knowledge's own (the check's load finds it), and
    # the check does not rule the 800 YAML cases first (6 of the test's 7 s)
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns(".venv", "node_modules", ".git", "out", "site",
                                                                 "tests"))
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    law = project / "knowledge" / "law-64.yaml"
    law.write_text(law.read_text(encoding="utf-8").replace("cite: 64A1", "cite: 64Z9", 1), encoding="utf-8")
    with pytest.raises(BridgelawError):
        build.build(project, tmp_path / "site")
    assert not (tmp_path / "site").exists()


# -- the page in Chromium: one visit, then the network off ------------------------------------------------------

REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"


def test_the_page_rules_the_readme_revoke_offline_through_its_buttons(first_visit, knowledge, engine):
    from test_web_e2e import _answer, _shot
    from web_director import script
    page, first, ready = first_visit
    assert first["restored"] is False
    # the first question came from the site's first.json, before Python had started (its answers waited for it)
    assert first["early"] is True and first["shown"] < first["started"], first
    # every file kept by the service worker, and the started Python by the worker (first_visit); then no network
    # (the other tests that go on from first_visit need none: their visits are served by the service worker)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("section.question", timeout=120_000)
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)  # Python answers
    later = page.evaluate("window.bridgelawTimings")
    assert later["restored"] is True, later  # the later visit puts back the Python the first one kept
    assert (first["stages"][0], later["stages"][0]) == ("engine", "restore")  # and the loading screen says which
    _shot(page, "offline-question-1")
    incident = load_incident(REVOKE, knowledge.vocabulary)
    steps, expected = script(knowledge, engine, incident)
    for q, value in steps:
        assert page.locator("section.question").get_attribute("data-key") == q.key
        assert page.locator("h1").inner_text() == q.text["ru"]
        _answer(page, q, value)  # the worker answers in a moment: wait for the next page
        page.wait_for_function("k => { const s = document.querySelector('section.question');"
                               " return document.querySelector('section.ruling') || (s && s.dataset.key !== k); }",
                               arg=q.key, timeout=30_000)
    page.wait_for_function("document.querySelector('h1') && document.querySelector('h1').innerText === 'Решение'")
    _shot(page, "offline-ruling", full=True)
    shown = [(li.get_attribute("data-cite"), li.locator("p.text").inner_text())
             for li in page.locator("li.element").all()]
    assert shown == [(e.cite, e.text["ru"]) for e in expected.shown()]  # the decisive one first
    print(f"\noffline page: first question in {first['shown'] / 1000:.1f} s on the first visit ({ready:.1f} s"
          f" to the driver), {later['shown'] / 1000:.1f} s on the later one; ruled offline in {len(steps)} answers")


def test_the_build_name_changes_with_the_knowledge_the_program_and_pyodide():
    """What the browser keeps (sw.js's files, the started Python worker.js keeps) is named after the build: any
    change to the knowledge's digest or to a file of the site is a new name, so nothing older is ever used."""
    files = {"app.zip": b"program", "knowledge.pickle": b"laws", "pyodide/pyodide.asm.wasm": b"wasm"}
    name = build.site_version("a" * 64, files)
    assert name.startswith("bridgelaw-" + "a" * 16 + "-") and name == build.site_version("a" * 64, dict(files))
    assert build.site_version("b" * 64, files) != name
    for changed in files:
        assert build.site_version("a" * 64, files | {changed: b"other"}) != name, changed


def test_the_loading_screen_and_the_page_speak_the_phone_s_language(served, browser):
    """A phone set to English sees the loading screen in English and the interview in English; an address that
    names its language keeps it (the Russian page is the default).  What is starting is said (on the loading
    screen, then above the first question shown while Python starts): Python started, once, on the first visit;
    on a later visit the Python kept then put back, and no "once"."""
    from test_web_e2e import PHONE
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale="en-US", base_url=served)
    # what the loading screen says once app.js has run (a module script runs before DOMContentLoaded)
    context.add_init_script("""document.addEventListener("DOMContentLoaded", () => { window.bootShown = [
        document.documentElement.lang, document.getElementById("boot-title").textContent,
        document.getElementById("boot-stage").textContent];
        window.bootWords = JSON.parse(document.getElementById("boot").dataset.words).en; });""")
    page = context.new_page()

    def visit(go) -> list[str]:
        go()
        page.wait_for_selector("section.question", timeout=120_000)
        page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)
        return page.evaluate("window.bridgelawTimings.said")  # every text said of what is starting, in order

    said = visit(lambda: page.goto("/"))
    # what is starting, in English: the page's own start, or already Python's where the worker (index.html starts
    # it before app.js) said so before the page was read (a race between the two, not a matter of language)
    stages = page.evaluate("""Object.entries(window.bootWords).filter(([k]) => k.startsWith("stage_"))
        .map(([, v]) => v)""")
    shown = page.evaluate("window.bootShown")
    assert shown[:2] == ["en", "Loading…"] and shown[2] in stages, (shown, stages)
    assert "Starting the page" in stages
    assert page.evaluate("document.documentElement.lang") == "en"
    assert any(s.startswith("Starting Python in the browser (once") for s in said), said
    assert not any(s.startswith("Putting back") for s in said), said
    page.wait_for_function("window.bridgelawTimings.kept_bytes > 0", timeout=60_000)
    said = visit(page.reload)  # a later visit: the Python kept is put back, and the page says so
    assert page.evaluate("window.bridgelawTimings.restored") is True
    assert any(s.startswith("Putting back the Python this browser kept") for s in said), said
    assert not any("once" in s for s in said), said
    page.goto("/#/?lang=ru")
    said = visit(page.reload)
    assert page.evaluate("window.bootShown")[:2] == ["ru", "Загрузка…"]
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert any(s.startswith("Python восстанавливается из памяти браузера") for s in said), said
    assert not any("один раз" in s for s in said), said
    context.close()


def test_a_page_without_node_to_compile_its_python_is_refused_with_a_hint(monkeypatch, tmp_path):
    """Where Node is missing (and nothing compiled is kept), `page` says so and how to mend it: no traceback."""
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    files = {f"pyodide/{name}": b"x" for name in build.PYODIDE_FILES}
    with pytest.raises(BridgelawError) as refused:
        build.compiled(tmp_path, files, b"app")
    assert "Node is missing" in str(refused.value) and "compile.mjs" in str(refused.value)


def test_a_kept_python_that_cannot_be_put_back_is_dropped_and_python_starts_afresh(served, first_visit):
    """The kept memory spoilt (a half-written entry, another Pyodide's): the page starts Python as on a first
    visit, keeps a sound one, and the visit after puts that back.  (Going on from conftest.py's first_visit, its
    Python kept; the test leaves a sound one kept.)"""
    page = first_visit[0]
    page.goto("/")
    page.wait_for_selector("section.question", timeout=120_000)
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)  # Python answers
    assert page.evaluate("window.bridgelawTimings.restored") is True  # what the first visit kept, put back
    kept = site_version(served) + "-python"
    page.evaluate("async k => (await caches.open(k)).put('python-memory', new Response(new Uint8Array(4096)))", kept)
    page.reload()
    page.wait_for_selector("section.question", timeout=120_000)
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)  # Python answers
    assert page.evaluate("window.bridgelawTimings.restored") is False
    page.wait_for_function("window.bridgelawTimings.kept_bytes > 0", timeout=60_000)
    page.reload()
    page.wait_for_selector("section.question", timeout=120_000)
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)  # Python answers
    assert page.evaluate("window.bridgelawTimings.restored") is True
