"""Synthetic knowledge and incidents, generated from the real vocabulary, for the benchmark and the differential test.

``write_project(dest, n, seed)`` writes a project folder (facts/vocabulary/ in parts: the shared
context, then one part per group; knowledge/laws.yaml, knowledge/law-NN.yaml) holding ``n`` productions that
``bridgelaw.engine.load`` validates like any committee's file;
``incidents(vocabulary, groups, count, seed)`` draws incidents for it.

The knowledge grows the way the Laws do: in *groups* of about GROUP_SIZE
productions (a law or two), each with its own copy of the vocabulary's
incident templates (``revoke_g7``, and its derived ``revoke_established_g7``)
and sharing the context templates (``deal``).  Productions use every construct
of the language: literal tests of each kind, variables and accessors, joins
with the context, derived facts and chaining, ``not``, and ``overrides``.  An
incident states one to three kinds of fact of one group (one in five adds one
of another group), with some slots unknown, so that a few dozen productions of
the whole can apply to it.
"""
from __future__ import annotations

import copy
import random
import shutil
from pathlib import Path

import yaml

from bridgelaw.read.citations import load_index
from bridgelaw.read.incident import CALL_NUMBERS, incident_from_facts
from bridgelaw.read.vocabulary import load_vocabulary, part_files, vocabulary_path

ROOT = Path(__file__).resolve().parent.parent
GROUP_SIZE = 25
_TESTABLE = ("enum", "bool", "int", "seat", "side", "suit", "strain")


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter: the same text, four times faster


def _dump(data, path: Path) -> None:
    path.write_text(yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=200), encoding="utf-8")


def group_templates(vocab, group: str) -> dict:
    """Template names of one group: real name -> name in the group (context templates are shared)."""
    return {n: (n if t.context or not group else f"{n}_{group}") for n, t in vocab.templates.items()}


def _vocabulary_data(groups: list[str]) -> dict:
    """The real vocabulary's YAML with a copy of every non-context template per group."""
    raw = {"templates": {}, "elements": {}}
    for path, _ in part_files(vocabulary_path(ROOT)):
        part = yaml.safe_load(path.read_text(encoding="utf-8"))
        for key in raw:
            raw[key].update(part.get(key) or {})
    templates = {}
    for name, t in raw["templates"].items():
        if t.get("context"):
            templates[name] = t
    for g in groups:
        for name, t in raw["templates"].items():
            if t.get("context"):
                continue
            c = copy.deepcopy(t)
            for s in c["slots"].values():
                if s.get("type") == "ref" and s.get("template") in raw["templates"] \
                        and not raw["templates"][s["template"]].get("context"):
                    s["template"] = f"{s['template']}_{g}"
                for told in (s.get("tells") or {}).values():  # a value told with a fact of the same group
                    if told.get("template") in raw["templates"]:
                        told["template"] = f"{told['template']}_{g}"
            templates[f"{name}_{g}"] = c
    for e in raw["elements"].values():  # a lasting element's fact is a real template, not one of a group
        e.pop("lasts", None)
        if "excludes" in e:  # an option named by the choice template, which is one of each group's here
            e["excludes"] = [x for x in e["excludes"] if ":" not in x]
    return {"templates": templates, "elements": raw["elements"]}


def _write_vocabulary(data: dict, groups: list[str], folder: Path) -> None:
    """The vocabulary in parts, as a committee writes it: the shared context and the element kinds first,
    then one part per group (each file stays small, far under the loader's size cap, at any size)."""
    folder.mkdir(parents=True, exist_ok=True)
    shared = {n: t for n, t in data["templates"].items() if t.get("context")}
    _dump({"title": {"ru": "Общее", "en": "Shared"}, "templates": shared, "elements": data["elements"]},
          folder / "shared.yaml")
    for g in groups:
        _dump({"title": {"ru": g, "en": g},
               "templates": {n: t for n, t in data["templates"].items() if n.endswith(f"_{g}")}}, folder / f"{g}.yaml")
    _dump({"parts": ["shared", *groups]}, folder / "index.yaml")


def _literal(slot, rng: random.Random):
    """A random value for a slot of a testable type (or a card, contract, text)."""
    if slot.type in _TESTABLE:
        if slot.type == "int" and not slot.choices():  # a range too wide to list (a day): a number in it
            return rng.randint(slot.min, min(slot.max, slot.min + 100))
        return rng.choice(slot.choices())
    if slot.type == "card":
        return rng.choice("SHDC") + rng.choice(["2", "5", "9", "10", "Q", "A"])
    if slot.type == "contract":
        return rng.choice(["1NT", "3NT", "4H", "4S", "5D", "6C"])
    if slot.type == "text":
        return rng.choice(["pass", "4S", "HQ"])
    if slot.type == "call":
        return rng.choice(["P", "X", "1H", "2C", "3NT", "4S"])
    if slot.type == "calls":
        return rng.choice(["1S 1H", "1C 1H 1D", "2NT 3H 2S", "4S P 3NT"])  # each ends insufficient
    return None  # a ref names another fact: left unknown


class _Gen:
    """Productions for one group: each a dict in the YAML language."""

    def __init__(self, vocab, group: str, rng: random.Random):
        self.vocab, self.rng, self.names = vocab, rng, group_templates(vocab, group)
        real = vocab.templates
        self.subjects = [n for n, t in real.items() if not t.derived and not t.context]
        self.context = [n for n, t in real.items() if t.context]
        # derived template -> (subject template it refers to, its ref slot)
        self.derived = {n: (s.template, s.name) for n, t in real.items() if t.derived
                        for s in t.slots.values() if s.type == "ref" and s.template in self.subjects}
        self.made: list[dict] = []

    def _tests(self, template: str, k: int) -> tuple[dict, dict]:
        """``k`` literal tests on a template's slots, plus a seat variable if it has a seat slot."""
        t = self.vocab.templates[template]
        # a number too wide to list (minutes after the score) offers no value to test against
        slots = [s for s in t.slots.values() if s.type in _TESTABLE and s.choices()]
        seats = [s for s in slots if s.type == "seat"]
        rng, tests, bound = self.rng, {}, {}
        if seats and rng.random() < 0.6:
            tests[seats[0].name] = "$o"
            bound["o"] = "seat"
        # a variable on a slot that may be unknown (never one taking several values: only contains tests those)
        free = [s for s in slots if s.name not in tests and not s.required and not s.several]
        if free and rng.random() < 0.2:  # a variable on a slot that may be unknown: unknown never binds
            tests[rng.choice(free).name] = "$k"
        for s in rng.sample([s for s in slots if s.name not in tests], min(k, len(slots) - len(tests))):
            r, ch = rng.random(), s.choices()
            if s.several:  # a slot taking several values is tested only with contains / not_contains / known
                tests[s.name] = ({"known": rng.random() < 0.5} if r < 0.2 else
                                 {"contains" if r < 0.6 else "not_contains": rng.sample(ch, min(2, len(ch)))})
                continue
            if s.type == "int" and r < 0.15:
                tests[s.name] = {rng.choice(["less", "at_most", "greater", "at_least"]): rng.choice(ch)}
            elif r < 0.55:
                tests[s.name] = rng.choice(ch)
            elif r < 0.75:
                tests[s.name] = rng.sample(ch, min(2, len(ch)))
            elif r < 0.85:
                tests[s.name] = {"not": rng.choice(ch)}
            elif r < 0.92:
                tests[s.name] = {"not_in": rng.sample(ch, min(2, len(ch)))}
            else:
                tests[s.name] = {"known": rng.random() < 0.5}
        return tests, bound

    def _args(self, slots: dict, bound: dict, skip=()) -> dict | None:
        """Values for an element's or derived fact's slots: variables where the type fits, else literals."""
        out = {}
        for name, s in slots.items():
            if name in skip or (not s.required and self.rng.random() < 0.5):
                continue
            if s.type == "side" and "o" in bound:
                out[name] = self.rng.choice(["$o.side", "$o.opponents"])
            elif s.type == "seat" and "o" in bound:
                out[name] = self.rng.choice(["$o", "$o.partner", "$o.lho"])
            else:
                v = _literal(s, self.rng)
                if v is None:
                    if s.required:
                        return None
                    continue
                out[name] = v
        return out

    def _then(self, bound: dict) -> list:
        kinds = list(self.vocab.elements.values())
        for _ in range(10):
            ek = self.rng.choice(kinds)
            args = self._args(ek.args, bound)
            if args is not None:
                return [{ek.name: args}]
        return [{"instruction": {"text": {"ru": "синтетика", "en": "synthetic"}}}]

    def production(self, pid: str, cite: str) -> dict:
        rng, n = self.rng, self.names
        subject = rng.choice(self.subjects)
        refs = [d for d, (s, _) in self.derived.items() if s == subject]
        tests, bound = self._tests(subject, rng.choice([1, 1, 2]))
        tests = {"id": "$s", **tests}
        when: list = [{n[subject]: tests}]
        p = {"id": pid, "cite": cite, "summary": {"ru": f"синтетическое правило {pid}", "en": f"synthetic {pid}"},
             "when": when}
        kind = rng.random()
        earlier = [q for q in self.made if q["when"][0].get(n[subject]) is not None and "overrides" not in q]
        if refs and kind < 0.3:  # derive a fact for others
            d = rng.choice(refs)
            ref = self.derived[d][1]
            args = self._args(self.vocab.templates[d].slots, bound, skip=(ref,)) or {}
            p["derive"] = [{n[d]: {ref: "$s", **args}}]
        else:
            if refs and kind < 0.55:  # chain on a derived fact
                d = rng.choice(refs)
                when.append({n[d]: {self.derived[d][1]: "$s"}})
            elif refs and kind < 0.7:  # its absence
                d = rng.choice(refs)
                when.append({"not": {n[d]: {self.derived[d][1]: "$s"}}})
            elif self.context and "o" in bound and kind < 0.85:  # join with the context
                c = rng.choice(self.context)
                seats = [s for s in self.vocab.templates[c].slots.values() if s.type == "seat"]
                if seats:
                    when.append({n[c]: {seats[0].name: rng.choice([{"not": "$o"}, "$o.partner", ["$o", "$o.lho"]])}})
            elif earlier and kind < 0.95:  # an exception to an earlier production about the same fact
                when[:] = [{n[subject]: {k: v for k, v in tests.items() if v != "$o"}}]
                bound = {}
                p["overrides"] = [rng.choice(earlier)["id"]]
            p["then"] = self._then(bound)
        self.made.append(p)
        return p


def write_project(dest: str | Path, n: int, seed: int = 0) -> tuple[Path, list[str]]:
    """Write a project of ``n`` synthetic productions under ``dest``; returns (root, group names)."""
    dest = Path(dest)
    rng = random.Random(seed)
    ngroups = max(1, round(n / GROUP_SIZE))
    groups = [f"g{i}" for i in range(ngroups)]
    (dest / "facts").mkdir(parents=True, exist_ok=True)
    (dest / "knowledge").mkdir(parents=True, exist_ok=True)
    _write_vocabulary(_vocabulary_data(groups), groups, dest / "facts" / "vocabulary")
    shutil.copy(ROOT / "knowledge" / "laws.yaml", dest / "knowledge" / "laws.yaml")
    vocab = load_vocabulary(vocabulary_path(ROOT))
    index = load_index(ROOT / "knowledge" / "laws.yaml")
    laws = sorted(index.laws)
    files: dict[int, list] = {}
    for i in range(n):
        g = i * ngroups // n
        law = laws[g % len(laws)]
        sections = list(index.laws[law].sections) or [""]
        cite = f"{law}{rng.choice(sections)}"
        gen = files.setdefault(g, _Gen(vocab, groups[g], rng))
        gen.production(f"{cite}.syn-{i}", cite)
    by_law: dict[int, list] = {}
    for g, gen in files.items():
        by_law.setdefault(laws[g % len(laws)], []).extend(gen.made)
    for law, prods in by_law.items():
        _dump({"law": law, "title": {"ru": f"Синтетика {law}", "en": f"Synthetic {law}"}, "productions": prods},
              dest / "knowledge" / f"law-{law}.yaml")
    return dest, groups


def incident_facts(vocab, groups: list[str], rng: random.Random, dense: bool = False) -> dict:
    """The facts of one random incident, as a director meets one: one to three kinds of fact (a revoke,
    a penalty card...) of one group, one incident in five with one of another group, and the context.
    ``dense``: facts of every kind of the group(s) instead, so that many productions meet (for the
    differential test).  ``groups == [""]``: the real templates."""
    facts: dict = {}
    chosen = rng.sample(groups, 2) if len(groups) > 1 and rng.random() < 0.2 else [rng.choice(groups)]
    for i, g in enumerate(chosen):
        own = [t for t in vocab.templates.values()  # not "not_encoded": it names an irregularity from a list
               if not t.derived and not t.context and t.name != "not_encoded" and (not g or t.name.endswith(f"_{g}"))]
        k = len(own) if dense else 1 if i else rng.choices([1, 2, 3], weights=[6, 3, 1])[0]
        for t in rng.sample(own, min(k, len(own))):
            items = [_values(t, rng) for _ in range(rng.choice([1, 1, 2]) if t.many else 1)]
            if "of" in t.slots:  # a replacement: of the auction's last insufficient bid; a change of call (which
                # must say which call it changes): of the first call (read/auction.py)
                first = {"of": 1} if t.slots["of"].required else {}
                items = [{**{k: v for k, v in it.items() if k != "of"}, **first} for it in items]
            if "seq" in t.slots:  # events: an order that agrees with itself (read/auction.py checks it)
                items = [{**{k: v for k, v in it.items() if k not in ("after_call", "trick")}, "seq": n}
                         for n, it in enumerate(items, 1)]
            facts[t.name] = items if t.many else items[0]
    for t in vocab.templates.values():
        if t.context:
            facts[t.name] = _values(t, rng)
    _within_auction(facts)
    return facts


def _within_auction(facts: dict) -> None:
    """A call named by its number (after_call: 107) is one of the calls the auction states ("1C 1H 1D"), as the
    reader requires: a number past them is made the last call's (the draws are unchanged, so every incident
    the reader accepted before is the same)."""
    calls = (facts.get("auction") or {}).get("calls") if isinstance(facts.get("auction"), dict) else None
    if not calls:
        return
    n = len(str(calls).split())
    for (template, slot), _ in CALL_NUMBERS.items():
        stated = facts.get(template) or []
        for item in stated if isinstance(stated, list) else [stated]:
            if isinstance(item.get(slot), int) and item[slot] > n:
                item[slot] = n


def _values(t, rng: random.Random) -> dict:
    out = {}
    for s in t.slots.values():
        if not s.required and rng.random() < 0.15:
            continue
        v = _literal(s, rng)
        if v is not None:
            out[s.name] = v
    return out


def incidents(vocab, groups: list[str], count: int, seed: int = 0, dense: bool = False) -> list:
    """``count`` random incidents (bridgelaw Incident objects) for a project's vocabulary."""
    rng = random.Random(seed)
    return [incident_from_facts(f"synthetic-{i}", incident_facts(vocab, groups, rng, dense), vocab)
            for i in range(count)]
