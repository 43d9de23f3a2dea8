"""`check` warns where a production tests a card, call or text only to name it in its words: "not known" would stop
it firing though nothing in it depends on the value.  The shipped productions that do so say why
(``names_value``); a copy without that gets the warning at the condition's line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from bridgelaw.committee.printed import printed_only
from bridgelaw.faces.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_productions_that_name_a_value_say_why(knowledge):
    assert printed_only(knowledge) == []
    said = [p.id for p in knowledge.productions if p.names_value]
    assert "50A.stays-face-up" in said and len(said) >= 20


def test_a_copy_whose_production_names_its_card_without_saying_why_is_warned(tmp_path, capsys):
    project = tmp_path / "p"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns(".venv", "node_modules", ".git", "out", "site",
                                                                 "tests", "bench", "__pycache__"))
    law = project / "knowledge" / "law-50.yaml"
    text = law.read_text(encoding="utf-8")
    start = text.index("  - id: 50A.stays-face-up\n")
    said = text.index("    names_value:", start)
    end = text.index("    summary:", said)
    law.write_text(text[:said] + text[end:], encoding="utf-8")
    line = next(i for i, x in enumerate(law.read_text(encoding="utf-8").splitlines(), 1)
                if i > text[:start].count("\n") + 1 and "penalty_card:" in x and "$c" in x)
    assert main(["check", "--lang", "en", str(law)]) == 0  # a warning: the committee decides
    out = capsys.readouterr().out
    hits = [x for x in out.splitlines() if "only to say it" in x]
    assert len(hits) == 1, out
    assert re.match(rf"^\S*knowledge/law-50\.yaml:{line}:\d+: warning: production 50A\.stays-face-up: 50A\.stays-face-up"
                    r" tests penalty_card\.card only to say it", hits[0]), hits[0]
    assert "names_value" in out
