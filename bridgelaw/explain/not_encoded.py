"""An honest "not encoded": the laws an incident reaches that the knowledge does not encode yet.

Shape: ``reached(knowledge, facts) -> [NotEncoded]``, one plain sentence each ("Law 54 (opening
lead out of turn) is not encoded yet: rule from the law book"), from

- a ``not_encoded`` fact: an irregularity of facts/irregularities.yaml that names no template
  (the interview states one when the director picks it), or a law number no production rules on
  (no file, or a file whose subsections are all ``left_out`` or judgment);
- the catch-all ``irregularity``'s ``law`` ("27: insufficient bid") naming such a law.

Either way of naming a law says the same sentence: ``{law: 7}`` and the irregularity that names
Law 7 alone (``board_and_cards_control``) read alike.

Settled with the ruling (assemble.py), printed before its elements, and the ruling JSON's
``not_encoded``.  An irregularity name the list does not hold is a BridgelawError at the fact.
"""
from __future__ import annotations

import re

from ..errors import BridgelawError, Loc, Problem, suggest
from ..model import Knowledge
from ..words import LANGS, word
from .ruling import NotEncoded

_LAW = re.compile(r"\D{0,12}?(\d{1,2})\b")  # "27: insufficient bid", "Law 27", a word and the number


def reached(knowledge: Knowledge, facts) -> list[NotEncoded]:
    """The sentences for every law not encoded that ``facts`` reach, once each, in the order stated."""
    out: list[NotEncoded] = []
    irr = knowledge.irregularities
    for f in facts:
        if f.template == "not_encoded":
            name, law = f.get("irregularity"), f.get("law")
            if name is not None:
                item = irr.get(name) if irr is not None else None
                if item is None:
                    raise BridgelawError(Problem(f.loc or Loc("<facts>"), f"'{name}' is not an irregularity of"
                                                 " facts/irregularities.yaml", f"not_encoded {f.id}",
                                                 suggest(name, [i.id for i in irr.items] if irr else [])))
                _add(out, item.laws, item.label)
            elif law is not None and not _rules_on(knowledge, law):
                _add(out, (law,), *_title(knowledge, law))
        elif f.template == "irregularity" and (law := law_not_encoded(knowledge, f.get("law"))) is not None:
            _add(out, (law,), *_title(knowledge, law))
    return out


def law_not_encoded(knowledge: Knowledge, text) -> int | None:
    """The law the catch-all ``irregularity``'s ``law`` names ("80: mobile phone rang") when no production
    rules on it, else None."""
    m = _LAW.match(text) if isinstance(text, str) else None
    return int(m[1]) if m and 1 <= int(m[1]) <= 93 and not _rules_on(knowledge, int(m[1])) else None


def _rules_on(knowledge: Knowledge, law: int) -> bool:
    """Whether some production rules on ``law``: a law whose file only leaves its subsections out
    (or leaves them to judgment) is not encoded, as much as a law with no file."""
    return any(p.law == law for p in knowledge.productions)


def _title(knowledge: Knowledge, law: int) -> tuple[dict, bool]:
    """What the law is about: an irregularity naming it alone, else its title in the table of laws
    (and True: a title, whose English capitals stay in the sentence: "Regulating Authority")."""
    irr = knowledge.irregularities
    item = next((i for i in irr.items if i.laws == (law,)), None) if irr is not None else None
    if item is not None:
        return item.label, False
    if knowledge.index is not None and law in knowledge.index.laws:
        return {lang: knowledge.index.title(law, lang) for lang in LANGS}, True
    return {lang: "" for lang in LANGS}, False


def _add(out: list, laws: tuple, label: dict, title: bool = False) -> None:
    key = "ruling.not_encoded_one" if len(laws) == 1 else "ruling.not_encoded_many"
    numbers = ", ".join(map(str, laws))
    what = {lang: label[lang] if title and lang == "en" else label[lang][:1].lower() + label[lang][1:] for lang in LANGS}
    text = {lang: word(key, lang, laws=numbers, what=what[lang]) for lang in LANGS}
    entry = NotEncoded(str(laws[0]), dict(label), text)
    if entry not in out:
        out.append(entry)
