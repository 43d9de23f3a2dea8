"""One ruling from the rulings of every combination (see the package): ``merge``, said in words.
"""
from __future__ import annotations

import json
from dataclasses import replace
from itertools import product

from ... import values as V
from ...model import remembered
from ...read.incident import NOT_KNOWN
from ...run.record import _own_text, render_element
from ...words import LANGS, both, inflect, word
from ..ruling import OpenQuestion, Ruling
from .classes import MAX_COMBINATIONS, Among, Unknown
from .waits import choice_conditions


def _key(x) -> str:
    return json.dumps(x, sort_keys=True, default=str, ensure_ascii=False)


def _copy(x, **changes):
    """What ``dataclasses.replace`` gives for a ruling, an element or a firing (their fields all set by
    ``__init__``, no ``__post_init__``), made without calling ``__init__``: the merge copies every element and
    firing it keeps."""
    out = object.__new__(type(x))
    out.__dict__.update(x.__dict__)
    out.__dict__.update(changes)
    return out


def _frozen(x):
    """``x`` as a key that tells apart what ``_key`` tells apart (dicts by their sorted items), made faster: the
    lists and dicts of a ruling's elements and firings as tuples, a plain value as it is, any other as ``_key``'s
    default writes it (an Among by its label)."""
    t = type(x)
    if t is dict:
        return (dict, tuple(sorted((k, _frozen(v)) for k, v in x.items())))
    if t is list or t is tuple:
        return (list, tuple([_frozen(v) for v in x]))
    if t is str or t is int or x is None:
        return x
    if t is bool or t is float:  # told apart from the number they equal, as _key's words tell them apart
        return (t, x)
    return (str, str(x))


def _interleave(lists: list[list], key) -> tuple[list, list[dict]]:
    """One list holding each item of ``lists`` once by ``key`` (the first list's order, others' items after
    the item they follow), and for each list, its index -> the index in the merged list."""
    keyed = [[key(x) for x in items] for items in lists]
    first = keyed[0] if keyed else []
    if all(keys == first for keys in keyed) and len(set(first)) == len(first):  # every list alike: the first
        same = dict(enumerate(range(len(first))))
        return list(lists[0]) if lists else [], [dict(same) for _ in lists]
    head = object()  # the merged list linked by key: each key's next and previous, the first after ``head``
    after, before, item, last, maps = {head: None}, {}, {}, head, []
    for items, keys in zip(lists, keyed):
        at, m = None, {}
        for i, (k, x) in enumerate(zip(keys, items)):
            if k not in item:
                if at is None:  # before the first item of this list already placed, else last
                    placed = next((kk for kk in keys[i:] if kk in item), None)
                    at = last if placed is None else before[placed]
                nxt = after[at]
                after[at], after[k], before[k], item[k] = k, nxt, at, x
                if nxt is None:
                    last = k
                else:
                    before[nxt] = k
            at = k
            m[i] = k
        maps.append(m)
    order, merged, k = {}, [], after[head]
    while k is not None:
        order[k] = len(merged)
        merged.append(item[k])
        k = after[k]
    return merged, [{i: order[k] for i, k in m.items()} for m in maps]


def merge(knowledge, split: list[Unknown], combos: list, rulings: list[Ruling], bounded: list,
          active: list | None = None) -> Ruling:
    """One ruling from the rulings of every combination (see the module docstring).  ``active``: for each
    combination, the indices of the unknowns its ruling was made with a value of (split.py: a slot left out
    that no production waits on under the other unknowns' classes is not given one there, nor a declarer that
    would end an auction the calls told leave going on); all where None.  An element never names the class of
    an unknown its ruling was made without."""
    active = active or [frozenset(range(len(split)))] * len(combos)
    firings, fmaps = _firings(rulings)
    every = frozenset(range(len(combos)))
    as_text = any(knowledge.vocabulary.templates[u.template].slots[u.slot].type == "card" for u in split)
    # the elements of each combination, by what they say; and by what they say with the unknown value unnamed
    general: dict = {}
    keyed = []  # each combination's elements with their keys; the same said twice (two productions) stays twice
    plain: dict = {}  # id(element) -> _element_key(element), each worked out once
    numbers: dict = {}  # each key -> a number standing for it in the dicts below (hashed once)
    for ci, r in enumerate(rulings):
        reps = _subs(knowledge, split, combos[ci], active[ci])
        seen: dict = {}
        row = []
        for e in r.elements:
            # said under a choice not yet made in one class and plainly in another: two things (the choice's
            # condition joins the class's where it is made)
            chosen = tuple(sorted([(u.option, u.fact, u.choice) for u in e.provisional if u.option])) \
                if e.provisional else ()
            p = plain.get(id(e))
            if p is None:
                p = plain[id(e)] = _element_key(e, as_text=as_text)
            k = numbers.setdefault((p, chosen), len(numbers))  # nothing to unname: the same key
            g = numbers.setdefault((_element_key(e, reps, p, as_text), chosen), len(numbers)) if reps else k
            n = seen[k] = seen.get(k, 0) + 1
            m = seen[("g", g)] = seen.get(("g", g), 0) + 1  # two elements alike once unnamed stay two (67B2)
            k, g = (k, n), (g, m)
            row.append((k, g, e))
            general.setdefault(g, {}).setdefault(k, set()).add(ci)
        keyed.append(row)
    unnamed = []  # for each combination, whether each element is said once unnamed
    wide = any(len(values) > 1 for u in split for _, values in u.classes)
    for ci, r in enumerate(rulings):
        # a class of several values is ruled by its first: an element naming that value names the class
        several = [x for x, (u, i) in zip(_subs(knowledge, split, combos[ci], active[ci], True), zip(split, combos[ci]))
                   if x is not None and len(u.classes[i][1]) > 1] if wide else ()
        unnamed.append([len(general[g]) > 1 or bool(several and _element_key(e, several, plain[id(e)], as_text) != plain[id(e)])
                        for k, g, e in keyed[ci]])
    # an element said as it is holds where it is said so, not where the same words were said unnamed (North
    # calls next when North deals is "the dealer calls next"; when West deals, North calls next as such)
    raw = {}
    for ci, row in enumerate(keyed):
        for (k, _, _), u in zip(row, unnamed[ci]):
            if not u:
                raw.setdefault(k, set()).add(ci)
    items = []
    for ci, r in enumerate(rulings):
        row = []
        for (k, g, e), u in zip(keyed[ci], unnamed[ci]):
            if u:  # differs only by naming the unknown value: said once, naming what is known
                where = frozenset().union(*general[g].values())
                row.append((("g", g), ci, e, where, True))
            else:
                row.append((("r", k), ci, e, frozenset(raw[k]), False))
        items.append(row)
    merged, _ = _interleave(items, key=lambda x: x[0])
    elements = []
    memo: dict = {}  # (unknown, classes, language) -> its condition in words (_condition); combinations -> _when
    for key, ci, e, where, generalized in merged:
        e = _copy(e, how=[fmaps[ci][n - 1] + 1 for n in e.how])
        if generalized:
            e = _unnamed(knowledge, e, split, combos, where, ci, active[ci])
        extra = choice_conditions(knowledge, e.provisional)
        if where != every or extra:
            e.when = _when(knowledge, split, combos, where, extra, memo)
        elements.append(e)
    first = rulings[0]
    questions = _questions(knowledge, split, combos, rulings, elements)
    out = _copy(first, elements=elements, firings=firings, open_questions=questions,
                  not_encoded=list({n.cite: n for r in rulings for n in r.not_encoded}.values()),
                  result=_result(knowledge, split, combos, rulings, memo))
    out.possible = _possible_json(knowledge, split, bounded, len(combos))
    from ..announce import announce, in_auction  # what the director tells the table, from the merged elements
    return announce(knowledge, out, not first.result and in_auction(first.working or ()))  # and result


PRINTED = ("seat", "suit", "card", "int")  # the types an element may name the unknown value of, to be said once unnamed


def _subs(knowledge, split: list, combo: tuple, at: frozenset | None = None, aligned: bool = False) -> list:
    """(slot type, the value ruled, slot) of each unknown of one combination whose value an element may name
    (``at``: the unknowns the ruling was made with a value of; ``aligned``: None for each other, one item per
    unknown)."""
    out = []
    for j, (u, i) in enumerate(zip(split, combo)):
        t = knowledge.vocabulary.templates[u.template].slots[u.slot].type
        if t in PRINTED and (at is None or j in at):
            out.append((t, u.classes[i][0], u.slot))
        elif aligned:
            out.append(None)
    return out


def _names(t: str, arg: str, slot: str) -> bool:
    """Whether an element's argument ``arg`` may name the unknown value of a slot of type ``t``: a number only
    by the slot's own name (a trick: ``trick``), never a count that happens to be equal."""
    return t != "int" or arg == slot


def _element_key(e, subs: list | None = None, plain=None, as_text: bool = False):
    """What an element says, for telling elements apart; with ``subs`` (``_subs``), an argument holding the
    unknown's value counts as the unknown, whatever its value, and the words that name it go (a card's name is
    taken out of the words wherever it is said, its choices' consequences too: ``as_text``, where an unknown is
    a card, the key is the words ``_key`` writes; else ``_frozen``'s tuple)."""
    if plain is not None and not subs:
        return plain  # ``plain``: _element_key(e), nothing to substitute
    args = dict(e.args)
    for t, rep, slot in subs or ():
        if t != "card":
            args = {k: ("<unknown>" if v == rep and not isinstance(v, bool) and _names(t, k, slot) else v)
                    for k, v in args.items()}
    if plain is not None and args == e.args and not any(t == "card" for t, _, _ in subs or ()):
        return plain  # ``plain``: _element_key(e), the same where nothing is substituted
    text = e.text if args == e.args else None
    said = [e.kind, e.cite, args, text, e.options, e.about]  # which production of the law said it aside
    if not as_text:  # the options (deep, seldom there) in _key's words
        return (e.kind, e.cite, _frozen(args), _frozen(text), _key(e.options) if e.options else e.options, e.about)
    out = _key(said)
    for t, rep, _ in subs or ():
        if t == "card":
            out = out.replace(V.render_card(rep), "<unknown>").replace(f'"{rep}"', '"<unknown>"')
    return out


def _unnamed(knowledge, e, split, combos, where, ci, at: frozenset | None = None):
    """An element that differs only by naming the unknown value, said once: the value as what is known of it
    (``at``: the unknowns the ruling of combination ``ci`` was made with a value of)."""
    args = dict(e.args)
    cards = []
    for j, u in enumerate(split):
        t = knowledge.vocabulary.templates[u.template].slots[u.slot].type
        if t not in PRINTED or at is not None and j not in at:
            continue
        reps = {u.classes[combos[c][j]][0] for c in where}
        values = tuple(x for cls in u.classes for x in cls[1] if cls[0] in reps)
        label = _label_of(knowledge, u, values, whole=True)
        rep = u.classes[combos[ci][j]][0]
        key = "seat.not_known" if t == "seat" and u.written == NOT_KNOWN and \
            set(values) == {x for cls in u.classes for x in cls[1]} else None
        if t == "card":
            cards.append((rep, label))
            continue
        for k, v in args.items():
            if v == rep and not isinstance(v, bool) and _names(t, k, u.slot):
                args[k] = Among(values, {lang: inflect(key, "nom", lang) for lang in LANGS} if key else label, key)
    text, options = e.text, e.options
    if any(isinstance(v, Among) for v in args.values()):
        prod = knowledge.production(e.production)
        spec = next((x for x in prod.then if x.kind == e.kind), None)
        own = _own_text(knowledge.vocabulary, spec, prod) if spec is not None else None
        if own is not None and e.text == render_element(knowledge, e.kind, e.args, None):
            own = None
        text = render_element(knowledge, e.kind, args, own)
    for rep, label in cards:
        def put(x, lang=None):
            if isinstance(x, dict):
                return {k: put(v, k if k in LANGS else lang) for k, v in x.items()}
            if isinstance(x, list):
                return [put(v, lang) for v in x]
            if isinstance(x, str) and lang:
                return x.replace(V.render_card(rep), label[lang])
            return None if x == rep else x
        text, options = put(text), put(options)
        args = {k: (None if v == rep else v) for k, v in args.items()}
    return replace(e, args={k: (None if isinstance(v, Among) else v) for k, v in args.items()}, text=text,
                   options=options)


def _label_of(knowledge, u: Unknown, values: tuple, whole: bool = False) -> dict:
    """Values of an unknown slot in words: what was written where they are all it leaves ("a defender", "not
    known"), else the values ("12", "1–11", "East or West", "♠x"); worked out once for the same unknown and
    values (per vocabulary, as run/record.py's HOW lines: a fresh dict each call)."""
    return dict(remembered(knowledge.vocabulary, "_unknown_labels", (u, values, whole),
                           lambda: _labelled(knowledge, u, values, whole), knowledge.memos.texts))


def _labelled(knowledge, u: Unknown, values: tuple, whole: bool) -> dict:
    slot = knowledge.vocabulary.templates[u.template].slots[u.slot]
    everything = tuple(x for cls in u.classes for x in cls[1])
    if whole and set(values) == set(everything):
        if u.written == NOT_KNOWN:
            card = slot.type == "card"
            return {lang: word("possible.not_known_card" if card else "possible.not_known", lang) for lang in LANGS}
        if u.written[0] == "name":
            return dict(knowledge.vocabulary.partly_known[slot.type][u.written[1]].label)
        if u.written[0] == "versions":
            return both("possible.either_version")
    out = {}
    for lang in LANGS:
        if slot.type == "int":
            runs: list = []
            for v in sorted(values):
                # an edge of a number too wide to list stands for the numbers up to the next edge
                top = v if not u.edges else (u.edges[u.edges.index(v) + 1] - 1 if u.edges[u.edges.index(v) + 1]
                                             is not None and v != u.edges[-2] else u.edges[-1])
                if not runs or v != runs[-1][1] + 1:
                    runs.append([v, top])
                else:
                    runs[-1][1] = top
            said = [str(a) if a == b else (word("possible.or_more", lang, n=a) if b is None else f"{a}–{b}")
                    for a, b in runs]
        elif slot.type == "card" and len(values) > 2:
            ranks = {c[1:] for c in values}
            form = next((f for f in knowledge.vocabulary.partly_known.get("card", {}).values()
                         if f.ranks and set(f.ranks) == ranks), None)
            suits = [V.SUIT_SYMBOLS[s] for s in dict.fromkeys(c[0] for c in values)]
            said = [f"{s} ({form.label[lang]})" if form else s + "x" for s in suits]
        else:
            said = [slot.label_of(v, lang) for v in values]
        out[lang] = word("possible.or", lang).join(said)
    return out


def _when(knowledge, split, combos, where, extra: list = (), memo: dict | None = None) -> dict:
    """The condition under which an element holds: the combinations ``where`` in words, by slot, and with each,
    the ``extra`` conditions (provisional.choice_conditions: a choice still to be made) [(text, case)].  With no
    ``extra``, the same combinations are said once (``memo``: an element or a result line given it reads it,
    never changes it)."""
    if not extra and memo is not None:
        if where not in memo:  # and per vocabulary: the same unknowns and combinations are said alike
            memo[where] = remembered(knowledge.vocabulary, "_conditions_said", (tuple(split), tuple(combos), where),
                                     lambda: _said_when(knowledge, split, combos, where, (), memo), knowledge.memos.texts)
        return memo[where]
    return _said_when(knowledge, split, combos, where, extra, memo)


def _said_when(knowledge, split, combos, where, extra, memo: dict | None) -> dict:
    per_slot = [sorted({combos[ci][j] for ci in where}) for j in range(len(split))]
    cross = {c for c in product(*per_slot)}
    alts = [[combos[ci] for ci in sorted(where)]] if cross != {combos[ci] for ci in where} else None
    conds = []
    if alts is None:
        for j, u in enumerate(split):
            if len(per_slot[j]) < len(u.classes):
                conds.append([(u, per_slot[j])])
        ways = [[c for c in conds for c in c]]
    elif any(_told(u) for u in split):  # each side's story whole
        ways = [[(u, [combo[j]]) for j, u in enumerate(split)] for combo in alts[0]]
    else:
        ways = [[(u, sorted(cube[j])) for j, u in enumerate(split) if len(cube[j]) < len(u.classes)]
                for cube in _cubes(split, combos, where)]
    text = {}
    for lang in LANGS:
        said = []
        for way in ways:
            said.append(word("possible.and", lang).join(_story(knowledge, way, lang)
                                                        + [_condition(knowledge, u, idx, lang, memo) for u, idx in way
                                                           if not _told(u) or not _story(knowledge, way, lang)]
                                                        + [t[lang] for t, _ in extra]))
        text[lang] = word("possible.if", lang, condition=word("possible.or_else", lang).join(said))
    return {"text": text, "cases": [[{"fact": u.fact, "template": u.template, "slot": u.slot,
                                      "values": [v for i in idx for v in u.classes[i][1]]} for u, idx in way]
                                    + [dict(c) for _, c in extra] for way in ways]}


def _cubes(split, combos, where) -> list[list[set]]:
    """The combinations ``where`` as few conditions as a greedy cover finds, each a class set per slot that holds
    no other combination ruled (a combination the incident rules out may fall in one): "if all four hands were
    returned; or if the trick is 1–11 or 13", never each combination one by one."""
    inside = [combos[ci] for ci in sorted(where)]
    outside = [c for ci, c in enumerate(combos) if ci not in where]

    def clean(cube) -> bool:
        return not any(all(x in cube[j] for j, x in enumerate(c)) for c in outside)
    cubes: list = []
    for combo in inside:
        if any(all(x in cube[j] for j, x in enumerate(combo)) for cube in cubes):
            continue
        cube = [{x} for x in combo]
        for j, u in enumerate(split):
            for k in range(len(u.classes)):
                if k not in cube[j]:
                    cube[j].add(k)
                    if not clean(cube):
                        cube[j].discard(k)
        cubes.append(cube)
    return cubes


def _told(u: Unknown) -> bool:
    """Whether ``u`` is a slot the two sides tell differently (Law 85: ``{versions: {NS: ..., EW: ...}}``)."""
    return u.written != NOT_KNOWN and u.written[0] == "versions"


def _story(knowledge, way, lang: str) -> list[str]:
    """The slots told two ways in one condition, said as one side's version when they are all that side's:
    ["North-South's version is right (how: ...; what followed: ...)"]; else []."""
    told = [(u, idx) for u, idx in way if _told(u)]
    sides = None
    for u, idx in told:
        values = {v for i in idx for v in u.classes[i][1]}
        got = {side for side, v in u.written[1] if v in values}
        sides = got if sides is None else sides & got
    if not told or not sides or len(sides) != 1:
        return []
    side = next(iter(sides))
    details = "; ".join(
        word("possible.version_detail", lang, what=knowledge.vocabulary.templates[u.template].slots[u.slot].title(lang),
             value=knowledge.vocabulary.templates[u.template].slots[u.slot].label_of(dict(u.written[1])[side], lang))
        for u, _ in told)
    return [word("possible.version_story", lang, side=word(f"side.{side}", lang), details=details)]


def _condition(knowledge, u: Unknown, idx: list, lang: str, memo: dict | None = None) -> str:
    """``u`` having one of the values of its classes ``idx``, in words (``memo``: the conditions worked out)."""
    if memo is None:
        return _conditioned(knowledge, u, idx, lang)
    key = (u, tuple(idx), lang)
    if key not in memo:
        memo[key] = _conditioned(knowledge, u, idx, lang)
    return memo[key]


def _conditioned(knowledge, u: Unknown, idx: list, lang: str) -> str:
    slot = knowledge.vocabulary.templates[u.template].slots[u.slot]
    values = tuple(v for i in idx for v in u.classes[i][1])
    what = slot.title(lang)
    if u.written != NOT_KNOWN and u.written[0] == "versions":  # "North-South's version (how: ...) is right"
        told = [word("possible.version", lang, side=word(f"side.{side}", lang), what=what,
                     value=slot.label_of(v, lang)) for side, v in u.written[1] if v in values]
        return word("possible.version_right", lang, versions=word("possible.or", lang).join(told))
    if slot.type == "calls" and u.written != NOT_KNOWN:  # a call whose seat is not known (?:2S): who made it
        return _call_by(u.written[1], values, lang)
    phrase = (slot.said or {}).get(lang)  # the slot's own clause (G7): «на фальшренонс впервые обратили внимание …»
    if phrase and u.written == NOT_KNOWN and slot.type not in ("int", "card"):
        return phrase.replace("{value}", word("said.or", lang).join(slot.label_of(v, lang) for v in values))
    return word("possible.is", lang, what=what, values=_label_of(knowledge, u, values)[lang])


def _call_by(auctions: tuple, values: tuple, lang: str) -> str:
    """The auctions a call whose seat is not known (``?:2S``) may be, said as who made that call: "North or East
    made the 2♠ (call 1)"; a call of each such place where there are two."""
    told = [a.split() for a in auctions]
    if len({len(t) for t in told}) > 1:  # a call made or not (P?): the auction with it, and without
        made = max(told, key=len)
        n = next(n for n, (a, b) in enumerate(zip(made, min(told, key=len) + [None])) if a != b)
        seat, _, call = made[n].partition(":")
        said = [word("possible.call_made" if len(v.split()) == len(made) else "possible.call_not_made", lang, n=n + 1,
                     seat=V.SEAT_LABELS[seat][lang] if seat in V.SEATS else "?", call=V.render_call(call, lang))
                for v in values]
        return word("possible.or", lang).join(said)
    said = []
    for n in (n for n in range(len(told[0])) if len({t[n] for t in told}) > 1):
        seats = list(dict.fromkeys(v.split()[n].partition(":")[0] for v in values))
        said.append(word("possible.call_by", lang, n=n + 1, call=V.render_call(told[0][n].partition(":")[2], lang),
                         seats=word("possible.or", lang).join(V.SEAT_LABELS[s][lang] for s in seats)))
    return word("possible.and", lang).join(said)


def _firings(rulings: list[Ruling]) -> tuple[list, list[dict]]:
    """Every combination's firings, each once (by production, facts used and what it derived), renumbered."""
    keys: dict = {}  # id(firing) -> its key: rulings made alike (alike.py's retold) share their firings
    numbers: dict = {}  # each key -> a number standing for it (the merge's dicts hash a number, not the key)

    def key(f):
        got = keys.get(id(f))
        if got is None:
            # a production's tested slots come in its conditions' order: as they are, they tell firings of one
            # production apart (a value that cannot be a key: as _frozen writes it)
            got = f.production, tuple([(u.template, u.id, tuple(u.slots.items())) for u in f.facts]), tuple(f.derived)
            try:
                got = numbers.setdefault(got, len(numbers))
            except TypeError:
                got = f.production, tuple([(u.template, u.id, _frozen(u.slots)) for u in f.facts]), tuple(f.derived)
                got = numbers.setdefault(got, len(numbers))
            keys[id(f)] = got
        return got
    merged, maps = _interleave([[(ci, f) for f in r.firings] for ci, r in enumerate(rulings)], lambda x: key(x[1]))
    return [_copy(f, n=n, rests_on=[maps[ci][k - 1] + 1 for k in f.rests_on])
            for n, (ci, f) in enumerate(merged, 1)], maps


def _questions(knowledge, split, combos, rulings, elements) -> list:
    """Each combination's open questions once; and first, each unknown whose answer changes the ruling, with
    the laws of the elements that depend on it."""
    out, seen = [], set()
    vocab = knowledge.vocabulary
    for j, u in enumerate(split):
        why = []
        for e in elements:
            if e.when and any(c["fact"] == u.fact and c["slot"] == u.slot for way in e.when["cases"] for c in way):
                entry = {"production": e.production, "cite": e.cite, "summary": _waiting(knowledge.production(e.production))}
                if entry not in why:
                    why.append(entry)
        s = vocab.templates[u.template].slots[u.slot]
        if why and s.question:
            out.append(OpenQuestion(u.template, u.slot, u.fact, dict(s.question), s.judgment, why))
            seen.add((u.fact, u.slot))
    for r in rulings:
        for q in r.open_questions:
            if (q.fact, q.slot) not in seen:
                seen.add((q.fact, q.slot))
                out.append(q)
    return out


def _result(knowledge, split, combos, rulings, memo: dict | None = None):
    """The board's result: the same under every combination, or each combination's (grouped by its line)."""
    results = [r.result for r in rulings]
    lines: dict = {}
    for ci, res in enumerate(results):
        lines.setdefault(_frozen(res.text if res else None), []).append(ci)
    if len(lines) == 1:
        return results[0]
    base = next((r for r in results if r is not None), None)
    text = {}
    whens = [_when(knowledge, split, combos, frozenset(cis), memo=memo)["text"] for cis in lines.values()]
    for lang in LANGS:
        told = []
        for cis, when in zip(lines.values(), whens):
            res = results[cis[0]]
            line = res.text[lang] if res else word("possible.no_result", lang)
            told.append(f"{when[lang]}: {line}")
        text[lang] = "; ".join(told)
    same = {k: getattr(base, k) for k in ("contract", "declarer", "tricks", "table_tricks", "made", "score")
            if len({_frozen(getattr(r, k, None)) for r in results}) == 1}
    return replace(base, text=text, **{k: same.get(k) for k in ("contract", "declarer", "tricks", "table_tricks",
                                                                "made", "score")},
                   steps=[], status="depends" if len({r.status if r else None for r in results}) > 1 else base.status)


def _possible_json(knowledge, split, bounded, combinations: int) -> dict:
    """What the ruling says of its unknowns: each slot split and its classes, how many combinations were
    ruled, and the slots left not known once MAX_COMBINATIONS was reached."""
    def slot(u: Unknown, classes: bool) -> dict:
        return {"fact": u.fact, "template": u.template, "slot": u.slot, "left_out": u.left_out,
                **({"classes": [{"values": list(vs), "text": _label_of(knowledge, u, vs)} for _, vs in u.classes]}
                   if classes else {})}
    return {"slots": [slot(u, True) for u in split], "combinations": combinations,
            "bounded": [slot(u, False) for u in bounded], "limit": MAX_COMBINATIONS}


def _waiting(prod) -> dict:
    """What a production waiting on an answer says: a choice's, on the choice still to be made (read/choices.py)."""
    return prod.waiting or prod.summary
