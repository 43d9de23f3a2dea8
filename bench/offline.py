"""The offline page's start in headless Chromium: the first question on a first visit and on later visits.

    uv run python bench/offline.py                 # builds the site into a temporary folder
    uv run python bench/offline.py --site site/ --later 5

The site (``bridgelaw page``) is served on 127.0.0.1 and opened in a fresh Chromium profile as a phone
opens it: the first visit, then (once the worker has kept the started Python) ``--later`` reloads.  For each
visit: the first question's time from the page's start (the page's own clock, ``window.bridgelawTimings``
set by app.js: ``shown``; ``early``: shown from the site's first.json while Python started), when Python answers
(``ready_s``: the engine ``started``; an answer given before waits for it), when each stage of the worker ended
(``worker`` started, the kept Python ``read``, ``pyodide`` ready, the app ``unpacked``, the engine ``started``),
whether the kept Python was put back (``restored``), and the CPU seconds Chromium's processes spent until Python
answered (user + system, from /proc, with the driver and the file server: the wall time on a shared machine is the
CPU time stretched by the load, so the load average is reported too).
Floors (issue 31): first visit <= 5 s, a later visit <= 2 s on this machine.  bench/run.py reports it.
Needs `npm ci` (Pyodide) and Chromium (/usr/bin/chromium, or BRIDGELAW_CHROMIUM).
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = os.environ.get("BRIDGELAW_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
FIRST_FLOOR, LATER_FLOOR = 5.0, 2.0


def missing() -> str | None:
    """Why the page cannot be measured here, or None."""
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return "node_modules/pyodide is missing: run `npm ci`"
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing"
    return None


def _cpu_of_descendants() -> float:
    """CPU seconds (user + system, and of their reaped children) of this process's descendants: Chromium's."""
    tick = os.sysconf("SC_CLK_TCK")
    parent, used = {}, {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(d.name)] = int(fields[1])
        used[int(d.name)] = sum(int(x) for x in fields[11:15]) / tick
    mine, total = {os.getpid()}, 0.0
    grew = True
    while grew:
        grew = False
        for pid, ppid in parent.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    for pid in mine - {os.getpid()}:
        total += used.get(pid, 0.0)
    return total


def _served(site: Path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=site,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the static file server did not start") from None
            time.sleep(0.1)
    return proc, f"http://127.0.0.1:{port}"


def _visit(page, first: bool) -> dict:
    cpu = _cpu_of_descendants()
    t = time.perf_counter()
    page.goto("/") if first else page.reload()
    page.wait_for_selector("section.question", timeout=180_000)
    wall = time.perf_counter() - t
    page.wait_for_function("window.bridgelawTimings.started !== undefined", timeout=180_000)
    timings = page.evaluate("window.bridgelawTimings")
    return {"shown_s": timings["shown"] / 1000, "ready_s": timings["started"] / 1000, "early": bool(timings.get("early")),
            "driver_wall_s": wall, "cpu_s": _cpu_of_descendants() - cpu,
            "restored": timings.get("restored"), "load_average": os.getloadavg()[0],
            "stages_ms": {k: v for k, v in timings.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}}


def measure(site: Path | None = None, later: int = 3) -> dict:
    """The first visit and ``later`` later ones (see the module's doc); builds the site unless given."""
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        if site is None:
            from bridgelaw.faces.offline import build
            site = Path(tmp) / "site"
            build.build(ROOT, site)
        proc, base = _served(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                              locale="ru-RU", base_url=base)
                page = context.new_page()
                first = _visit(page, True)
                page.wait_for_function("window.bridgelawTimings.kept_bytes !== undefined", timeout=120_000)
                kept = page.evaluate("window.bridgelawTimings")
                first["kept_ms"], memory = kept.get("kept"), kept.get("kept_bytes")
                page.evaluate("navigator.serviceWorker.ready")  # every file kept: later visits read no network
                visits = [_visit(page, False) for _ in range(later)]
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    shown = [v["shown_s"] for v in visits]
    return {"first": first, "later": visits, "later_median_s": statistics.median(shown) if shown else None,
            "later_cpu_median_s": statistics.median(v["cpu_s"] for v in visits) if visits else None,
            "kept_memory_bytes": memory, "floors_s": {"first": FIRST_FLOOR, "later": LATER_FLOOR},
            "note": "shown_s: the first question from the page's start (its own clock); cpu_s: Chromium's"
                    " processes, user + system"}


def lines(result: dict) -> list[str]:
    first = result["first"]
    out = [f"offline page, first visit: first question in {first['shown_s']:.2f} s"
           f"{' (written by the build)' if first.get('early') else ''}, Python answering in {first['ready_s']:.2f} s,"
           f" Chromium CPU {first['cpu_s']:.2f} s (floor {FIRST_FLOOR} s; load average {first['load_average']:.1f})"]
    if result["later"]:
        ready = statistics.median(v["ready_s"] for v in result["later"])
        out.append(f"offline page, later visit ({len(result['later'])}): median {result['later_median_s']:.2f} s"
                   f" (Python answering: median {ready:.2f} s),"
                   f" CPU median {result['later_cpu_median_s']:.2f} s, kept Python put back:"
                   f" {all(v['restored'] for v in result['later'])} (floor {LATER_FLOOR} s; load average"
                   f" {result['later'][-1]['load_average']:.1f}; kept {result['kept_memory_bytes'] / 1e6:.0f} MB)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", help="a site `bridgelaw page` wrote (default: build one in a temporary folder)")
    ap.add_argument("--later", type=int, default=3, help="later visits (reloads), default 3")
    ap.add_argument("--json", action="store_true", help="print the result as JSON too")
    args = ap.parse_args(argv)
    why = missing()
    if why:
        print(f"offline page not measured: {why}", file=sys.stderr)
        return 2
    result = measure(Path(args.site) if args.site else None, args.later)
    print("\n".join(lines(result)))
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
