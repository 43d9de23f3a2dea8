"""schemas/*.schema.json: generated from bridgelaw/read/schemas.py and the vocabulary, up to date, and no stricter
than the loaders on the shipped files (an editor must not flag what `bridgelaw check` accepts)."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from bridgelaw.faces.cli import main
from bridgelaw.committee.editor_schemas import FILES, GLOBS, editor_schemas, modeline, schema_files, stale_schemas
from bridgelaw.read.vocabulary import load_vocabulary
from bridgelaw.read.yamlsafe import load, loads
from committee_project import make_project

ROOT = Path(__file__).resolve().parent.parent


def validator(kind: str, root: Path = ROOT):
    schema = json.loads((root / "schemas" / FILES[kind]).read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def test_shipped_schemas_are_up_to_date():
    stale = stale_schemas(ROOT)
    assert not stale, f"run `uv run bridgelaw schemas`: out of date: {[str(p) for p in stale]}"
    assert main(["schemas", "--check"]) == 0


@pytest.mark.parametrize("kind", sorted(GLOBS))
def test_shipped_files_validate_against_their_editor_schema(kind):
    v = validator(kind)
    files = schema_files(kind, ROOT)
    assert files, f"no shipped file is tied to the {kind} schema"
    for f in files:
        errors = [f"{f}: {list(e.absolute_path)}: {e.message[:200]}" for e in v.iter_errors(load(f))]
        assert not errors, "\n".join(errors)


def test_editor_schema_completes_names_from_the_vocabulary():
    vocab = load_vocabulary(ROOT / "facts" / "vocabulary")
    s = editor_schemas(vocab)
    when = s["knowledge"]["definitions"]["when_item"]["properties"]
    assert set(vocab.templates) | {"not"} == set(when)
    some = next(t for t in vocab.templates.values() if any(x.type == "enum" for x in t.slots.values()))
    slot = next(x for x in some.slots.values() if x.type == "enum")
    assert s["knowledge"]["definitions"][f"lit.{some.name}.{slot.name}"]["enum"] == list(slot.values)
    assert set(s["knowledge"]["definitions"]["then_item"]["properties"]) == set(vocab.elements)
    assert s["cases"]["properties"]["cases"]["items"]["properties"]["expect_none"]["items"]["enum"] == list(vocab.elements)
    assert all(x["$schema"] == "http://json-schema.org/draft-07/schema#" for x in s.values())


def test_misspelled_value_is_flagged_by_the_editor_schema_too(tmp_path):
    root = make_project(tmp_path / "p")
    assert main(["--root", str(root), "schemas"]) == 0
    v = validator("knowledge", root)
    law = root / "knowledge" / "law-64.yaml"
    assert not list(v.iter_errors(load(law)))
    bad = loads(law.read_text().replace("revoke_trick_winner: offender_partner", "revoke_trick_winner: partner"))
    paths = [list(e.absolute_path) for e in v.iter_errors(bad)]
    assert paths == [["productions", 1, "when", 0, "revoke", "revoke_trick_winner"]]
    bad = loads(law.read_text().replace("transfer_tricks: {count: 2", "transfer_trick: {count: 2"))
    assert list(v.iter_errors(bad))
    cases = validator("cases", root)
    assert not list(cases.iter_errors(load(root / "tests" / "cases" / "law-64.yaml")))


def test_editor_settings_associate_each_schema_with_its_files():
    settings = json.loads((ROOT / ".vscode" / "settings.json").read_text(encoding="utf-8"))
    assert settings["yaml.schemas"] == {f"./schemas/{FILES[k]}": GLOBS[k] for k in GLOBS}


def test_modeline_points_from_the_file_to_its_schema():
    assert modeline("knowledge", ROOT / "knowledge" / "law-64.yaml", ROOT) == \
        "# yaml-language-server: $schema=../schemas/knowledge.schema.json"
    assert modeline("cases", ROOT / "tests" / "cases" / "law-64.yaml", ROOT) == \
        "# yaml-language-server: $schema=../../schemas/cases.schema.json"
