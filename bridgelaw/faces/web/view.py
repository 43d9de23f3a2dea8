"""Questions and rulings as plain data, shared by the JSON API and the page.

``question_data(q)`` gives both languages (``{ru, en}``), as
``Ruling.to_dict()`` does for a ruling; ``title(vocabulary,
kinds, lang)`` names an incident by the kinds the director picked.  Nothing
here knows a law or touches the engine.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..interview import UNKNOWN, Question
from ..prompt import answer_text, headline, question_text
from ...explain.ruling import Ruling
from ...read.slots import Vocabulary
from ...words import word


def plain(value: Any) -> Any:
    """An answer as JSON: None for "not known", a list for several."""
    if value is UNKNOWN:
        return None
    return list(value) if isinstance(value, tuple) else value


def question_data(q: Question) -> dict:
    return q.to_dict()


def title(vocab: Vocabulary, kinds: tuple | None, lang: str) -> str:
    return ", ".join(vocab.templates[k].label[lang] for k in kinds or ()) or word("ruling.incident", lang)


def titled(ruling: Ruling, vocab: Vocabulary, kinds: tuple | None, lang: str) -> Ruling:
    """The ruling named after the kinds of incident picked, as ``bridgelaw ask`` names it."""
    if not kinds:
        return replace(ruling, incident=title(vocab, kinds, lang), title={lg: title(vocab, kinds, lg) for lg in ("ru", "en")})
    heads = {lg: headline(vocab, ruling, kinds, lg) for lg in ("ru", "en")}  # what happened, as the terminal heads it
    return replace(ruling, incident=heads[lang], title=heads)


def asked_lines(asked: tuple, lang: str) -> list[tuple[str, str]]:
    """(question, answer) as a director reads them, for the answers so far."""
    return [(question_text(q, lang), answer_text(q, v, lang)) for q, v in asked]
