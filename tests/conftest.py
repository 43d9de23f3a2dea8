"""Shared fixtures: the project's knowledge and one engine, loaded once per test session."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.engine import Engine, load

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def knowledge():
    return load(ROOT)


@pytest.fixture(scope="session")
def engine(knowledge):
    return Engine(knowledge)


@pytest.fixture(scope="session")
def web_app():
    """The web application over the project (budget: a loaded machine's), made once per test process:
    making one compiles a pool of engines."""
    from bridgelaw.faces.web import create_app
    return create_app(ROOT, budget=60)
