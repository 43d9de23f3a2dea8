"""The knowledge cache (bridgelaw/read/cache.py): a hit gives the same knowledge; any edit is a miss."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridgelaw.read import cache
from bridgelaw.engine import load
from bridgelaw.errors import BridgelawError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRIDGELAW_CACHE", raising=False)
    root = tmp_path / "project"
    shutil.copytree(ROOT / "facts", root / "facts")
    shutil.copytree(ROOT / "knowledge", root / "knowledge")
    return root


def files(root: Path) -> list:
    return sorted((Path(root) / "..").resolve().glob("cache/bridgelaw/*.pickle"))


def test_a_hit_gives_the_same_knowledge(project):
    first = load(project)
    assert len(files(project)) == 1
    again = load(project)
    assert again.productions == first.productions and again is not first
    assert again.vocabulary.templates.keys() == first.vocabulary.templates.keys()


def test_an_edit_is_a_miss_and_replaces_the_file(project):
    load(project)
    before = files(project)
    law = sorted((project / "knowledge").glob("law-6*.yaml"))[0]
    law.write_text(law.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    load(project)
    after = files(project)
    assert len(after) == 1 and after != before


def test_an_edit_to_any_vocabulary_part_is_a_miss(project):
    """Every part is among the files the cache's key reads, and an edit to any part changes the key; one
    edit is followed through a load (loading is the slow part: once, not once per part)."""
    from bridgelaw.engine import _read_files
    parts = sorted((project / "facts" / "vocabulary").glob("*.yaml"))
    assert len(parts) > 1 and set(parts) <= set(_read_files(project))
    for part in parts:
        before = cache.key(project, _read_files(project))
        part.write_text(part.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
        assert cache.key(project, _read_files(project)) != before, f"an edit to {part.name} was not seen"
    load(project)
    before = files(project)
    parts[-1].write_text(parts[-1].read_text(encoding="utf-8") + "\n# another edit\n", encoding="utf-8")
    load(project)
    assert files(project) != before, f"an edit to {parts[-1].name} was not seen"


def test_mistakes_are_never_cached(project):
    vocab = project / "facts" / "vocabulary" / "claims.yaml"
    vocab.write_text(vocab.read_text(encoding="utf-8") + "\nnot_a_key: [\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(BridgelawError):
            load(project)
    assert files(project) == []


def test_off_switch(project, monkeypatch):
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")
    load(project)
    assert files(project) == []


def test_at_most_keep_files(project, monkeypatch):
    """Four project roots, two files kept (what is kept is the cache's business, not the loader's: a small
    value stands for the knowledge)."""
    monkeypatch.setattr(cache, "KEEP", 2)
    for i in range(4):
        root = project.parent / f"copy{i}"
        root.mkdir()
        (root / "law.yaml").write_text(f"# {i}\n", encoding="utf-8")
        assert cache.cached(root, [root / "law.yaml"], lambda: {"copy": i}, dict) == {"copy": i}
        assert cache.cached(root, [root / "law.yaml"], lambda: pytest.fail("a miss"), dict) == {"copy": i}
    assert len(files(project)) == 2


def test_a_search_is_read_back_from_disk_and_only_the_same_search(tmp_path, monkeypatch):
    """Within dd.on_disk() a claim's search is kept on disk and read back by a later process (here: the same one
    with its memory emptied) without solving again, equal to the first; another budget is another search; with the
    cache off nothing is kept."""
    from bridgelaw.read import dd
    from bridgelaw.read.cards import _hands
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRIDGELAW_CACHE", raising=False)
    monkeypatch.setattr(dd, "_FOUND", {})
    ending = _hands("N:AK2.A2.A2.A QJ.KQ.KQ.K2 T9.JT.JT.QJ 87.98.98.T9")
    with dd.on_disk():
        first = dd.claim_lines(ending, [], "S", None, "S", budget=0.05)
    assert len(list((tmp_path / "cache" / "bridgelaw" / "dd").glob("*.pickle"))) == 1
    dd._FOUND.clear()
    real, solved = dd.solve, []
    monkeypatch.setattr(dd, "solve", lambda *a: solved.append(1) or real(*a))
    with dd.on_disk():
        assert dd.claim_lines(ending, [], "S", None, "S", budget=0.05) == first and not solved
        dd.claim_lines(ending, [], "S", None, "S", budget=0.06)
    assert solved and len(list((tmp_path / "cache" / "bridgelaw" / "dd").glob("*.pickle"))) == 2
    dd._FOUND.clear()
    solved.clear()
    dd.claim_lines(ending, [], "S", None, "S", budget=0.05)  # outside on_disk(): searched afresh
    assert solved
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")
    dd._FOUND.clear()
    with dd.on_disk():
        dd.claim_lines(ending, [], "S", None, "S", budget=0.07)
    assert len(list((tmp_path / "cache" / "bridgelaw" / "dd").glob("*.pickle"))) == 2


def test_data_found_valid_is_not_validated_again_and_a_mistake_never_kept(tmp_path, monkeypatch):
    """A valid incident is known valid by its digest the next time (no validator loaded: a fifth of a cold rule);
    an edit is a miss, and data with a mistake is validated, and its problems reported, every time."""
    from bridgelaw.read import schemas
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("BRIDGELAW_CACHE", raising=False)
    data = {"source": "a test", "facts": {"deal": {"declarer": "S"}}}
    assert schemas.validate("incident", data, "x.yaml") == []
    asked = []
    real = schemas._valid_at_once
    monkeypatch.setattr(schemas, "_valid_at_once", lambda *a: asked.append(a) or real(*a))
    assert schemas.validate("incident", data, "x.yaml") == [] and not asked
    assert schemas.validate("incident", {**data, "source": "another"}, "x.yaml") == [] and len(asked) == 1
    bad = {"source": 3, "facts": {}}
    for _ in range(2):
        assert schemas.validate("incident", bad, "x.yaml")
    assert len(asked) == 3
