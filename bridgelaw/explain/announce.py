"""The announcement: what the director tells the table now, built from the ruling's elements by data.

``announce(knowledge, ruling)`` runs last, over a finished Ruling (elements, options, result), and sets:

- each element's ``past``: its moment has passed (the kind's ``past_with`` names a kind the ruling also holds:
  68D's "play is suspended" once the claim is settled; agreeing on the arguments ``past_with_same`` names: a
  penalty card once that card is picked up); kept in the data, not printed;
- ``ruling.decisive``: the element read first, the one of the lowest ``announce`` number in the vocabulary (an
  open choice, then what settles the board, then what a player must now do, then who calls or leads next);
- ``ruling.announcement`` {ru, en}: one or two sentences to read aloud: who chooses what now (an open choice,
  words ``announce.choose``), else what happens next (the standard words of the one or two first announced
  kinds); a ruling with none says its first element, or that no rule applies;
- ``ruling.outcome`` {ru, en}: the line after it, the board's result line or that play (``in_auction``: the
  auction) continues.
"""
from __future__ import annotations

from ..model import Knowledge
from ..run.record import render_element
from ..words import LANGS, word
from .ruling import Ruling, RulingElement



def in_auction(working) -> bool:
    """Whether the working facts of a ruling are those of an auction still going on (calls, and no end)."""
    return not any(f.template == "auction_over" for f in working) and any(f.template == "call" for f in working)


def announce(knowledge: Knowledge, ruling: Ruling, in_auction: bool = False) -> Ruling:
    kinds = knowledge.vocabulary.elements
    for e in ruling.elements:
        same = kinds[e.kind].past_with_same
        e.past = any(o.kind in kinds[e.kind].past_with and all(o.args.get(a) == e.args.get(a) for a in same)
                     for o in ruling.elements)
    # by rank; of one rank in reading order, except what happens now (place: last), of which the last is so
    unmade = _unmade(ruling)
    ranked = sorted((kinds[e.kind].announce, -i if kinds[e.kind].place == "last" else i, i)
                    for i, e in enumerate(ruling.elements)
                    if not e.past and kinds[e.kind].announce is not None and not _chosen(e)
                    and not _rests_on(e, unmade))
    ruling.decisive = ranked[0][2] if ranked else None
    said: list[dict] = []
    for _, _, i in ranked:
        e = ruling.elements[i]
        text = (_choose(knowledge, e) if (e.options or {}).get("choices") else dict(e.text)) if e.kind == "option" \
            else _standard(knowledge, e)
        if e.when:  # said under the possibilities of what is not known that give it (explain/possible/)
            text = {lang: f"{e.when['text'][lang][:1].upper()}{e.when['text'][lang][1:]}: {t}" for lang, t in text.items()}
        if not all(text.values()) or text in said:
            continue
        said.append(text)
        if e.kind == "option" or len(said) == 2 or kinds[e.kind].announce == 1:
            break
    if not said:  # no element names what happens now: the laws not encoded, or the first element
        said = [ruling.not_encoded[0].text] if ruling.not_encoded else \
            [ruling.elements[0].text] if ruling.elements else [{lang: word("ruling.none", lang) for lang in LANGS}]
    ruling.announcement = {lang: " ".join(s[lang] for s in said) for lang in LANGS}
    ruling.outcome = _outcome(ruling, in_auction)
    return ruling


def _unmade(ruling: Ruling) -> set:
    """The facts whose choice the auction left unmade (explain/assemble.py, _left_unmade)."""
    return {ruling.firings[e.how[-1] - 1].facts[0].id for e in ruling.elements
            if (e.options or {}).get("unmade") and e.how}


def _rests_on(e: RulingElement, unmade: set) -> bool:
    """Whether an element is said only under a choice that can no longer be made: nothing to tell the table."""
    cases = (e.when or {}).get("cases") or []
    return bool(unmade) and bool(cases) and all(
        any(c.get("template") == "choice" and c.get("fact") in unmade for c in case) for case in cases)


def _chosen(e: RulingElement) -> bool:
    """A choice made, or one the auction left unmade and that can no longer be made: nobody is told to choose."""
    return bool((e.options or {}).get("chosen") or (e.options or {}).get("unmade"))


def _standard(knowledge: Knowledge, e: RulingElement) -> dict:
    """The kind's own words for the element (a production's words added after them are the ruling's, not the
    announcement's); the element's text where the kind has none."""
    standard = render_element(knowledge, e.kind, e.args, None)
    return {lang: standard[lang] or e.text[lang] for lang in LANGS}


def _choose(knowledge: Knowledge, e: RulingElement) -> dict:
    """Who chooses and among what: 'The choice is for declarer (South): accept the lead, or refuse it.'"""
    who = {lang: t.rstrip(".") for lang, t in _standard(knowledge, e).items()}
    said = {lang: [word("ruling.choice", lang, label=ch["label"][lang]) for ch in e.options["choices"]] for lang in LANGS}
    return {lang: word("announce.choose", lang, who=who[lang], choices=_or(said[lang], lang)) for lang in LANGS}


def _or(choices: list, lang: str) -> str:
    """«A», «B» или «C»: the last two joined by "or", those before by commas (in English each by ", or")."""
    if len(choices) < 3 or lang == "en":
        return word("announce.or", lang).join(choices)
    return word("announce.or", lang).join([", ".join(choices[:-1]), choices[-1]])


def _outcome(ruling: Ruling, in_auction: bool) -> dict:
    """The line after the announcement: the result line, or that the board goes on (the auction, while it lasts)."""
    if ruling.result:
        return {lang: ruling.result.render(lang)[0] for lang in LANGS}
    return {lang: word("announce.auction_continues" if in_auction else "announce.play_continues", lang)
            for lang in LANGS}
