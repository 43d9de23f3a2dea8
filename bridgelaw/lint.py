"""Static checks of the knowledge, reported as warnings phrased as questions (filled in by the committee-tooling work)."""
from __future__ import annotations


def lint(knowledge, root) -> list:
    """Warnings about the knowledge under ``root``: none yet."""
    return []
