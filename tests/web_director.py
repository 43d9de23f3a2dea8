"""A director who knows an incident and answers the interview from it (the web tests' stand-in).

``script(knowledge, engine, incident)`` runs the interview in-process as
``interview.simulate`` does and returns the questions in order with the answer
for each, and the ruling reached: the web tests then put the same answers
through the JSON API or click them on the page, and expect the same questions.
"""
from __future__ import annotations

from bridgelaw.faces.interview import UNKNOWN, Interview, Question, answer_from


def script(knowledge, engine, incident) -> tuple[list, object]:
    interview = Interview(knowledge, engine)
    steps = []
    while isinstance(q := interview.step(), Question):
        value = answer_from(incident, q, interview)
        interview.answer(value)
        steps.append((q, value))
    return steps, interview.step()


def as_json(value):
    """An answer as the JSON API takes it."""
    if value is UNKNOWN:
        return None
    return list(value) if isinstance(value, tuple) else value
