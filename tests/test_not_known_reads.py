"""A value given to a slot the auction's reader does not read leaves what it reads as it was.

explain/possible/split.py gives each possibility of an unknown its value without reading the auction again where
no value is given to a slot the reader reads (read/incident.py: READ_BY_READER, DEAL_READ): for every shipped incident (each stated slot) and
every YAML case (one slot each, rotating), each class's incident so made must be the one read again whole.
Break it on purpose (take "declarer" out of DEAL_READ: a declarer given ends an auction) and this test fails.
"""
from __future__ import annotations

from pathlib import Path

from bridgelaw.explain.possible import blanked, stated_slots, unknowns
from bridgelaw.explain.possible.split import _known
from bridgelaw.read.cases import load_cases
from bridgelaw.read.incident import DEAL_READ, READ_BY_READER, load_incident

ROOT = Path(__file__).resolve().parent.parent


def _mismatches(knowledge, incident, slots) -> tuple[int, list[str]]:
    n, out = 0, []
    for fact, slot in slots:
        template = next(f.template for f in incident.facts if f.id == fact)
        each = blanked(knowledge, incident, fact, slot)
        for u in unknowns(knowledge, each):
            for rep, _ in u.classes:
                chosen = {(u.fact, u.slot): rep}
                n += 1
                if _known(knowledge, each, chosen).facts != _known(knowledge, each, chosen, again=True).facts:
                    out.append(f"{incident.name} {fact}.{slot}={rep} ({template})")
    return n, out


def test_a_value_the_reader_does_not_read_is_put_in_without_reading_again(knowledge):
    told, wrong = 0, []
    sources = [load_incident(p, knowledge.vocabulary) for p in sorted((ROOT / "facts" / "incidents").glob("*.yaml"))]
    for incident in sources:
        slots = [(f, s) for f, s, _, _ in stated_slots(knowledge, incident)]
        n, bad = _mismatches(knowledge, incident, slots)
        told, wrong = told + n, wrong + bad
    k = 0
    for path in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        for case in load_cases(path, knowledge.vocabulary, str(path.relative_to(ROOT))):
            slots = [(f, s) for f, s, _, _ in stated_slots(knowledge, case.incident)]
            if slots:
                n, bad = _mismatches(knowledge, case.incident, [slots[k % len(slots)]])
                told, wrong, k = told + n, wrong + bad, k + 1
    assert told > 2000
    assert not wrong, "\n".join(wrong[:20])


def test_every_template_the_reader_names_is_listed():
    """The reader's modules name no template READ_BY_READER leaves out (a template it starts to read is listed)."""
    import re
    named = set()
    for module in ("auction.py", "story.py"):
        text = (ROOT / "bridgelaw" / "read" / module).read_text(encoding="utf-8")
        named |= set(re.findall(r'template (?:==|!=) "(\w+)"', text))
        named |= set(re.findall(r'_fact\(vocab, "(\w+)"', text))
        deal_slots = set(re.findall(r'deal\.get\("(\w+)"\)', text))
        assert deal_slots <= DEAL_READ, deal_slots - DEAL_READ
    assert named and named <= READ_BY_READER | {"deal"}, named - READ_BY_READER
