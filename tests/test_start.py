"""A cold ``bridgelaw rule`` loads only what the incident needs (issue 31's start time): after a first run (the
knowledge and 64C's double-dummy reference in the user's cache) the README's revoke is ruled with no reader of the
law files, no double-dummy solver and no module only a mistake or a written file needs."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
NOT_LOADED = ("endplay", "bridgelaw.read.productions", "bridgelaw.read.choices", "bridgelaw.read.precedence",
              "difflib", "secrets", "tempfile")


def test_a_cold_rule_on_the_readme_revoke_loads_no_solver_no_law_file_reader(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    run = [sys.executable, "-c", "import sys; from bridgelaw.faces import cli; code = cli.main(['rule', sys.argv[1]]);"
           " print('\\nLOADED', ' '.join(sorted(sys.modules))); sys.exit(code)", str(README)]
    first = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    again = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split("\nLOADED")[0] == first.stdout.split("\nLOADED")[0]  # the same ruling
    loaded = set(again.stdout.rsplit("LOADED ", 1)[1].split())
    assert "64A2" in again.stdout and "bridgelaw.engine" in loaded
    assert [m for m in loaded if m.split(".")[0] in NOT_LOADED or m in NOT_LOADED] == []
