"""The layout is the architecture: the director's faces (bridgelaw/faces/) and the ruling log (bridgelaw/log/)
are clients of the engine.

A face never imports experta (inference is engine.py's) nor parses YAML itself (reading YAML is
bridgelaw/read/'s): it asks the engine and the readers.
"""
import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "bridgelaw"
FORBIDDEN = {"experta": "experta is imported only by run/_experta.py",
             "yaml": "YAML is read only by read/yamlsafe.py",
             "_experta": "experta is imported only by run/_experta.py",
             "yamlsafe": "YAML is read only by read/yamlsafe.py"}


def imported(path: Path) -> set[str]:
    """Every module name (each dotted part) a file imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for a in node.names:
                names.update(a.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            names.update((node.module or "").split("."))
            names.update(a.name for a in node.names)
    return names


def test_faces_neither_import_experta_nor_parse_yaml():
    faces = sorted((PKG / "faces").rglob("*.py")) + sorted((PKG / "log").rglob("*.py"))
    assert faces, "bridgelaw/faces/ holds the cli, the interview and the web page"
    bad = [f"{p.relative_to(PKG)}: imports {name} ({why})"
           for p in faces for name, why in FORBIDDEN.items() if name in imported(p)]
    assert bad == []


def test_the_check_catches_a_face_that_parses_yaml(tmp_path):
    bad = tmp_path / "face.py"
    bad.write_text("import yaml\nfrom ..read import yamlsafe\n")
    assert {"yaml", "yamlsafe"} <= imported(bad)


def test_only_run_imports_experta():
    users = sorted(str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
                   if "experta" in imported(p) and p.name != "_experta.py")
    assert all(u.startswith("run/") for u in users), users


def test_boundaries_are_folders():
    assert {p.name for p in PKG.iterdir() if p.is_dir() and p.name != "__pycache__"} == {
        "read", "run", "explain", "committee", "faces", "log"}


STARTUP = """
import runpy, sys
sys.argv = ["bridgelaw", "rule", "facts/incidents/revoke-trick-not-won-by-offender.yaml"]
import bridgelaw.engine, bridgelaw.faces.cli
before = set(sys.modules)
try:
    runpy.run_module("bridgelaw.faces.cli", run_name="__main__")
except SystemExit:
    pass
print("ENGINE", *sorted({m.split(".")[0] for m in before}))
print("RULE", *sorted({m.split(".")[0] for m in sys.modules}))
"""


def test_a_cold_rule_imports_only_what_it_uses():
    """``bridgelaw rule`` loads no web or prompt library, and jsonschema only to validate the incident's YAML
    (importing the engine and the command line does not load it: the knowledge may come from the cache)."""
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-c", STARTUP], capture_output=True, text=True, check=True,
                         cwd=PKG.parent).stdout
    lines = {line.split()[0]: set(line.split()[1:]) for line in out.splitlines() if line.split()[:1] in (["ENGINE"], ["RULE"])}
    assert {"experta", "bridgelaw"} <= lines["RULE"], "the run did not happen"
    assert not {"fastapi", "jinja2", "questionary", "uvicorn", "starlette", "sqlalchemy", "alembic"} & lines["RULE"]
    assert "jsonschema" not in lines["ENGINE"]
