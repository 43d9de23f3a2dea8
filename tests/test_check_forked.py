"""``check`` rules its cases on both cores (committee/checks.py ``endless_cases`` with ``jobs=2``): a forked worker
rules every other case; the outcomes are those of one process, in the same order, and a case whose ruling never
ends is found in the worker's half as in this one's.  Run in a process of its own (one thread: a test runner's
worker has several, and ``check`` forks only where there are none)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r'''
import json
from pathlib import Path
from bridgelaw.committee import checks, testrun
from bridgelaw.committee.testrun import case_files, load_all
from bridgelaw.engine import Engine, load
from bridgelaw.errors import BridgelawError, Loc, Problem
from bridgelaw.explain.ruling_json import ruling_json
knowledge = load()
cases, _ = load_all(case_files(Path(".")), knowledge.vocabulary)
cases = cases[:130]
assert checks._can_fork(), "this process cannot fork"
serial, none = checks.endless_cases(Engine(knowledge), cases, jobs=1)
forked, none2 = checks.endless_cases(Engine(knowledge), cases, jobs=2)
same = [o.case.name for o in serial] == [o.case.name for o in forked] and [
    json.dumps(ruling_json(o.ruling), sort_keys=True, default=str) for o in serial] == [
    json.dumps(ruling_json(o.ruling), sort_keys=True, default=str) for o in forked] and [
    o.problems for o in serial] == [o.problems for o in forked]
real = testrun.run_case
def looping(engine, case):  # the fourth case (the worker's) never ends
    if case is cases[3]:
        problem = Problem(Loc("knowledge/law-99.yaml", 1, 1), "500 firings (the limit) and no end", hint="a loop")
        problem.limit = True
        return testrun.Outcome(case, None, [], "loop", BridgelawError([problem]))
    return real(engine, case)
testrun.run_case = looping
outcomes, endless = checks.endless_cases(Engine(knowledge), cases, jobs=2)
print(json.dumps({"same": same, "none": none == none2 == [], "ruled": len(outcomes),
                  "endless": [p.message for p in endless], "hint": [p.hint for p in endless]}))
'''


def test_the_worker_rules_as_this_process_does_and_finds_a_loop_in_its_half():
    import json
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["same"] and found["none"]
    assert found["ruled"] == 4 and len(found["endless"]) == 1, found
    assert "its ruling never ends" in found["endless"][0] and "the 126 case(s) after it were not run" in found["hint"][0]
