"""The printable record of an entry, for an appeals committee (Laws 92-93): one HTML page, in the ruling's
language, with the facts, the ruling with its citations and HOW, the result, and beside it every correction
and appeal of the same ruling.  Built from the stored ruling JSON alone, so a record imported from another
knowledge version prints as it was ruled."""
from __future__ import annotations

import json

from jinja2 import Environment, PackageLoader, select_autoescape

from .record import Entry
from .words import WORDS, word


def _env() -> Environment:
    env = Environment(loader=PackageLoader("bridgelaw.log", "templates"), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    return env


def _view(n: int, e: Entry, lang: str) -> dict:
    ruling = e.ruling_dict
    score = json.loads(e.score) if e.score else None
    told: dict = {}  # the facts the ruling used, in words: each once (its fullest telling), in the order HOW used them
    for f in (ruling or {}).get("how") or []:
        for u in f.get("facts") or []:
            key, said = u.get("id") or repr(u.get("slots")), u.get("text", {}).get(lang) or ""
            if len(said) > len(told.get(key, "")):
                told[key] = said
    return {"id": n, "e": e, "ruling": ruling, "score": score, "told": [t for t in told.values() if t],
            "kind": word(f"kind.{e.kind}", lang),
            "outcome": word(f"outcome.{e.outcome}", lang) if e.outcome and f"outcome.{e.outcome}" in WORDS
            else e.outcome}


def page(thread: list[tuple[int, Entry]], n: int, lang: str | None = None) -> str:
    """The HTML page for entry ``n`` of ``thread`` (store.thread(n)); in the entry's language unless given."""
    main = dict(thread)[n]
    lang = lang or main.lang
    w = _Words(lang)
    ids = {e.uid: i for i, e in thread}
    return _env().get_template("record.html").render(
        lang=lang, w=w, main=_view(n, main, lang), ids=ids,
        others=[_view(i, e, lang) for i, e in thread if i != n])


class _Words:
    """``w("print.title", id=3)`` in a template."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, key: str, **fields) -> str:
        return word(key, self.lang, **fields)
