"""Shared fixtures: the project's knowledge and one engine, loaded once per test session."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.engine import Engine, load
from bridgelaw.run.partition import many

ROOT = Path(__file__).resolve().parent.parent
many()  # a test process rules thousands of incidents of every kind: each part of the knowledge compiled about once


@pytest.fixture(scope="session")
def knowledge():
    return load(ROOT)


@pytest.fixture(scope="session")
def engine(knowledge):
    return Engine(knowledge)


class Remembering:
    """The session's engine, ruling each incident once per test process: several tests read the ruling of every
    YAML case and shipped incident (the cases, the ruling's schema, the offline page).  The same facts give the
    same ruling (tests/test_determinism.py), so a ruling made once stands for the next one asked."""

    def __init__(self, engine: Engine):
        self.engine, self.kept = engine, {}

    def rule(self, incident):
        key = repr(incident)
        if key not in self.kept:
            self.kept[key] = self.engine.rule(incident)
        return self.kept[key]

    def __getattr__(self, name):
        return getattr(self.engine, name)


@pytest.fixture(scope="session")
def ruled(engine):
    """The engine, each incident's ruling made once per test process (Remembering)."""
    return Remembering(engine)


@pytest.fixture(scope="session")
def web_app():
    """The web application over the project (budget: a loaded machine's), made once per test process:
    making one compiles a pool of engines."""
    from bridgelaw.faces.web import create_app
    return create_app(ROOT, budget=60)


@pytest.fixture(scope="session")
def shipped_book(tmp_path_factory):
    """The book of the shipped knowledge, written by `bridgelaw book` once per test process and language
    (about 5 s of CPU each; tests in test_book, test_russian and test_regulations read it, none changes it):
    ``shipped_book(lang)`` -> (its folder, the command's exit code, what it printed).  Russian is written
    with no ``--lang`` (the book's default), English with ``--lang en``."""
    import contextlib
    import io

    from bridgelaw.faces.cli import main
    made: dict = {}

    def book(lang: str = "ru") -> tuple[Path, int, str]:
        if lang not in made:
            out = tmp_path_factory.mktemp(f"book-{lang}") / "book"
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                code = main(["book", str(out)] if lang == "ru" else ["book", "--lang", lang, str(out)])
            made[lang] = (out, code, printed.getvalue())
        return made[lang]

    return book
