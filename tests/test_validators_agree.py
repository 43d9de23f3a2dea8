"""The two JSON Schema validators give one verdict (bridgelaw/read/schemas.py).

jsonschema-rs says at once whether a file is valid, so that a cold ``bridgelaw rule`` of a valid
incident need not import jsonschema; where it says "not valid", jsonschema finds and words the
mistakes.  If it ever said "valid" of what jsonschema refuses, bad input would go through
unreported: so both judge every shipped file of each kind, every error snippet, and variants of the
shipped files each with one mistake made in it (a value of the wrong kind, a key missing, a key
unknown, a list emptied).
"""
from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from bridgelaw.read import schemas
from bridgelaw.read.yamlsafe import load

ROOT = Path(__file__).resolve().parent.parent
KINDS = {  # kind -> the shipped files of that kind
    "knowledge": sorted((ROOT / "knowledge").glob("law-*.yaml")),
    "vocabulary": sorted(p for p in (ROOT / "facts" / "vocabulary").glob("*.yaml") if p.name != "index.yaml"),
    "vocabulary-index": [ROOT / "facts" / "vocabulary" / "index.yaml"],
    "incident": sorted((ROOT / "facts" / "incidents").glob("*.yaml")),
    "cases": sorted((ROOT / "tests" / "cases").glob("*.yaml")),
}
SNIPPET_KINDS = {"knowledge/": "knowledge", "facts/vocabulary/index": "vocabulary-index",
                 "facts/vocabulary/": "vocabulary", "facts/incidents/": "incident", "tests/cases/": "cases"}

pytest.importorskip("jsonschema_rs")


def verdicts(kind: str, data) -> tuple[bool, bool]:
    """(jsonschema-rs says valid, jsonschema says valid)."""
    return schemas._valid_at_once(kind, data), not any(True for _ in schemas._validator(kind).iter_errors(data))


def _plain(data):
    """The loaded data as plain dicts and lists (a mistake is made in a copy, never in the file)."""
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    return data


def _places(data, path=()):
    """Every (container, key) in the data."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield data, k
            yield from _places(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield data, i
            yield from _places(v, path + (i,))


def mistakes(data, rng: random.Random, count: int):
    """``count`` copies of ``data`` with one mistake each."""
    for _ in range(count):
        bad = copy.deepcopy(data)
        places = list(_places(bad))
        if not places:
            return
        container, key = rng.choice(places)
        what = rng.randrange(5)
        if what == 0:
            container[key] = 7 if isinstance(container[key], str) else "seven"
        elif what == 1 and isinstance(container, dict):
            del container[key]
        elif what == 2 and isinstance(container, dict):
            container["no_such_key"] = 1
        elif what == 3:
            container[key] = [] if not isinstance(container[key], list) else {}
        else:
            container[key] = None
        yield bad


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_shipped_files_and_their_variants_get_one_verdict(kind):
    assert KINDS[kind], f"no shipped {kind} file"
    rng = random.Random(kind)
    seen_invalid = 0
    for path in KINDS[kind]:
        data = load(path)
        assert verdicts(kind, data) == (True, True), path
        for bad in mistakes(_plain(data), rng, 12):
            quick, full = verdicts(kind, bad)
            assert quick == full, f"{path}: jsonschema-rs says {quick}, jsonschema {full}, on {bad!r:.300}"
            seen_invalid += not full
    assert seen_invalid, "no variant was invalid: the mistakes test nothing"


def test_error_snippets_get_one_verdict():
    judged = 0
    for snippet in sorted((ROOT / "tests" / "errors").glob("*.yaml")):
        target = next((line[8:].strip() for line in snippet.read_text(encoding="utf-8").splitlines()
                       if line.startswith("# file: ")), "")
        kind = next((k for prefix, k in SNIPPET_KINDS.items() if target.startswith(prefix)), None)
        try:
            data = load(snippet)
        except Exception:  # a snippet the YAML reader refuses never reaches a validator
            continue
        if kind is None or data is None:
            continue
        quick, full = verdicts(kind, data)
        assert quick == full, f"{snippet.name}: jsonschema-rs says {quick}, jsonschema {full}"
        judged += 1
    assert judged >= 10
