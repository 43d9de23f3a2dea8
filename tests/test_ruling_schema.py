"""One ruling shape: `bridgelaw rule --json` and the web API give the ruling as schemas/ruling.schema.json says.

The schema is generated from bridgelaw/explain/ruling_json.py (never edited by
hand), documents every field, and every shipped incident's and YAML case's
ruling validates against it; the web API's ruling is the command line's.
"""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from fastapi.testclient import TestClient

from bridgelaw.committee.testrun import case_files, load_all
from bridgelaw.explain import ruling_json
from bridgelaw.faces import cli
from bridgelaw.read.incident import load_incident
from web_director import as_json, script

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_FILE = ROOT / "schemas" / ruling_json.FILE
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def rule_json(capsys, path: Path, *args: str) -> dict:
    assert cli.main(["rule", str(path), "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def problems(validator, data: dict) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(data)]


def test_the_published_schema_is_the_one_the_serializer_documents():
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == ruling_json.SCHEMA
    assert ruling_json.SCHEMA["properties"]["version"] == {"const": ruling_json.VERSION,
                                                           "description": "The version of this shape."}


def test_a_hand_edited_ruling_schema_is_reported_stale(tmp_path, capsys):
    from committee_project import make_project
    root = make_project(tmp_path / "p")
    assert cli.main(["--root", str(root), "schemas"]) == 0
    assert cli.main(["--root", str(root), "schemas", "--check"]) == 0
    f = root / "schemas" / ruling_json.FILE
    f.write_text(f.read_text(encoding="utf-8").replace('"const": 2', '"const": 3'), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["--root", str(root), "schemas", "--check"]) == 1
    assert "schemas/ruling.schema.json: устарел; выполните `bridgelaw schemas`" in capsys.readouterr().out
    assert cli.main(["--root", str(root), "schemas", "--check", "--lang", "en"]) == 1
    assert "schemas/ruling.schema.json: out of date; run `bridgelaw schemas`" in capsys.readouterr().out


def _objects(schema: dict, path: str = ""):
    """Every object schema in ``schema`` with its path, through anyOf and items."""
    if schema.get("type") == "object" and "properties" in schema:
        yield path, schema
        for name, sub in schema["properties"].items():
            yield from _objects(sub, f"{path}.{name}")
    for sub in schema.get("anyOf", []):
        yield from _objects(sub, path)
    if isinstance(schema.get("items"), dict):
        yield from _objects(schema["items"], f"{path}[]")


def test_every_field_is_documented_always_present_and_nothing_else_is_allowed():
    seen = dict(_objects(ruling_json.SCHEMA))
    assert {".elements[]", ".elements[].options", ".elements[].when", ".open_questions[]",
            ".open_questions[].why[]", ".how[]", ".how[].facts[]", ".result", ".result.score",
            ".not_encoded[]"} <= set(seen)
    for path, obj in seen.items():
        assert obj["additionalProperties"] is False, path
        undocumented = [k for k, v in obj["properties"].items()
                        if not v.get("description") and k not in ("ru", "en", "NS", "EW")]
        assert not undocumented, f"{path or 'ruling'}: fields without a description: {undocumented}"
        if path != ".how[].facts[].text":  # a fact's text may be missing in one language
            assert obj.get("required") == list(obj["properties"]), path


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_every_shipped_incident_rules_to_the_schema(path, validator, capsys):
    data = rule_json(capsys, path)
    assert not problems(validator, data), "\n".join(problems(validator, data))
    assert data["version"] == ruling_json.VERSION
    # the reserved fields are there, empty until later work fills them; the result is filled (explain/result.py)
    assert bool(data["not_encoded"]) == (path.stem == "board-placed-wrongly")  # Law 7
    # options: filled on an option element that lists its choices, null on every other element
    assert all(e["options"] is None for e in data["elements"] if e["kind"] != "option")


def test_an_option_lists_each_choice_with_what_follows(capsys):
    """The 50D2 options at the offender's partner's lead: declarer (S) chooses; each choice with
    its consequences, rendered for this incident (the ♣K of West, East to lead)."""
    data = rule_json(capsys, ROOT / "facts" / "incidents" / "penalty-card-partner-to-lead.yaml")
    (option,) = [e for e in data["elements"] if e["kind"] == "option"]
    assert option["cite"] == "50D2" and option["options"]["chooser"] == "S"
    choices = {c["value"]: c for c in option["options"]["choices"]}
    assert list(choices) == ["require_suit", "forbid_suit", "no_restriction"]
    require = choices["require_suit"]["consequences"]
    assert [(c["kind"], c["args"], c["cite"]) for c in require] == [
        ("lead_restriction", {"player": "E", "suit": "C", "rule": "require", "duration": "this_lead"}, "50D2(a)"),
        ("pick_up_penalty_card", {"player": "W", "card": "CK"}, "50D2(a)")]
    assert choices["no_restriction"]["consequences"][0]["text"]["en"].endswith("The partner may lead any card; 50D applies again while it remains.")
    assert choices["forbid_suit"]["label"]["en"].startswith("forbid the lead")


def test_every_yaml_case_rules_to_the_schema(validator, knowledge, ruled):
    cases, errors = load_all(case_files(ROOT), knowledge.vocabulary)
    assert cases and not errors
    bad = {}
    for case in cases:
        data = json.loads(json.dumps(ruled.rule(case.incident).to_dict()))
        if found := problems(validator, data):
            bad[case.name] = found
    assert not bad, bad


def test_a_ruling_that_breaks_the_schema_is_caught(validator, capsys):
    data = rule_json(capsys, INCIDENTS[0])
    assert not problems(validator, data)
    data["elements"][0]["extra"] = 1
    del data["how"][0]["rests_on"]
    data["version"] = 3
    assert sorted(problems(validator, data)) == [
        "['elements', 0]: Additional properties are not allowed ('extra' was unexpected)",
        "['how', 0]: 'rests_on' is a required property",
        "['version']: 2 was expected"]


def test_the_web_api_gives_the_ruling_of_rule_json(web_app, knowledge, engine, capsys, tmp_path):
    path = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
    steps, _ = script(knowledge, engine, load_incident(path, knowledge.vocabulary))
    answers = [{"key": q.key, "value": as_json(v)} for q, v in steps]
    with TestClient(web_app) as client:
        body = client.post("/api/interview", json={"answers": answers, "lang": "en"}).json()
        schema = client.get("/openapi.json").json()["components"]["schemas"]["RulingOut"]
    assert body["step"] == "ruling"
    saved = tmp_path / "from-the-api.yaml"
    saved.write_text(body["incident_yaml"], encoding="utf-8")
    assert body["ruling"] == rule_json(capsys, saved)
    assert body["ruling"]["elements"] and body["text"].splitlines()[1].startswith("Result: 4♠ by South, 10 tricks")
    # /openapi.json describes it with the published schema itself
    assert {k: v for k, v in schema.items() if k != "title"} == \
        {k: v for k, v in ruling_json.embedded().items() if k != "title"}
