"""A question to the director and the answers it accepts: the plain data every face shows.

Shape: ``Question`` (key, kind, text, choices, ...; ``to_dict()`` for JSON,
``parse(raw)`` -> the canonical answer or AnswerError saying what is allowed),
``Choice`` (a value and its labels) and ``UNKNOWN`` (the director's "not
known").  The interview (interview.py) makes the questions; the terminal
prompt and the web page show them and hand the answers back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..words import LANGS, WordError, both, word


class _Unknown:
    """The director's "not known": the slot stays unknown and is not asked again."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


class AnswerError(ValueError):
    """An answer the question does not allow; the message says what it allows (``str()`` in English,
    ``say(lang)`` in the director's language when the catalog has its words)."""

    def __init__(self, message: str, texts: dict | None = None):
        super().__init__(message)
        self.texts = texts

    @classmethod
    def of(cls, key: str, **fields) -> "AnswerError":
        texts = both(key, **fields)
        return cls(texts["en"], texts)

    def say(self, lang: str) -> str:
        return self.texts[lang] if self.texts else str(self)


@dataclass(frozen=True)
class Choice:
    """One allowed answer: the canonical value and how it reads for a director."""

    value: Any
    label: dict  # {ru, en}
    help: dict | None = None
    group: str | None = None  # on the first screen: the group it is listed under (facts/irregularities.yaml)
    short: bool = True  # on the first screen: on the short list shown first (the rest one step away)
    brief: dict | None = None  # {ru, en}: on the phone's short list, the label in a few words (the label is the whole)


@dataclass(frozen=True)
class Question:
    """One question to the director.

    ``kind`` is ``incident`` (name the incident), ``slot`` (a slot of a fact)
    or ``exists`` (is there a fact of ``template``, or another one).  ``key``
    names the question stably (``incident``, ``revoke-1.trick``,
    ``exists:revoke``: the text of a keys.Key); ``choices`` is empty for free answers (cards,
    contracts); ``why`` lists the productions waiting on the answer.
    """

    key: str
    kind: str
    text: dict
    template: str | None = None
    slot: str | None = None
    fact: str | None = None
    subject: dict | None = None  # {ru, en}: which fact, when there are several of its template
    choices: tuple = ()
    multiple: bool = False
    allow_unknown: bool = False
    judgment: bool = False
    type: str = "enum"
    help: dict | None = None
    law: str | None = None
    why: tuple = ()  # ({production, cite, summary}, ...)
    groups: tuple = ()  # on the first screen: ((group id, {ru, en}), ...) the choices are grouped by
    coerce: Any = field(default=None, repr=False, compare=False)
    partly: Any = field(default=None, repr=False, compare=False)  # raw -> an answer known in part, or None (partly.py)

    def to_dict(self) -> dict:
        """The question as plain data (JSON) for other clients, e.g. a web page."""
        return {"key": self.key, "kind": self.kind, "text": self.text, "template": self.template, "slot": self.slot,
                "fact": self.fact, "subject": self.subject, "type": self.type, "multiple": self.multiple,
                "allow_unknown": self.allow_unknown, "judgment": self.judgment, "law": self.law, "help": self.help,
                "choices": [{"value": c.value, "label": c.label, "help": c.help, "group": c.group, "short": c.short}
                            for c in self.choices],
                "groups": [{"id": g, "label": label} for g, label in self.groups], "why": list(self.why)}

    def cites(self) -> list[str]:
        """The law subsections waiting on this answer, in canonical order, once each."""
        out = []
        for w in self.why:
            if w["cite"] not in out:
                out.append(w["cite"])
        return out

    def parse(self, raw: Any) -> Any:
        """The canonical answer for ``raw``: a value, its name, a label, a 1-based number, or "not known".

        Raises AnswerError listing what is allowed.
        """
        if raw is UNKNOWN or (isinstance(raw, str) and raw.strip().lower() in _UNKNOWN_WORDS):
            if self.allow_unknown:
                return UNKNOWN
            raise AnswerError.of("error.needed")
        if self.partly is not None and (known_in_part := self.partly(raw)) is not None:
            return known_in_part
        if self.multiple:
            items = raw if isinstance(raw, (list, tuple)) else _items(str(raw))
            out = []
            for item in items:
                v = self._one(item)
                if v not in out:
                    out.append(v)
            if self.coerce:  # a slot taking several values: in the order of its domain, as a fact holds them
                return self._coerced(out)
            return tuple(out)
        return self._one(raw)

    def _one(self, raw: Any) -> Any:
        if self.choices:
            for c in self.choices:
                if raw == c.value and type(raw) is type(c.value):
                    return c.value
            text = str(raw).strip().lower() if not isinstance(raw, bool) else ("true" if raw else "false")
            if self.type != "int" and text.isdigit() and 1 <= int(text) <= len(self.choices):
                return self.choices[int(text) - 1].value
            for c in self.choices:
                names = {_text(c.value)} | {c.label[lang].lower() for lang in ("ru", "en")}
                if isinstance(c.value, bool):  # "no" also answers "not yet"
                    names |= set(both("answer.yes" if c.value else "answer.no").values())
                if text in names:
                    return c.value
            if self.coerce and isinstance(raw, str):  # a seat or suit by a name its type knows (С for North, П)
                try:
                    v = self.coerce(raw)
                except ValueError:
                    v = None
                if any(v == c.value and type(v) is type(c.value) for c in self.choices):
                    return v
            raise self._not_one_of(raw)
        if self.type == "int" and isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
            raw = int(raw.strip())  # a number typed, where the range is too wide to list (a day, minutes)
        return self._coerced(raw) if self.coerce else raw

    def _coerced(self, raw: Any) -> Any:
        try:
            return self.coerce(raw)
        except WordError as e:
            raise AnswerError(str(e), {lang: e.text(lang) for lang in LANGS}) from None
        except ValueError as e:
            raise AnswerError(str(e)) from None

    def _not_one_of(self, raw: Any) -> AnswerError:
        """An answer that is none of the choices: in English the values allowed; in Russian what to type, in
        words a director reads (the numbers, with their labels when there are few; "more"; "?"), never the ids."""
        texts = both("error.not_one_of", raw=raw, allowed=self._allowed())
        if self.type == "int":
            values = [c.value for c in self.choices]
            contiguous = values == list(range(values[0], values[0] + len(values))) if values else False
            what = word("error.type_number_from", "ru", low=values[0], high=values[-1]) if contiguous and len(values) > 2 \
                else word("error.type_one_of", "ru", values=", ".join(map(str, values)))
        else:
            what = word("error.type_number_from", "ru", low=1, high=len(self.choices))
            if len(self.choices) <= 6:
                what += " (" + ", ".join(f"{i} — {c.label['ru']}" for i, c in enumerate(self.choices, 1)) + ")"
        if any(not c.short for c in self.choices):
            what += word("error.or_more", "ru")
        if self.allow_unknown:
            what += word("error.or_unknown", "ru")
        texts["ru"] = word("error.no_such_answer", "ru", raw=raw, what=what)
        return AnswerError(texts["en"], texts)

    def _allowed(self) -> str:
        if self.type == "int":  # a count is typed as the number itself
            return ", ".join(str(c.value) for c in self.choices)
        return ", ".join(f"{i}={_text(c.value)}" for i, c in enumerate(self.choices, 1))


def _items(text: str) -> list[str]:
    """Several answers typed on one line: separated by commas, or numbers separated by spaces."""
    out = []
    for part in (x.strip() for x in text.replace(";", ",").split(",")):
        out += part.split() if part and all(w.isdigit() for w in part.split()) else ([part] if part else [])
    return out


_UNKNOWN_WORDS = {"?", "-", "unknown", "not known", "don't know", "dont know", "не знаю", "неизвестно"}


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).lower()
