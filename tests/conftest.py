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
