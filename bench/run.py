"""The benchmark: bridgelaw (experta) against CLIPS on the shipped and on synthetic knowledge.

    uv run python bench/run.py            # shipped + 100/300/1000 synthetic productions, 1000 incidents each
    uv run python bench/run.py --quick    # a smoke run: small sizes, few incidents

For each knowledge set it measures: load+validate time, compile time (every
engine the incidents need), and per incident (median and p90 over the
incidents, engines reused, after one warm-up pass), for bridgelaw and the CLIPS
back end (bridgelaw/clips.py) taking turns on each incident:

- rule:  the whole Ruling (elements, HOW, open questions; CLIPS seeks open
         questions in the same productions as bridgelaw);
- infer: the run alone, no open questions;
- match: infer less the time spent in ``fire`` (recording elements, HOW and
         derived facts: the same Python code on both sides), i.e. the
         engine's own matching and agenda work;

and their ratios bridgelaw/CLIPS; with ``--before``, the same for the engine
as it was before partitioning (one experta engine over all productions);
the interview's time per step (if bridgelaw/interview.py exists); peak Python
memory of the engines (tracemalloc; CLIPS allocates outside Python, so it has
no column).  Then the cold start of ``bridgelaw rule`` on a shipped incident; what a director and a committee
wait for (``startup``: ``rule`` on the README's incident, the interview's first question, ``check``);
and the worst board the limits allow (bench/worst.py: wall time, under 0.5 s); and the offline page's first
question on a first and on a later visit in Chromium (bench/offline.py; not with ``--quick``).
Prints a table and writes JSON to bench/results/ (not committed).  Times are
CPU seconds (process_time) except the cold start (wall).
"""
from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import offline, synthetic, worst  # noqa: E402
from bridgelaw.read.cases import load_cases  # noqa: E402
from experta import KnowledgeEngine  # noqa: E402
from experta.matchers import ReteMatcher  # noqa: E402

from bridgelaw.run.compiler import compile_engine  # noqa: E402
from bridgelaw.engine import Engine, _Run, complete, load, settle  # noqa: E402
from bridgelaw.read.incident import load_incident  # noqa: E402
from bridgelaw.run.partition import Partitions  # noqa: E402

try:
    import bridgelaw.run.clips
    from bridgelaw.run.clips import ClipsEngine
except ImportError:  # clipspy is a dev dependency
    ClipsEngine = None


def _ms(seconds: list[float]) -> dict:
    xs = sorted(seconds)
    return {"median_ms": statistics.median(xs) * 1e3, "p90_ms": xs[int(0.9 * (len(xs) - 1))] * 1e3}


def _timed(fns: list, items, fire: "FireClock | None" = None, repeat: int = 1,
           between=None) -> list[list[float]]:
    """CPU seconds of each function on each item (the least of ``repeat`` runs), the functions taking turns.

    CPU time, not wall time, taking turns on each item, and the least of a few
    runs, so that other processes on the machine slow both sides alike and the
    ratio stays fair.  With ``fire``, the time spent recording firings (the
    same code on both sides) is left out.  ``between()`` is called, untimed, before each item.
    """
    out: list[list[float]] = [[] for _ in fns]
    clock = time.process_time
    for x in items:
        if between:
            between()
        for fn, times in zip(fns, out):
            best = None
            for _ in range(repeat):
                if fire:
                    fire.spent = 0.0
                t = clock()
                fn(x)
                spent = clock() - t - (fire.spent if fire else 0.0)
                best = spent if best is None else min(best, spent)
            times.append(best)
    return out


class FireClock:
    """Within ``with``: counts the CPU seconds spent in ``fire`` (what a firing records: elements, HOW,
    derived facts), which both back ends run alike, so that what is left is the engine's own work."""

    def __init__(self):
        self.spent = 0.0
        self.classes = [_Run] + ([bridgelaw.run.clips._ClipsRun] if ClipsEngine else [])

    def __enter__(self) -> "FireClock":
        self.saved = [c.fire for c in self.classes]
        for c, fire in zip(self.classes, self.saved):
            c.fire = self._timing(fire)
        return self

    def _timing(self, fire):
        def timed(run, prod, context):
            t = time.process_time()
            fire(run, prod, context)
            self.spent += time.process_time() - t
        return timed

    def __exit__(self, *exc) -> None:
        for c, fire in zip(self.classes, self.saved):
            c.fire = fire


class Before:
    """bridgelaw's engine as it was before partitioning (``--before``), for comparison in the same run.

    One experta engine over all the productions, with experta's own matcher and
    reset, facts declared one at a time, open questions sought in all the knowledge.
    """

    def __init__(self, knowledge):
        plain = type("PlainRun", (_Run,), {"__matcher__": ReteMatcher, "reset": KnowledgeEngine.reset})
        self.knowledge, self.e = knowledge, compile_engine(knowledge, base=plain)()
        self.e.setup(knowledge)

    def infer(self, incident):
        e = self.e
        e.reset()
        e.start()
        for f in incident.facts:
            e.declare(e.__classes__[f.template](id=f.id, **dict(f.values)))
        e.run()
        found = [x for x in e.facts.values() if hasattr(type(x), "__template__") and x["id"] in e.derived_by]
        e.derived = lambda: [(type(x).__template__, x["id"], tuple((k, v) for k, v in x.items() if k != "id"))
                             for x in found]
        return e

    def rule(self, incident):
        return complete(self.knowledge, *settle(self.knowledge, incident, self.infer(incident)))


def shipped_incidents(knowledge) -> list:
    """The shipped incidents and every YAML case's incident."""
    out = [load_incident(p, knowledge.vocabulary) for p in sorted((ROOT / "facts" / "incidents").glob("*.yaml"))]
    for f in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        out += [c.incident for c in load_cases(f, knowledge.vocabulary)]
    return out


def interview_steps(knowledge, engine, incidents) -> list[float] | None:
    """CPU seconds per interview step (question or final ruling), a simulated director answering
    each incident (bridgelaw/interview.py: Interview, simulate); None if there is no interview yet."""
    try:
        mod = importlib.import_module("bridgelaw.faces.interview")
    except ImportError:
        return None
    out = []
    for incident in incidents:
        t = time.process_time()
        _, asked = mod.simulate(mod.Interview(knowledge, engine), incident)
        out.append((time.process_time() - t) / (len(asked) + 1))
    return out


def _built(engine) -> float:
    """Seconds the engine spent compiling lazily (partitioned engines compile on first need)."""
    parts = getattr(engine, "_partitions", None)
    return getattr(parts, "build_seconds", 0.0)


def measure(name: str, root: Path, groups: list[str], count: int, seed: int, before: bool = False,
            repeat: int = 1, shipped: int | None = None) -> dict:
    """One row: ``count`` synthetic incidents, and for the shipped knowledge its incidents too (the first
    ``shipped`` of them, or all)."""
    gc.collect()
    t = time.perf_counter()
    saved = os.environ.get("BRIDGELAW_CACHE")
    os.environ["BRIDGELAW_CACHE"] = "off"  # the time to parse and validate, not to read the cache
    try:
        knowledge = load(root)
    finally:
        os.environ.pop("BRIDGELAW_CACHE")
        if saved is not None:
            os.environ["BRIDGELAW_CACHE"] = saved
    load_s = time.perf_counter() - t
    incidents = synthetic.incidents(knowledge.vocabulary, groups, count, seed)
    if name == "shipped":
        incidents = shipped_incidents(knowledge)[:shipped] + incidents
    t = time.perf_counter()
    engine = Engine(knowledge)
    build_s = time.perf_counter() - t
    t = time.perf_counter()
    for x in incidents:  # the warm-up pass: builds every rule class these incidents need
        engine.rule(x)
    warm_s = time.perf_counter() - t
    row = {"knowledge": name, "productions": len(knowledge.productions), "incidents": len(incidents),
           "load_s": load_s, "compile_s": build_s + _built(engine),
           "firings_per_incident": statistics.mean(len(engine.rule(x).firings) for x in incidents[:200]),
           "warmup_pass_s": warm_s}
    steps = interview_steps(knowledge, engine, incidents[:100])
    if steps:
        row["interview"] = _ms(steps)
    if ClipsEngine is None:
        row["rule"] = _ms(_timed([engine.rule], incidents, repeat=repeat)[0])
        row["infer"] = _ms(_timed([engine.infer], incidents, repeat=repeat)[0])
    else:
        t = time.perf_counter()
        parts = Partitions(knowledge)  # open questions sought where bridgelaw seeks them, for a fair "rule"
        oracle = ClipsEngine(knowledge, explain_in=lambda stated: parts.part(stated)[1])
        row["clips_build_s"] = time.perf_counter() - t
        for x in incidents:
            oracle.rule(x)

        def fresh() -> None:  # a CLIPS environment slows down with use (see ClipsEngine): measure it fresh
            if oracle.runs >= 300:
                oracle.refresh()
        engines = {"": engine, "clips_": oracle}
        if before:
            t = time.perf_counter()
            engines["before_"] = Before(knowledge)
            row["before_compile_s"] = time.perf_counter() - t
        for what in ("rule", "infer", "match"):
            fns = [getattr(e, "infer" if what == "match" else what) for e in engines.values()]
            with FireClock() as fire:
                timed = _timed(fns, incidents, fire if what == "match" else None, repeat, fresh)
            for prefix, times in zip(engines, timed):
                row[prefix + what] = _ms(times)
            for prefix in engines:
                if prefix != "clips_":
                    row[f"{prefix}ratio_{what}"] = row[prefix + what]["median_ms"] / row[f"clips_{what}"]["median_ms"]
                    row[f"{prefix}ratio_{what}_p90"] = row[prefix + what]["p90_ms"] / row[f"clips_{what}"]["p90_ms"]
        del oracle, engines
    del engine
    gc.collect()
    tracemalloc.start()  # the knowledge is loaded: this is the engines' memory, compiled and running
    engine = Engine(knowledge)
    for x in incidents[:200]:
        engine.rule(x)
    row["peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return row


def long_auction(runs: int) -> dict:
    """Milliseconds to read and rule an incident stated as a 40-call auction whose last call is
    insufficient (read/auction.py derives the 40 call facts; Law 27 rules on the one irregularity)."""
    knowledge = load(ROOT)
    engine = Engine(knowledge)
    bids = [f"{level}{s}" for level in range(1, 5) for s in ("C", "D", "H", "S", "NT")][:19]
    calls = [c for b in bids for c in (b, "P")] + ["X", "3NT"]  # 40 calls: 3NT over 4H is insufficient
    facts = {"auction": {"dealer": "N", "calls": calls}}
    engine.rule(engine.incident("auction-40", facts))  # compile the part of the knowledge it needs first
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        ruling = engine.rule(engine.incident("auction-40", facts))
        times.append(time.perf_counter() - t)
    assert any(e.kind == "irregular_call" for e in ruling.elements), "the 40th call should be found insufficient"
    return {"calls": len(calls), "note": "wall ms: read the incident (derive its calls) and rule", **_ms(times)}


def not_known(runs: int, limit: int | None = None) -> dict:
    """What the director does not know (explain/possible/), over the shipped incidents without cards: each
    stated slot written "?" in turn, its ruling's time against the fully known one's (the ratio's median over
    every incident and slot, engine reused, least of ``runs``), and every pair of slots of an incident blanked
    at once (the slowest: the bound keeps it under 0.5 s)."""
    from bridgelaw.engine import Engine, load
    from bridgelaw.explain.possible import blanked, stated_slots
    knowledge = load(ROOT)
    engine = Engine(knowledge)
    paths = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))[:limit]
    incidents = [i for i in (load_incident(p, knowledge.vocabulary) for p in paths) if i.board is None]

    def clock(incident) -> float:
        best = float("inf")
        for _ in range(runs):
            t = time.process_time()
            engine.rule(incident)
            best = min(best, time.process_time() - t)
        return best
    for i in incidents:  # warm: every engine part compiled
        engine.rule(i)
    ratios, pairs = [], []
    for incident in incidents:
        known = clock(incident)
        slots = stated_slots(knowledge, incident)
        for fact, slot, _, _ in slots:
            ratios.append(clock(blanked(knowledge, incident, fact, slot)) / known)
        for (f1, s1, _, _), (f2, s2, _, _) in zip(slots, slots[1:]):
            pairs.append(clock(blanked(knowledge, blanked(knowledge, incident, f1, s1), f2, s2)))
    ratios, pairs = ratios or [0.0], pairs or [0.0]
    return {"incidents": len(incidents), "one_slot": len(ratios), "median_ratio": statistics.median(ratios),
            "p90_ratio": sorted(ratios)[int(0.9 * (len(ratios) - 1))], "two_slots": len(pairs),
            "two_slots_max_s": max(pairs), "two_slots_median_ms": statistics.median(pairs) * 1000}


def cold_start(runs: int, tmp: Path) -> dict | None:
    """Seconds from process start to printed ruling: ``python -m bridgelaw.faces.cli rule INCIDENT``.

    On the first shipped incident, or, if there is none yet, on a random one written to ``tmp``.
    """
    paths = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))
    if paths:
        path = paths[0]
    else:
        vocab = load(ROOT).vocabulary
        path = tmp / "random-incident.yaml"
        facts = synthetic.incident_facts(vocab, [""], __import__("random").Random(0))
        path.write_text(yaml.safe_dump({"source": "bench/run.py", "facts": facts}), encoding="utf-8")
    # as on a director's machine after the first run: bytecode cached (this sandbox sets PYTHONDONTWRITEBYTECODE)
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BRIDGELAW_CACHE")}
    out = {"incident": path.name, "note": "wall seconds, process start to printed ruling, bytecode cached"}
    for label, env in (("", base), ("uncached_", {**base, "BRIDGELAW_CACHE": "off"})):
        times = []
        for i in range(runs + 1):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", "rule", str(path)], check=True,
                           capture_output=True, cwd=ROOT, env=env)
            if i:  # the first run writes the bytecode and knowledge caches
                times.append(time.perf_counter() - t)
        out[label + "median_s"], out[label + "min_s"] = statistics.median(times), min(times)
    return out


README_INCIDENT = "revoke-trick-not-won-by-offender.yaml"  # the README's first incident (a revoke, Law 64A2)


def startup(runs: int, with_check: bool = True) -> dict:
    """What a director and a committee wait for, each a whole process after a first run (bytecode and caches
    written): ``rule`` on the README's incident (floor 0.25 s), the interview's first question (``ask`` with no
    answer: it prints the question, then says it had none; floor 0.5 s) and ``check`` (floor 5 s).  Wall seconds
    (median and least) and CPU seconds (median, user + system), with the load average of the machine when
    measured: a shared machine's wall time is the CPU time stretched by the load.  ``rule`` is measured three
    ways: ``python -m bridgelaw.faces.cli`` (``rule_readme``), the installed ``bridgelaw`` script beside this
    Python (``rule_readme_script``: ``.venv/bin/bridgelaw``) and the README's own command, ``uv run bridgelaw``
    (``rule_readme_uv``, with the ``uv`` found first on PATH, named in ``uv``: a version manager's shim in front of
    uv adds its own start)."""
    import resource
    import shutil
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "BRIDGELAW_CACHE")}
    cli = [sys.executable, "-m", "bridgelaw.faces.cli"]
    readme = ["rule", str(ROOT / "facts" / "incidents" / README_INCIDENT)]
    commands = {"rule_readme": cli + readme}
    script = Path(sys.executable).parent / "bridgelaw"
    if script.exists():
        commands["rule_readme_script"] = [str(script)] + readme
    uv = shutil.which("uv")
    if uv:
        commands["rule_readme_uv"] = [uv, "run", "bridgelaw"] + readme
    commands |= {"ask_first_question": cli + ["ask"], "check": cli + ["check"]}
    out = {"load_average": os.getloadavg()[0], "note": "after a first run; wall and CPU (user+system) seconds",
           "uv": uv}
    for name, command in commands.items():
        if name == "check" and not with_check:
            continue
        walls, cpus = [], []
        for i in range(runs + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(command, capture_output=True, cwd=ROOT, env=base, stdin=subprocess.DEVNULL)
            wall = time.perf_counter() - t
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if i:  # the first run writes the bytecode and the caches
                walls.append(wall)
                cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out[name] = {"median_s": statistics.median(walls), "min_s": min(walls), "cpu_median_s": statistics.median(cpus)}
    return out


def _ms_cell(key: str, field: str = "median_ms"):
    return lambda r: f"{r[key][field]:.2f}" if key in r else "-"


def _ratio_cell(key: str):
    return lambda r: f"{r[key]:.1f}x" if key in r else "-"


COLUMNS = [  # (heading, width, cell)
    ("knowledge", 15, lambda r: r["knowledge"]), ("prods", 5, lambda r: str(r["productions"])),
    ("load s", 6, lambda r: f"{r['load_s']:.2f}"), ("compile s", 9, lambda r: f"{r['compile_s']:.2f}"),
    ("rule ms", 7, _ms_cell("rule")), ("p90", 6, _ms_cell("rule", "p90_ms")),
    ("CLIPS ms", 8, _ms_cell("clips_rule")), ("p90", 6, _ms_cell("clips_rule", "p90_ms")),
    ("ratio", 6, _ratio_cell("ratio_rule")), ("p90", 6, _ratio_cell("ratio_rule_p90")),
    ("match ms", 8, _ms_cell("match")), ("CLIPS", 6, _ms_cell("clips_match")), ("ratio", 6, _ratio_cell("ratio_match")),
    ("before ms", 9, _ms_cell("before_rule")), ("ratio", 6, _ratio_cell("before_ratio_rule")),
    ("match", 6, _ms_cell("before_match")), ("ratio", 6, _ratio_cell("before_ratio_match")),
    ("interview ms", 12, _ms_cell("interview")), ("peak MB", 7, lambda r: f"{r['peak_mb']:.1f}"),
]


def line(cells: list[str]) -> str:
    return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, (_, w, _)) in enumerate(zip(cells, COLUMNS)))


def heading() -> str:
    return line([h for h, _, _ in COLUMNS])


def row_line(row: dict) -> str:
    return line([cell(row) for _, _, cell in COLUMNS])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: sizes 30 and 60, 50 incidents (of the shipped ones too)")
    ap.add_argument("--sizes", help="synthetic sizes, comma-separated (default 100,300,1000; '' for none)")
    ap.add_argument("--incidents", type=int, help="incidents per knowledge set (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, help="runs per incident and engine, the least counted (default 3; --quick 1)")
    ap.add_argument("--before", action="store_true",
                    help="also measure the engine as it was before partitioning (one experta engine; slow)")
    ap.add_argument("--out", help="JSON file (default bench/results/bench-<time>.json)")
    args = ap.parse_args(argv)
    default = "30,60" if args.quick else "100,300,1000"
    sizes = [int(s) for s in (default if args.sizes is None else args.sizes).split(",") if s.strip()]
    count = args.incidents or (50 if args.quick else 1000)
    if ClipsEngine is None:
        print("clipspy is not installed (uv sync installs the dev dependencies): no CLIPS columns", file=sys.stderr)
    print(heading(), flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in [0] + sizes:
            if n:
                root, groups = synthetic.write_project(Path(tmp) / f"s{n}", n, seed=args.seed)
            else:
                root, groups = ROOT, [""]
            rows.append(measure(f"synthetic-{n}" if n else "shipped", root, groups, count, args.seed, args.before,
                                args.repeat or (1 if args.quick else 3), shipped=count if args.quick else None))
            print(row_line(rows[-1]), flush=True)
        cold = cold_start(1 if args.quick else 5, Path(tmp))
        start = startup(1 if args.quick else 5, with_check=not args.quick)
    for name, floor in (("rule_readme", 0.25), ("rule_readme_script", 0.25), ("rule_readme_uv", 0.25),
                        ("ask_first_question", 0.5), ("check", 5.0)):
        if name in start:
            x = start[name]
            print(f"{name}: median {x['median_s']:.2f} s, least {x['min_s']:.2f} s, CPU {x['cpu_median_s']:.2f} s"
                  f" (floor {floor} s; load average {start['load_average']:.1f})"
                  + (f" [{start['uv']}]" if name == "rule_readme_uv" else ""))
    auction = long_auction(5 if args.quick else 50)
    print(f"\na {auction['calls']}-call auction with one insufficient bid, read and ruled:"
          f" median {auction['median_ms']:.1f} ms, p90 {auction['p90_ms']:.1f} ms")
    print(f"\ncold `bridgelaw rule {cold['incident']}`: median {cold['median_s']:.2f} s, min {cold['min_s']:.2f} s"
          f" (knowledge cache off: median {cold['uncached_median_s']:.2f} s, min {cold['uncached_min_s']:.2f} s)")
    unknown = not_known(1 if args.quick else 3, min(20, count) if args.quick else None)  # --incidents bounds it
    print(f"\nnot known, {unknown['incidents']} incidents: one slot \"?\" ({unknown['one_slot']}) median"
          f" {unknown['median_ratio']:.2f}x the fully known ruling, p90 {unknown['p90_ratio']:.2f}x; two slots"
          f" ({unknown['two_slots']}) median {unknown['two_slots_median_ms']:.1f} ms, slowest"
          f" {unknown['two_slots_max_s']:.3f} s")
    worst_board = worst.measure(shifts=2 if args.quick else worst.SHIFTS, repeat=1 if args.quick else 3)
    print(worst.line(worst_board))
    page = None  # the offline page's start in Chromium (bench/offline.py): a full run only, it builds the site
    why = "not in --quick" if args.quick else offline.missing()
    if why is None:
        page = offline.measure()
        print("\n" + "\n".join(offline.lines(page)))
    else:
        print(f"\noffline page not measured: {why} (bench/offline.py)")
    result = {"clock": "process_time (CPU seconds)", "python": platform.python_version(),
              "machine": platform.machine(), "argv": sys.argv[1:], "time": time.strftime("%Y-%m-%dT%H:%M:%S"), "rows": rows, "cold_start": cold, "startup": start,
              "auction_40": auction, "worst_board": worst_board, "not_known": unknown, "offline_page": page}
    out = Path(args.out) if args.out else ROOT / "bench" / "results" / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
