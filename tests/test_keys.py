"""The interview's question keys are one typed value (faces/keys.py), parsed one way everywhere.

Every key the interview asks reads back as the value it was made from; the
interview, the answers file (prompt.py: ``question_named``) and the web session
read keys through ``keys.parse`` and nothing else.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bridgelaw.faces import keys
from bridgelaw.faces.interview import Interview, question_named, simulate
from bridgelaw.faces.keys import Exists, Incident, SlotKey, fact_id, parse, split_fact

ROOT = Path(__file__).resolve().parent.parent
FACES = ROOT / "bridgelaw" / "faces"


@pytest.mark.parametrize("text,key", [
    ("incident", Incident()),
    ("exists:revoke", Exists("revoke")),
    ("revoke.offender", SlotKey("revoke", "offender")),
    ("revoke-12.trick", SlotKey("revoke-12", "trick")),
    ("exists:revoke.trick", Exists("revoke.trick")),  # a name the vocabulary rejects, not a slot
])
def test_parse_and_write_back(text, key):
    assert parse(text) == key
    assert str(key) == text


def test_a_slot_key_knows_its_template_and_number():
    assert (SlotKey("revoke-12", "trick").template, SlotKey("revoke-12", "trick").number) == ("revoke", 12)
    assert (SlotKey("deal", "declarer").template, SlotKey("deal", "declarer").number) == ("deal", 0)
    assert Exists("revoke").template == "revoke"
    assert fact_id("revoke", 2) == "revoke-2" and fact_id("deal") == "deal"
    assert split_fact(fact_id("penalty_card", 3)) == ("penalty_card", 3)


@pytest.mark.parametrize("text", ["nonsense", "", "exists"])
def test_a_text_of_no_shape_is_refused(text):
    with pytest.raises(ValueError, match="is not a question key"):
        parse(text)


def test_every_key_asked_reads_back_as_its_question(knowledge, engine):
    incident = engine.load_incident(ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml")
    _, asked = simulate(Interview(knowledge, engine), incident)
    assert len(asked) > 3
    for q in asked:
        k = parse(q.key)
        assert str(k) == q.key
        if q.kind == "slot":
            assert (k.fact, k.slot, k.template) == (q.fact, q.slot, q.template)
        elif q.kind == "exists":
            assert k == Exists(q.template)
        else:
            assert k == Incident()
        assert question_named(q.key, q)
        if q.kind == "slot" and k.number in (0, 1):  # template.slot names the first fact of a template
            assert question_named(f"{q.template}.{q.slot}", q)
        assert not question_named("nonsense", q)


def hand_parsing(path: Path) -> list[str]:
    """Places that take a key apart by hand: ``"exists:"`` literals, or rsplit/rpartition on "." or "-"."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("exists:"):
            out.append(f"{path.name}:{node.lineno}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("rsplit", "rpartition", "split", "partition") and node.args
                and isinstance(node.args[0], ast.Constant) and node.args[0].value in (".", "-")):
            out.append(f"{path.name}:{node.lineno}")
    return out


def test_no_face_parses_keys_by_hand():
    found = [hit for p in sorted(FACES.rglob("*.py")) if p.name != "keys.py" for hit in hand_parsing(p)]
    assert found == []
    assert hand_parsing(Path(keys.__file__))  # the check finds the one place that does
