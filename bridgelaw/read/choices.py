"""Choices as data: an option element that lists its choices, each with what follows from it.

Shape::

    option, choices = read_choices(loader, body, loc, crumb, scope)   # the option element's extra keys
    prods = expand(prods, c)             # + one production per choice, fired once the choice is made

An option element names its option (a value of the vocabulary's ``choice.option``) and
lists its choices (values of ``choice.chosen``), each with ``then`` (ruling elements)
and/or ``derive`` (facts later productions test)::

    - option:
        chooser: declarer
        player: $d
        option: lead_after_penalty_card
        choices:
          require_suit: {then: [{lead_restriction: {...}}]}
          no_restriction: {derive: [{...}]}

Until the choice is made the ruling shows every choice with its consequences
(the director reads them to the chooser).  The choice made is a fact of the
``choice`` template (option, chooser, chosen); for each choice ``expand`` adds
a production ``<id>--<choice>``: the offering production's conditions plus that
``choice`` fact, giving the choice's consequences, so every back end runs it
as an ordinary production.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Collector, Loc, Problem
from ..model import CHOICE, Choice, Pattern, Production, Test, Var
from ..words import LANGS, word
from .lasting import derives
from .yamlsafe import LocDict

KEYS = ("option", "choices")  # the option element's keys that are not arguments
CONSEQUENCES = ("then", "derive", "cite")


def read_choices(loader, body: Any, loc: Loc, crumb: str, scope) -> tuple[str | None, tuple]:
    """The option element's ``option`` and ``choices``, checked against the ``choice`` template."""
    if not isinstance(body, LocDict) or not any(k in body for k in KEYS):
        return None, ()
    c: Collector = loader.c
    t = loader.vocab.templates.get(CHOICE)
    if t is None or not {"option", "chosen"} <= set(t.slots):
        c.add(loc, f"option: choices need the vocabulary's '{CHOICE}' template (slots option, chooser, chosen)",
              crumb, "declare it in facts/vocabulary/rulings.yaml (see knowledge/README.md, Choices)")
        return None, ()
    missing = [k for k in KEYS if k not in body]
    if missing:
        c.add(loc, f"option: '{missing[0]}' is needed with '{KEYS[1 - KEYS.index(missing[0])]}'", crumb,
              "an option names its option and lists its choices, each with then/derive")
        return None, ()
    ok, option = loader._literal(t.slots["option"], body["option"], body.loc_of("option"), crumb)
    raw = body["choices"]
    if not isinstance(raw, LocDict) or not raw:
        c.add(body.loc_of("choices"), "option: choices: expected choice: {then: [...], derive: [...]} pairs", crumb)
        return None, ()
    out = []
    for name, cons in raw.items():
        good, chosen = loader._literal(t.slots["chosen"], name, raw.key_loc(name), crumb)
        if not good:
            continue
        if cons is None:
            cons = {}
        if not isinstance(cons, LocDict) and cons != {}:
            c.add(raw.loc_of(name), f"choice {name}: expected then and/or derive", crumb)
            continue
        extra = [k for k in cons if k not in CONSEQUENCES]
        for k in extra:
            c.add(cons.key_loc(k), f"choice {name}: unknown key '{k}'", crumb, "a choice gives then and/or derive, and may cite its own subsection")
        then = []
        for item in cons.get("then") or []:
            e = loader._element(item, crumb, scope)  # an option among them offers the next choice (nested)
            if e is not None:
                then.append(e)
        derive = [d for item in cons.get("derive") or [] for d in [loader._derive(item, crumb, scope)] if d]
        cite = str(cons["cite"]) if "cite" in cons else None
        if cite and loader.index and loader.index.check(cite):
            c.add(cons.loc_of("cite"), f"choice {name}: {loader.index.check(cite)}", crumb)
        out.append(Choice(chosen, tuple(then), tuple(derive), raw.key_loc(name), cite))
    return (option if ok else None), tuple(out)


def production_id(parent: str, choice: str) -> str:
    """The id of the production a choice gives: ``50D2.lead-options--require-suit``."""
    return f"{parent}--{choice.replace('_', '-')}"


def expand(prods: list[Production], vocab, c: Collector) -> list[Production]:
    """The productions and, after each, one production per choice it offers (see the module docstring)."""
    ids = {p.id for p in prods}
    out = []
    chains: dict = {}  # a choice's production id -> (the offering law's summary, the options chosen to reach it)
    todo = list(reversed(prods))
    while todo:  # a choice's production may offer a choice of its own (nested): expanded in turn
        p = todo.pop()
        out.append(p)
        made_here = []
        for e in p.then:
            for ch in e.choices:
                pid = production_id(p.id, ch.name)
                if pid in ids:
                    c.add(ch.loc, f"choice {ch.name} would be production '{pid}', which already exists",
                          f"production {p.id}", "rename one of them")
                    continue
                ids.add(pid)
                subject, about = _subject_named(p)
                made = Pattern(CHOICE, (Test("option", "eq", e.option, ch.loc), Test("chosen", "eq", ch.name, ch.loc))
                               + ((Test("of", "answers", about, ch.loc),) if OF in vocab.templates[CHOICE].slots else ()),
                               False, ch.loc)
                chosen = vocab.templates[CHOICE].slots["chosen"]
                summary = {lang: word("choice.made", lang, summary=p.summary[lang], chosen=chosen.label_of(ch.name, lang))
                           for lang in LANGS}
                root, path = chains.get(p.id, (p.summary, ()))
                chains[pid] = root, path + (ch.name,)
                waiting = {lang: word("choice.if" if not path else "choice.if_then", lang, summary=root[lang],
                                      first=chosen.label_of((path + (ch.name,))[0], lang),
                                      chosen="», «".join(chosen.label_of(n, lang) for n in path[1:] + (ch.name,)))
                           for lang in LANGS}
                made_here.append(replace(p, id=pid, cite=ch.cite or p.cite, summary=summary, when=(subject,) + p.when[1:] + (made,), then=ch.then, derive=ch.derive + derives(ch.then, vocab),
                                   overrides=(), overrides_loc=None, loc=ch.loc, note=None, choice_of=p.id,
                                   waiting=waiting))
        todo.extend(reversed(made_here))
    return out


OF = "of"  # the choice template's slot naming the fact a choice answers (when two offers are of one option)
SUBJECT = "subject__id"  # the hidden variable naming the offering production's subject fact


def _subject_named(p: Production) -> tuple:
    """The production's subject pattern naming its fact's id, and the variable holding it: the one the
    author named (``id: $r``), else a hidden one, so that a choice ``of`` that fact is told from another's."""
    first = p.when[0]
    named = next((t.value for t in first.tests if t.slot == "id" and t.names), None)
    if named is not None:
        return first, named
    return Pattern(first.template, (Test("id", "eq", Var(SUBJECT), first.loc),) + first.tests, False, first.loc), Var(SUBJECT)


def offered(knowledge) -> dict:
    """Each option the knowledge offers -> the names of its choices."""
    out: dict = {}
    for p in knowledge.productions:
        for e in p.then:
            if e.choices:
                out.setdefault(e.option, []).extend(ch.name for ch in e.choices if ch.name not in out.get(e.option, []))
    return out


def check_choices(knowledge, facts) -> list:
    """A ``choice`` fact (an incident's, a case's) must name an option some production offers, and one of its choices."""
    options = offered(knowledge)
    ids = {f.id for f in facts}
    out = []
    for f in facts:
        if f.template != CHOICE:
            continue
        option, chosen = f.get("option"), f.get("chosen")
        of = f.get(OF) if OF in dict(f.values) else None
        if of is not None and of not in ids and "(" not in of:  # "(": a fact a production derives, named by what it says
            out.append(Problem(f.loc, f"choice: 'of: {of}' names no fact of the incident", "",
                               "the facts it may answer: " + ", ".join(sorted(i for i in ids if not i.startswith(CHOICE)))))
        if option not in options:
            out.append(Problem(f.loc, f"choice: no production offers the option '{option}'", "",
                               "the options the knowledge offers: " + (", ".join(options) or "none")))
        elif chosen is not None and chosen not in options[option]:
            out.append(Problem(f.loc, f"choice: '{chosen}' is not a choice of the option '{option}'", "",
                               f"its choices: {', '.join(options[option])}"))
    return out
