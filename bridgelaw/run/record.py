"""The firing recorder: what a firing does, for every back end (experta's and CLIPS's).

``Recorder`` is mixed into the engine class a back end runs (engine.py for
experta, run/clips.py for CLIPS): ``start()`` empties the record, ``fire(prod,
context)`` records one firing (its Firing for HOW, its ruling elements
rendered in ru/en, its derived facts, declared back into the engine, and the
marker its overriders wait on).

A derived fact is identified by what it says: its template and slot values.
Deriving it again (from another subject, by another production) gives the same
fact with the same id, ``template(ref, slot=value, ...)`` (``_derived_id``),
whatever engine, interview or file it comes from; the firing is recorded as
one more deriver (``Firing.derived`` of each, ``derived_by[id]`` the list).  So
a cycle of productions that derives nothing new ends by itself; one that
keeps deriving new facts (a counter that grows) stops at FIRING_LIMIT with a
BridgelawError naming the productions that kept firing.
"""
from __future__ import annotations

import string
from contextlib import contextmanager
from contextvars import ContextVar

from ..errors import BridgelawError, Problem
from ..model import Knowledge, Production, remembered
from ..explain.ruling import FactUse, Firing, RulingElement
from ..ops import resolve
from ..words import Said
from .compiler import FiredMarker

FIRING_LIMIT = 10_000  # firings per incident; the largest shipped case needs 18 (knowledge/README.md)
CHECK_LIMIT = 500  # firings per case while `bridgelaw check` (and the server's start) runs the cases: a loop in seconds
_LIMIT: ContextVar = ContextVar("firing_limit", default=None)


@contextmanager
def firing_limit(n: int):
    """Within the block, a ruling stops (BridgelawError naming the loop) after ``n`` firings, not FIRING_LIMIT."""
    token = _LIMIT.set(n)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def limit_reached(e: BaseException) -> bool:
    """Whether ``e`` is the error of a ruling stopped at its firing limit (knowledge whose rulings never end)."""
    return isinstance(e, BridgelawError) and any(getattr(p, "limit", False) for p in e.problems)


def _text(value) -> str:
    """A slot value as a derived fact's id writes it (YAML's spelling of booleans)."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _label(slot, value, lang: str) -> Said:
    """A value's label, that the text's field spec may decline or count (words.Said)."""
    key = getattr(value, "key", None) or (f"seat.{value}" if slot.type == "seat" else f"call.{value}"
                                          if slot.type == "call" else None)
    n = value if slot.type == "int" and isinstance(value, int) else None
    return Said(slot.label_of(value, lang), lang, key=key, n=n)


def render_element(knowledge: Knowledge, kind: str, args: dict, own_text: dict | None, offered: bool = False) -> dict:
    """The ru/en text of a ruling element: its kind's template (``offered``: as what a choice still to be made
    would give, where the kind says it so), then the production's own text.  The same kind, arguments and
    words give the same text: it is made once per vocabulary (a ruling under each possibility of an unknown,
    an interview's every step, fire the same productions on the same values again)."""
    vocab = knowledge.vocabulary
    if not all(_plain(v) for v in (*args.values(), *(own_text or {}).values())):  # a value known only in part
        # (explain/possible/'s Among): made each time
        return _render(vocab, kind, args, own_text, offered)
    key = (kind, tuple((k, type(v), v) for k, v in args.items()), offered, tuple(own_text.items()) if own_text else None)
    return dict(remembered(vocab, "_texts", key, lambda: _render(vocab, kind, args, own_text, offered),
                           knowledge.memos.texts))


def _plain(v) -> bool:
    """A value that is its own key: text (not a subclass that reads otherwise), a number, a truth, none, or a
    tuple of them."""
    return type(v) in _PLAIN or type(v) is tuple and all(type(x) in _PLAIN for x in v)


_PLAIN = (str, int, bool, float, type(None))


def _render(vocab, kind: str, args: dict, own_text: dict | None, offered: bool) -> dict:
    ek = vocab.elements[kind]
    standard = ek.offered if offered and ek.offered else ek.text
    out = {}
    for lang in ("ru", "en"):
        labels = {name: (_label(slot, args.get(name), lang) if args.get(name) is not None else Said("—", lang))
                  for name, slot in ek.args.items()}
        text = string.Formatter().vformat(standard[lang], (), labels).strip()
        if own_text:
            extra = string.Formatter().vformat(own_text[lang], (), labels).strip()
            text = (f"{extra} {text}" if ek.text_last else f"{text} {extra}").strip() if text else extra
        out[lang] = text[:1].upper() + text[1:]  # a sentence, though it opens with a name said in lower case («пас Юга»)
    return out


def _which(template: str, fid: str, many: bool) -> str:
    """Which fact of a template a HOW line means, in words a director reads: "№2" for the second one
    stated (``revoke-2``; ``substitution-replacement-2``, read from the second replacement); nothing for a derived fact (its values say what it is about) or the only one;
    an id the incident gave it otherwise."""
    if not many or "(" in fid:
        return ""
    head, _, n = fid.rpartition("-")
    return f" № {n}" if n.isdigit() and (head == template or head.startswith(template + "-")) else f" ({fid})"


BARE_WORDS = 6  # a kind's text of at most this many words, naming no argument, says nothing of its subject


def bare(text: str, args) -> bool:
    """Whether a kind's standard text names neither an argument nor what it is about ("No rectification.")."""
    return not any("{" + name + "}" in text for name in args) and len(text.split()) <= BARE_WORDS


def _own_text(vocab, el, prod: Production) -> dict | None:
    """An element's own words; where neither they nor its kind's text name what it is about (a bare
    "This is not permitted."), the production's summary says it."""
    if el.text:
        return el.text
    kind = vocab.elements[el.kind]
    return prod.summary if bare(kind.text["en"], kind.args) else None


class Recorder:
    """Records every firing; mixed into the class the compiled rules run in (it supplies ``declare``)."""

    def setup(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.vocab = knowledge.vocabulary

    def start(self) -> None:
        self.firings: list[Firing] = []
        self.elements: list[RulingElement] = []
        self.derived_by: dict[str, list[int]] = {}  # derived fact id -> the firings that derived it
        self.derived_ids: dict[tuple, str] = {}  # (template, slot values) -> id

    def fire(self, prod: Production, context: dict) -> None:
        facts = [context[f"f{i}"] for i, p in enumerate(prod.when) if not p.negated]
        bindings = {k[2:]: v for k, v in context.items() if k.startswith("v_")}
        n = len(self.firings) + 1
        if n > (_LIMIT.get() or FIRING_LIMIT):
            self._stop(prod)
        uses = []
        rests = set()
        pos = [p for p in prod.when if not p.negated]
        for pat, fact in zip(pos, facts):
            tested = {t.slot: (fact["id"] if t.slot == "id" else fact.get(t.slot)) for t in pat.tests
                      if not (t.op == "answers" and fact.get(t.slot) is None)}  # "not said": answers every offer
            uses.append(FactUse(pat.template, fact["id"], tested, self._fact_text(pat.template, fact["id"], tested)))
            rests.update(self.derived_by.get(fact["id"], ()))
        firing = Firing(n, prod.id, prod.cite, prod.summary, uses, [], sorted(rests))
        self.firings.append(firing)
        how = sorted(self._ancestors(firing)) + [n] if prod.then else []
        for el in prod.then:
            args = {name: resolve(v, bindings) for name, v in el.args}
            self._check_range(prod, el.loc, el.kind, self.vocab.elements[el.kind].args, args)
            text = render_element(self.knowledge, el.kind, args, _own_text(self.vocab, el, prod))
            self.elements.append(RulingElement(el.kind, args, prod.cite, prod.id, text, how,
                                               options=self._options(prod, el, args, bindings)))
        for d in prod.derive:
            t = self.vocab.templates[d.template]
            vals = {name: resolve(v, bindings) for name, v in d.slots}
            self._check_range(prod, d.loc, d.template, t.slots, vals)
            fid = self._derived_id(d.template, t, vals)
            if fid not in self.derived_by:  # a new fact: into the engine
                self.derived_by[fid] = []
                self.declare(self.__classes__[d.template](id=fid, **{s: vals.get(s) for s in t.slots}))
            if n not in self.derived_by[fid]:
                self.derived_by[fid].append(n)
                firing.derived.append(fid)
                firing.derived_text.append(self._fact_text(d.template, fid, vals))
        if prod.id in self.__overriders__:
            self.declare(FiredMarker(production=prod.id, subject=facts[0]["id"]))

    def _options(self, prod: Production, el, args: dict, bindings: dict) -> dict | None:
        """An option's choices (read/choices.py), each with its consequences rendered under this firing."""
        if not el.choices:
            return None
        chosen = self.vocab.templates["choice"].slots["chosen"]
        out = []
        for ch in el.choices:
            cons = []
            for c in ch.then:
                cargs = {name: resolve(v, bindings) for name, v in c.args}
                text = render_element(self.knowledge, c.kind, cargs, c.text, offered=True)
                nested = self._options(prod, c, cargs, bindings)  # a choice that offers the next one
                cons.append({"kind": c.kind, "args": cargs, "cite": ch.cite or prod.cite, "text": text,
                             **({"options": nested} if nested else {})})
            out.append({"value": ch.name, "label": {lang: chosen.label_of(ch.name, lang) for lang in ("ru", "en")},
                        "consequences": cons})
        who = args.get("player") or args.get("side") or args.get("chooser")
        return {"option": el.option, "chooser": who, "choices": out}

    def _check_range(self, prod: Production, loc, owner: str, slots: dict, values: dict) -> None:
        """A computed whole number (arithmetic) must fit its slot's range: if not, the facts contradict
        each other (e.g. more tricks claimed than remain) and no ruling is given."""
        for name, v in values.items():
            s = slots[name]
            if s.type == "int" and v is not None and not (
                    (s.min is None or v >= s.min) and (s.max is None or v <= s.max)):
                raise BridgelawError(Problem(
                    loc, f"{owner}.{name} computes to {v}, outside {s.min}..{s.max}", f"production {prod.id}",
                    "the incident's facts contradict each other (e.g. more tricks than remain),"
                    " or the production needs a guard such as at_most"))

    def _derived_id(self, name: str, template, vals: dict) -> str:
        """The id of the derived fact saying ``vals``: the same for the same template and values.

        Its known values in slot order, a slot naming a fact by that fact's id and any
        other as ``slot=value``: ``revoke_established(revoke-1)``,
        ``infraction(offending_side=NS, damaged=true)``.
        """
        known = [(s, vals.get(s)) for s in template.slots if vals.get(s) is not None]
        key = (name, tuple(known))
        fid = self.derived_ids.get(key)
        if fid is None:
            parts = [str(v) if template.slots[s].type == "ref" else f"{s}={_text(v)}" for s, v in known]
            fid = base = f"{name}({', '.join(parts)})"
            while fid in self.derived_by:  # another fact written alike (a fact id such as "x, n=1")
                fid = f"{base}#{len(self.derived_by)}"
            self.derived_ids[key] = fid
        return fid

    def _stop(self, prod: Production) -> None:
        """Past FIRING_LIMIT firings: name the productions that kept firing (the loop) and stop."""
        recent: dict[str, int] = {}
        for f in self.firings[-1000:]:
            recent[f.production] = recent.get(f.production, 0) + 1
        loop = sorted(recent, key=lambda p: (-recent[p], p))
        problem = Problem(
            prod.loc, f"{_LIMIT.get() or FIRING_LIMIT} firings (the limit) and no end: these productions kept firing:"
            f" {', '.join(loop)}", f"production {prod.id}",
            "each firing derives a new fact (a value that keeps growing?): give the loop a guard such as"
            " at_most, or let `bridgelaw check` show the cycle")
        problem.limit = True
        raise BridgelawError(problem)

    def _fact_text(self, template: str, fid: str, slots: dict) -> dict:
        """A HOW line's words for a fact: made once for the same fact and values (per vocabulary)."""
        if not all(_plain(v) for v in slots.values()):
            return self._fact_words(template, fid, slots)
        key = (template, fid, tuple((k, type(v), v) for k, v in slots.items()))
        return dict(remembered(self.vocab, "_fact_texts", key, lambda: self._fact_words(template, fid, slots),
                               self.knowledge.memos.texts))

    def _fact_words(self, template: str, fid: str, slots: dict) -> dict:
        t = self.vocab.templates[template]
        out = {}
        for lang in ("ru", "en"):
            parts = [f"{t.slots[k].title(lang)} = {t.slots[k].label_of(v, lang)}"
                     for k, v in slots.items() if k in t.slots and t.slots[k].type != "ref"]
            name = t.label[lang] + _which(template, fid, t.many)
            out[lang] = name + (": " + "; ".join(parts) if parts else "")
        return out

    def _ancestors(self, firing: Firing) -> set:
        seen, todo = set(), list(firing.rests_on)
        while todo:
            k = todo.pop()
            if k not in seen:
                seen.add(k)
                todo.extend(self.firings[k - 1].rests_on)
        return seen


