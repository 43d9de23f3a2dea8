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
