"""What the story told asks for though no production waits on it: the vocabulary's ``tells`` and ``asked_when``.

An event "a choice made" (the offender's LHO refused a call out of rotation before the director came, T04 (c)) is
table state: a fact the ruling starts from, though no ruling offers that choice now.  The event's ``kind`` says it
``tells`` a fact of another template (``choice``): one is stated for each event so told, and its slots the
declaration ``asks`` are asked (which choice, what was chosen), with every option the vocabulary has, not only
those on offer.  A slot ``asked_when`` another slot of its fact holds one of some values (the event's
``after_call``, for a choice made) is asked as a required one: the auction's reader reads it (read/story.py).
Used by the interview (told.py states the facts, choosing.py asks the slots, asking.py the options)."""
from __future__ import annotations

from typing import Callable


_TELLERS: dict = {}  # id(vocabulary) -> (that vocabulary, its tellers)


def tellers(vocab) -> list[tuple[str, str, dict]]:
    """(template, slot, tells) of each slot that declares ``tells``, in vocabulary order (found once)."""
    kept = _TELLERS.get(id(vocab))
    if kept is None or kept[0] is not vocab:
        kept = _TELLERS[id(vocab)] = (vocab, [(t.name, s.name, s.tells) for t in vocab.templates.values()
                                              for s in t.slots.values() if s.tells])
    return kept[1]


def state_told(vocab, st, new_fact: Callable[[object, str], str]) -> None:
    """Each fact whose slot value ``tells`` another template comes with a fact of it: where fewer are stated than
    the facts telling them, the rest are stated (empty; ``st.told`` maps each to the fact that told it).  Run
    after each answer, so that a told fact is stated before its slots are answered."""
    for template, slot, tells in tellers(vocab):
        telling = [fid for fid, (t, vals) in st.facts.items() if t == template and vals.get(slot) in tells]
        for fid in telling:
            told = tells[st.facts[fid][1][slot]]["template"]
            if fid in st.told.values() or told in st.closed:
                continue
            have = sum(1 for t, _ in st.facts.values() if t == told)
            if have >= sum(1 for f in telling if tells[st.facts[f][1][slot]]["template"] == told):
                continue  # the director told it already (a choice the ruling offered, stated as made)
            st.told[new_fact(st, told)] = fid


def asked_anyway(vocab, st) -> set[tuple[str, str, str]]:
    """(fact, template, slot) of the slots asked though no production waits on them, not yet answered: those
    ``asked_when`` their fact's other slot holds one of its values, and those a told fact's declaration asks."""
    out = set()
    for fid, (t, vals) in st.facts.items():
        for name, s in vocab.templates[t].slots.items():
            if s.asked_when and any(vals.get(o) in (v if isinstance(v, list) else [v]) for o, v in s.asked_when.items()):
                out.add((fid, t, name))
    for fid, by in st.told.items():
        if fid not in st.facts or by not in st.facts:
            continue
        bt, bvals = st.facts[by]
        for s in vocab.templates[bt].slots.values():
            told = (s.tells or {}).get(bvals.get(s.name))
            if told is not None:
                out |= {(fid, told["template"], name) for name in told.get("asks") or ()}
    return {(fid, t, slot) for fid, t, slot in out
            if st.facts[fid][1].get(slot) is None and (fid, slot) not in st.settled}
