"""Shared fixtures: the project's knowledge and one engine, loaded once per test session; the browser tests'
Chromium and web server, made once per test process, and the offline site and the book, once per run."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bridgelaw.engine import Engine, load
from bridgelaw.run.partition import many

ROOT = Path(__file__).resolve().parent.parent
many()  # a test process rules thousands of incidents of every kind: each part of the knowledge compiled about once


@pytest.fixture(scope="session")
def _shipped():
    """The shipped knowledge, one engine and the same engine remembering its rulings (Remembering), once per test
    process.  The fixtures below give them their public names, which a module may give its own fixtures; the
    session's other fixtures depend on this private one, which no module overrides."""
    knowledge = load(ROOT)
    engine = Engine(knowledge)
    return knowledge, engine, Remembering(engine)


@pytest.fixture(scope="session")
def knowledge(_shipped):
    return _shipped[0]


@pytest.fixture(scope="session")
def engine(_shipped):
    return _shipped[1]


class Remembering:
    """The session's engine, ruling each incident once per test process: several tests read the ruling of every
    YAML case and shipped incident (the cases, the ruling's schema, the offline page).  The same facts give the
    same ruling (tests/test_determinism.py), so a ruling made once stands for the next one asked."""

    def __init__(self, engine: Engine):
        self.engine, self.kept, self.read = engine, {}, {}

    def rule(self, incident):
        key = repr(incident)
        if key not in self.kept:
            self.kept[key] = self.engine.rule(incident)
        return self.kept[key]

    def load_incident(self, path, display: str | None = None):
        """An incident file read once per test process, a file of the project named by its path from the project's
        folder unless ``display`` says otherwise (as test_differential and test_interview read the shipped ones:
        the same incident, so the same ruling kept)."""
        path = Path(path)
        if display is None and path.is_absolute() and path.is_relative_to(ROOT):
            display = str(path.relative_to(ROOT))
        if (path, display) not in self.read:
            self.read[path, display] = self.engine.load_incident(path, display)
        return self.read[path, display]

    def __getattr__(self, name):
        return getattr(self.engine, name)


@pytest.fixture(scope="session")
def ruled(_shipped):
    """The engine, each incident's ruling made once per test process (Remembering)."""
    return _shipped[2]


@pytest.fixture(scope="session")
def cases_ruled_once(_shipped):
    """A context in which the committee's tools (coverage, the book, `test`: testrun.run_cases) rule the YAML cases
    with the session's engine, each case once per test process (Remembering: tests/test_cases.py rules the same
    cases, and the two coverage tables and the two books the same again).  Only around a tool run on the shipped
    project, whose knowledge is the session's: ``with cases_ruled_once(): main(["coverage"])``."""
    import contextlib

    from bridgelaw.committee import testrun

    @contextlib.contextmanager
    def inside():
        run_cases = testrun.run_cases
        testrun.run_cases = lambda engine, cases: [testrun.run_case(_shipped[2], c) for c in cases]
        try:
            yield
        finally:
            testrun.run_cases = run_cases
    return inside


@pytest.fixture(scope="session")
def web_app():
    """The web application over the project (budget: a loaded machine's), made once per test process:
    making one compiles a pool of engines."""
    from bridgelaw.faces.web import create_app
    return create_app(ROOT, budget=60)


def made_once_a_run(tmp_path_factory, name: str, make, wait: bool = True) -> Path:
    """A folder ``make(folder)`` fills, made once for the whole run: in one process a new folder; under
    pytest-xdist the first worker to ask makes it in the run's shared temporary folder, under a lock, and the
    others wait and read it (what is made so is only read by the tests).  With ``wait`` false a worker that
    finds it being made makes its own instead (no worker idles for what costs no more to make than to wait
    for); one that asks after it is made reads it."""
    import fcntl
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    shared = tmp_path_factory.getbasetemp().parent  # the workers' common parent, this run's own
    out = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # being made by the other worker: made here too, as in one process
            out = tmp_path_factory.mktemp(name)
            make(out)
            return out
        if not (shared / f"{name}.made").exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            make(out)
            (shared / f"{name}.made").write_text("made\n")
    return out


@pytest.fixture(scope="session")
def shipped_book(tmp_path_factory, cases_ruled_once):
    """The book of the shipped knowledge, written by `bridgelaw book` once per run and language (made_once_a_run;
    about 5 s of CPU each, its cases ruled once with the session's engine (cases_ruled_once); tests in test_book,
    test_russian and test_regulations read it, none changes it):
    ``shipped_book(lang)`` -> (its folder, the command's exit code, what it printed).  Russian is written
    with no ``--lang`` (the book's default), English with ``--lang en``."""
    import contextlib
    import io

    from bridgelaw.faces.cli import main
    made: dict = {}

    def write(folder: Path, lang: str) -> None:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed), cases_ruled_once():
            out = folder / "book"
            code = main(["book", str(out)] if lang == "ru" else ["book", "--lang", lang, str(out)])
        (folder / "code").write_text(str(code))
        (folder / "printed.txt").write_text(printed.getvalue(), encoding="utf-8")

    def book(lang: str = "ru") -> tuple[Path, int, str]:
        if lang not in made:
            folder = made_once_a_run(tmp_path_factory, f"book-{lang}", lambda f: write(f, lang))
            made[lang] = (folder / "book", int((folder / "code").read_text()),
                          (folder / "printed.txt").read_text(encoding="utf-8"))
        return made[lang]

    return book



@pytest.fixture(scope="session")
def shipped_check(tmp_path_factory):
    """`bridgelaw check --lang en` of the shipped project, run once for the whole run (made_once_a_run; some 7 s of
    CPU: it rules every case and incident; a worker asking while the other runs it runs its own rather than wait):
    (its exit code, what it printed).  tests/test_cli.py and
    tests/test_lint.py both hold the shipped project clean; neither changes what it reads."""
    import contextlib
    import io

    from bridgelaw.faces.cli import main

    def write(folder: Path) -> None:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            code = main(["check", "--lang", "en"])
        (folder / "code").write_text(str(code))
        (folder / "printed.txt").write_text(printed.getvalue(), encoding="utf-8")

    folder = made_once_a_run(tmp_path_factory, "shipped-check", write, wait=False)
    return int((folder / "code").read_text()), (folder / "printed.txt").read_text(encoding="utf-8")

# -- the browser tests' heavy parts, made once per test process (each a session fixture: a test that needs one
# finds it whatever module or worker it runs in) ------------------------------------------------------------------

CHROMIUM = os.environ.get("BRIDGELAW_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def on_own_thread(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` on a thread of its own, its result or exception passed back.  A terminal prompt
    (prompt_toolkit) starts an event loop of its own; the session's browser (Playwright's sync API) leaves its
    loop marked running on the test process's main thread, so a prompt run there after a browser test fails."""
    import threading
    out: dict = {}

    def run():
        try:
            out["value"] = fn(*args, **kwargs)
        except BaseException as e:  # noqa: BLE001 - handed back to the test as it was raised
            out["error"] = e
    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright, one per test process (each test opens a context of its own: no
    cookie, storage or service worker passes from one test to the next)."""
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def server(web_app):
    """The web application (``web_app``) served by uvicorn on a free loopback port, on a thread of this test
    process, one per test process (the page's end-to-end tests: the pages, not how `serve` starts).  A `bridgelaw
    serve` process would compile its whole pool first (2.3 CPU-s, and as much again to start Python and the app);
    `serve` itself is started as a process by test_web_limits.py, test_web_malformed.py and test_log_e2e.py."""
    import threading
    import time

    import uvicorn

    from bridgelaw.faces.web.app import listen
    sock = listen("127.0.0.1", 0)
    base = "http://127.0.0.1:%d" % sock.getsockname()[1]
    served = uvicorn.Server(uvicorn.Config(web_app, log_level="warning"))
    thread = threading.Thread(target=served.run, kwargs={"sockets": [sock]}, name="web-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not served.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web application's server did not start")
        time.sleep(0.05)
    yield base
    served.should_exit = True
    thread.join(10)
    sock.close()


def needs_pyodide() -> str:
    """Node, where `npm ci` has put the site's Pyodide in node_modules (else the test is skipped, under CI failed)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        message = "Node or node_modules/pyodide is missing: run `npm ci` (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return node


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The offline page (`bridgelaw page`) built once for the whole run (made_once_a_run; no test changes it),
    without the build's own `check` of the shipped project: the suite runs that check whole and asserts it clean
    (test_lint.py, test_cli.py), and a build that `check` refuses is tested on a broken copy (test_offline.py's
    refusal test).  The build's check ruled every case again: 10 of its 12 CPU-s."""
    from bridgelaw.committee import checks
    from bridgelaw.faces.offline import build
    needs_pyodide()

    def make(folder: Path) -> None:
        real = checks.check_path

        def checked_elsewhere(path, root, jobs=1):
            if path is None and Path(root).resolve() == ROOT:
                return [], {}
            return real(path, root, jobs)
        checks.check_path = checked_elsewhere
        try:
            build.build(ROOT, folder / "site")
        finally:
            checks.check_path = real
    return made_once_a_run(tmp_path_factory, "site", make) / "site"


@pytest.fixture(scope="session")
def served(site):
    """The built site served over loopback by a static file server, one per test process."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=site,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/index.html", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail("the static file server did not start")
            time.sleep(0.1)
    yield base
    proc.terminate()
    proc.wait(10)


def site_version(base: str) -> str:
    """The site's build name (sw.js's cache; worker.js keeps the started Python under it)."""
    import re
    import urllib.request
    return re.search(r'VERSION = "([^"]+)"', urllib.request.urlopen(base + "/sw.js").read().decode())[1]


@pytest.fixture(scope="session")
def first_visit(served, browser):
    """A phone's first visit to the offline page (Russian, touch, downloads accepted), one per test process: the
    first question shown from the site's first.json before Python had started, every file kept by the service
    worker and the started Python by the worker.  -> (its page, its timings, seconds to the first question).
    The tests that go on from a first visit share it, each passing in any order: test_offline.py's later visit
    (it leaves the browser offline: the others' visits are served by the service worker) and spoilt kept Python
    (it leaves a sound one kept); test_offline_settings.py and test_offline_log.py open pages of their own in it
    (``first_visit[0].context.new_page()``), their Python put back in a moment, not started again (Pyodide, the
    knowledge: 2-3 s each time); the log test leaves the device's log empty, as it found it."""
    import time

    from test_web_e2e import PHONE
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale="ru-RU", accept_downloads=True, base_url=served)
    page = context.new_page()
    started = time.monotonic()
    page.goto("/")
    page.wait_for_selector("section.question", timeout=120_000)
    ready = time.monotonic() - started
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=120_000)  # Python answers
    first = page.evaluate("window.bridgelawTimings")
    page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready",
                           timeout=60_000)
    page.wait_for_function("async v => (await (await caches.open(v)).keys()).length >= 15",
                           arg=site_version(served), timeout=60_000, polling=500)
    page.wait_for_function("window.bridgelawTimings.kept_bytes > 0", timeout=60_000)
    yield page, first, ready
    context.close()
