"""The Ruling: what the engine answers, as data, and how it reads in ru/en.

A Ruling holds the ruling elements in firing order (each with its citation,
its text in Russian and English, and HOW: the firings it rests on), every
firing (production, cite, the facts it used, what it derived) and the open
questions (unknown facts that could change the ruling, each with WHY: the
productions waiting on it), and the board's result (explain/result.py), which
``render`` puts first.  ``to_dict()`` is the JSON form, one shape for
every client (explain/ruling_json.py, with its schema); ``render(lang)`` is
the text a director reads.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..words import word


@dataclass
class FactUse:
    """A fact a firing matched: template, fact id, the slot values its patterns tested."""

    template: str
    id: str
    slots: dict
    text: dict = field(default_factory=dict)  # {ru, en}: the fact as a director reads it


@dataclass
class Firing:
    """One production firing, numbered from 1 in firing order."""

    n: int
    production: str
    cite: str
    summary: dict
    facts: list
    derived: list = field(default_factory=list)  # fact ids asserted
    rests_on: list = field(default_factory=list)  # numbers of firings that derived the facts used
    derived_text: list = field(default_factory=list)  # the derived facts in words ({ru, en} each)


@dataclass
class RulingElement:
    """One structured element of the ruling (e.g. transfer_tricks {count, from_side, to_side})."""

    kind: str
    args: dict
    cite: str
    production: str
    text: dict  # {ru, en}
    how: list  # firing numbers, the producing firing last
    about: str = ""  # the fact it is about, when the incident holds several of its kind (e.g. two revokes)
    label: dict = field(default_factory=dict)  # {ru, en}: the kind's name (facts/vocabulary/)
    subject: dict = field(default_factory=dict)  # {ru, en}: that fact in words («фальшренонс Востока»)
    options: dict | None = None  # an option's {option, chooser, choices: [{value, label, consequences}]}
    provisional: list = field(default_factory=list)  # [Unless]: open answers that would remove or change it
    when: dict | None = None  # under which possibilities of what is not known it holds (explain/possible/):
    #                           {text {ru, en}, cases: [[{fact, template, slot, values}]]}; None: whatever they are
    past: bool = False  # its moment has passed when the director rules (explain/announce.py): not printed


@dataclass
class OpenQuestion:
    """An unknown fact that could change the ruling, and the productions waiting on it (WHY)."""

    template: str
    slot: str
    fact: str
    question: dict
    judgment: bool
    why: list  # [{production, cite, summary}]
    about: str = ""  # the fact, when the incident holds several of its kind
    subject: dict = field(default_factory=dict)  # {ru, en}: that fact in words


def choice_items(options: dict | None, lang: str) -> list[tuple[str, str]]:
    """An option's choices as (``if X is chosen``, what follows from it), as the director reads them to the chooser;
    a choice that offers the next choice (nested) says that choice's choices after it, in brackets."""
    key = "ruling.chosen" if (options or {}).get("chosen") else "ruling.choice"
    return [(_choice(key, ch, lang), _said_once(options, ch, lang)
             or " ".join(_follows(c, lang) for c in ch["consequences"]) or word("ruling.nothing_follows", lang))
            for ch in (options or {}).get("choices", ())]


def _said_once(options: dict | None, choice: dict, lang: str) -> str:
    """What follows from a choice already made, said once: the production of that choice fired and gave
    each of its consequences as an element of the ruling (with its law), so the option names the choice
    and points to them instead of repeating their words ('' while the choice is still to be made)."""
    return word("ruling.follows_below", lang) if (options or {}).get("chosen") and choice["consequences"] else ""


def _choice(key: str, choice: dict, lang: str) -> str:
    """A choice as the director reads it out, with the subsection that says what follows from it."""
    cite = next((c["cite"] for c in choice["consequences"] if c.get("cite")), None)
    return word(key, lang, label=choice["label"][lang]) + (f" [{cite}]" if cite else "")


def _follows(consequence: dict, lang: str) -> str:
    """A consequence in words, with the choices it offers in turn (nested), each in brackets."""
    return " ".join([consequence["text"][lang]] + [f"({when}: {then})" for when, then
                                                   in choice_items(consequence.get("options"), lang)])


def choice_tree(options: dict | None, lang: str) -> list[tuple[str, str, list]]:
    """The choices of ``choice_items`` as a tree: (the choice, what follows from it, the choices that offers
    in turn (nested)); a choice already made offers none here, its options being elements below."""
    key = "ruling.chosen" if (options or {}).get("chosen") else "ruling.choice"
    tree = []
    for ch in (options or {}).get("choices", ()):
        once = _said_once(options, ch, lang)
        then = once or " ".join(c["text"][lang] for c in ch["consequences"]) or word("ruling.nothing_follows", lang)
        nested = [] if once else [t for c in ch["consequences"] for t in choice_tree(c.get("options"), lang)]
        tree.append((_choice(key, ch, lang), then, nested))
    return tree


def choice_lines(options: dict | None, lang: str, depth: int = 0) -> list[str]:
    """The choices of ``choice_tree`` as indented lines of the ruling's text, a nested choice under its own."""
    def lines(tree: list, depth: int) -> list[str]:
        pad = "     " + "   " * depth
        return [line for when, then, nested in tree for line in [f"{pad}- {when}: {then}"] + lines(nested, depth + 1)]
    return lines(choice_tree(options, lang), depth)


@dataclass(frozen=True)
class NotEncoded:
    """A law the incident reaches that the knowledge does not encode yet, and the sentence saying so."""

    cite: str
    title: dict  # {ru, en}: what it is about
    text: dict  # {ru, en}: "Law 54 (opening lead out of turn) is not encoded yet: rule from the law book."


@dataclass
class Ruling:
    incident: str  # the title (English) or the incident's name: the JSON's ``incident``
    elements: list
    firings: list
    open_questions: list
    title: dict = field(default_factory=dict)  # {ru, en}: the heading in each language, when known
    result: object = None  # the board's result (explain/result.py Result), None when the ruling settles no tricks
    not_encoded: list = field(default_factory=list)  # [NotEncoded]
    conflicts: list = field(default_factory=list)  # stated facts the cards contradict, for the director:
    #                                                  [{template, fact, slot, stated, shown, text: {ru, en}}]
    claim_lines: dict | None = None  # a claim's lines by double dummy (explain/evidence.py): evidence beside 70D1
    revoke_tricks: list = field(default_factory=list)  # 64C's double-dummy reference per revoke: beside 64C1
    regulations: dict | None = None  # the Regulating Authority it was made under (read/regulations.py regulated)
    amendments: list = field(default_factory=list)  # the dated texts it used (read/regulations.py amendments_used)
    board: dict | None = None  # the cards given (read/cards.py _board): the faces show the hands and tricks
    possible: dict | None = None  # the slots not known, ruled under each class (explain/possible/); None: none
    announcement: dict = field(default_factory=dict)  # {ru, en}: what the director tells the table now (announce.py)
    outcome: dict = field(default_factory=dict)  # {ru, en}: the line after it: the result line, or "play continues"
    decisive: int | None = None  # the index in elements of the element read first
    working: list | None = field(default=None, repr=False, compare=False)  # the facts it was made from, derived
    #                                             too (explain/possible/ scores each value of a class from them)

    def shown(self) -> list:
        """The elements as printed: the decisive one first, then the others in reading order; one whose moment
        has passed is not printed."""
        first = [self.elements[self.decisive]] if self.decisive is not None else []
        return first + [e for i, e in enumerate(self.elements) if i != self.decisive and not e.past]

    def to_dict(self) -> dict:
        from .ruling_json import ruling_json
        return ruling_json(self)

    def grouped(self, lang: str) -> list[tuple]:
        """The elements as a director reads them: one line for the same words about several facts (two
        revokes), with the facts it concerns: [(element, [about, ...])]."""
        return _grouped(self.shown(), lambda e: (e.cite, e.text[lang], tuple(choice_items(e.options, lang)),
                                                 e.when["text"][lang] if e.when else None), lang)

    def joint(self, e: RulingElement, abouts) -> bool:
        """Whether a line about several facts says one thing of them together (64C2(b): both sides' revokes; its
        firing read them all), not the same thing of each (63B: each revoke is established)."""
        firing = next((f for f in self.firings if e.how and f.n == e.how[-1]), None)
        ids = getattr(abouts, "ids", ())
        return len(ids) < 2 or (firing is not None and set(ids) <= {u.id for u in firing.facts})

    def kinds(self) -> list[str]:
        return [e.kind for e in self.elements]

    def fired(self) -> list[str]:
        return [f.production for f in self.firings]

    def render(self, lang: str = "ru", how: bool = True, debug: bool = False) -> str:
        """The ruling as a director reads it; HOW names each firing by its law and what it found, in words.
        The productions' ids (``64A1.offender-won-...``) are the committee's: only with ``debug``."""
        lines = []
        if self.announcement:  # what the director tells the table now, then the result line (with its notes)
            notes = self.result.render(lang)[1:] if self.result and self.result.render(lang)[0] == self.outcome[lang] \
                else []
            lines += [f"{word('ruling.announce', lang)}: {self.announcement[lang]}", self.outcome[lang], *notes, ""]
        elif self.result:
            lines += [*self.result.render(lang), ""]
        lines += [f"{word('ruling.ruling', lang)}: {self.title.get(lang) or self.incident}", ""]
        if self.regulations:
            lines[-1:-1] = [regulations_line(self.regulations, lang)]
        for a in self.amendments:
            lines[-1:-1] = [amendment_line(a, lang)]
        lines += [c["text"][lang] for c in self.conflicts] + ([""] if self.conflicts else [])
        lines += [n.text[lang] for n in self.not_encoded]
        if self.not_encoded and self.elements:
            lines.append("")
        if not self.elements and not self.not_encoded:
            lines.append(word("ruling.none", lang))
        if self.possible and self.possible["bounded"]:
            lines += [word("possible.bounded", lang, limit=self.possible["limit"],
                           slots=", ".join(f"{b['template']}.{b['slot']}" for b in self.possible["bounded"])), ""]
        judged: dict = {}  # an open judgment question already shown as its director_judgment element: its number
        said = ""  # what the element before is about: said once for a run of elements about the same facts
        for i, (e, abouts) in enumerate(self.grouped(lang), 1):
            if e.kind == "director_judgment":
                judged.setdefault((e.args.get("fact"), e.args.get("slot")), i)
            named = bool(abouts) and all(a.lower() in e.text[lang].lower() for a in abouts)  # "revoke by East" in its words
            about = f" ({about_words(abouts, lang, each=not self.joint(e, abouts))})" if abouts and not named else ""
            about, said = ("" if about and tuple(abouts) == said else about), (tuple(abouts) if about else "")
            when = f" {e.when['text'][lang]}:" if e.when else ""
            lines.append(f"{i}. [{word('ruling.law', lang)} {e.cite}]{about}{when} {e.text[lang]}")
            lines += choice_lines(e.options, lang)
        # evidence from the cards, beside the question it is evidence for (70D1: a claim's lines; 64C1: the
        # tricks without the revoke), or after the elements once the director has answered it
        evidence = {"70D1": self.claim_lines["text"][lang] if self.claim_lines else [],
                    "64C1": [t for r in self.revoke_tricks for t in r["text"][lang]]}
        for cite, said in evidence.items():
            if said and not any(cite in _cites(q) for q in self.open_questions):
                lines += [""] + said
                evidence[cite] = []
        if self.open_questions:
            lines += ["", f"{word('ruling.open', lang)}:"]
            for q, abouts in _grouped(self.open_questions, lambda q: (q.question[lang], _cites(q)), lang):
                about = f"({', '.join(abouts)}) " if abouts else ""
                asked = (word("ruling.judged_above", lang).format(n=judged[q.fact, q.slot])
                         if q.judgment and (q.fact, q.slot) in judged else q.question[lang])  # said once, above
                lines.append(f"  - {about}{asked} ({word('ruling.why', lang)} {_cites(q)})")
                for cite, said in evidence.items():
                    if said and cite in _cites(q):  # beside the question they are evidence for
                        lines += [f"      {e}" for e in said]
                        evidence[cite] = []
        if how and self.firings:
            lines += ["", f"{word('ruling.how', lang)}:"]
            for f, also in _once(self.firings, lang, debug):
                facts = "; ".join(_facts_once(f, lang))
                rests = [f"#{n}" for n in sorted({n for g in (f, *also) for n in g.rests_on})]
                rest = f" <- {', '.join(rests[:6])}{' …' if len(rests) > 6 else ''}" if rests else ""
                named = f" {f.production}" if debug else ""
                more = f" {word('ruling.same_as', lang, n=len(also))}" if also else ""
                lines.append(f"  #{f.n}{named} [{f.cite}] {f.summary[lang]}{more}")
                lines.append(f"      {word('ruling.facts', lang)}: {facts}{rest}")
                if f.derived:
                    said = [t[lang] for t in f.derived_text] if len(f.derived_text) == len(f.derived) else f.derived
                    lines.append(f"      {word('ruling.derived', lang)}: {'; '.join(dict.fromkeys(said))}")
        return "\n".join(lines)



def about_words(abouts: list, lang: str, each: bool = False) -> str:
    """The facts one line is about, in words: named while they are few («фальшренонс Востока и фальшренонс Юга»),
    else the first and how many more; ``each``: the line says the same of each of them, not of them together
    («в каждом случае: фальшренонс № 1 и фальшренонс № 2»)."""
    if len(abouts) > 3:
        said = word("ruling.about_many", lang, first=abouts[0], n=len(abouts) - 1)
    elif len(abouts) > 1:
        said = word("ruling.about_and", lang, first=", ".join(abouts[:-1]), last=abouts[-1])
    else:
        said = "".join(abouts)
    return word("ruling.about_each", lang, abouts=said) if each and len(abouts) > 1 else said


def _once(firings: list, lang: str, debug: bool) -> list[tuple]:
    """HOW says each thing once: firings of one production that read the same facts in words and derive the
    same (51A over every pair of thirteen penalty cards) are one line, with how many more said the same:
    [(firing, [the others])]."""
    out: list[tuple] = []
    where: dict = {}
    for f in firings:
        derived = tuple(t[lang] for t in f.derived_text) if len(f.derived_text) == len(f.derived) else tuple(f.derived)
        key = (f.production if debug else "", f.cite, f.summary[lang],
               tuple(sorted(_facts_once(f, lang))), tuple(dict.fromkeys(derived)))
        if key in where:
            out[where[key]][1].append(f)
            continue
        where[key] = len(out)
        out.append((f, []))
    return out


def _facts_once(f: Firing, lang: str) -> list[str]:
    """The facts a firing read, in words, each once."""
    return list(dict.fromkeys(u.text.get(lang) or u.id for u in f.facts))


def _cites(q: OpenQuestion) -> str:
    return ", ".join(sorted({w["cite"] for w in q.why}))


def _grouped(items: list, same, lang: str) -> list[tuple]:
    """Items saying the same thing (``same(item)``) about several facts, once, at the first one's place,
    with the facts they concern in words ("revoke by East"; the fact's id where no words are known)."""
    out: list[tuple] = []
    where: dict = {}
    for x in items:
        key = same(x) if x.about else None
        if key is not None and key in where:
            if _about(x, lang) not in out[where[key]][1]:  # one production joining this fact with two others
                out[where[key]][1].append(_about(x, lang))
                out[where[key]][1].ids.append(x.about)
            continue
        if key is not None:
            where[key] = len(out)
        out.append((x, Abouts([_about(x, lang)] if x.about else [], [x.about] if x.about else [])))
    return out


class Abouts(list):
    """The facts one line is about, in words; ``ids`` the facts' ids."""

    def __init__(self, said: list, ids: list):
        super().__init__(said)
        self.ids = ids


def _about(x, lang: str) -> str:
    return (getattr(x, "subject", None) or {}).get(lang) or x.about


def regulations_line(said: dict, lang: str) -> str:
    """'Regulations: EBU (English Bridge Union), as of 2015-06-01; 12C1(c): weighted' — under which authority's
    regulations the ruling was made, and the elections it differs in from the Laws' default."""
    name = said["title"].get(lang)
    when = f", {word('ruling.as_of', lang)} {said['as_of']}" if said.get("as_of") else ""
    return f"{word('ruling.regulations', lang)}: {said['authority']}{f' ({name})' if name else ''}{when}"


def amendment_line(a: dict, lang: str) -> str:
    """'Amendment: 26B in force from 2017-06-20: ...' or 'Text before an amendment: 26B until 2017-06-19'."""
    if a["in_force"]:
        head = word("ruling.amendment", lang, cite=a["cite"], day=a["in_force"])
    else:
        head = word("ruling.replaced", lang, cite=a["cite"], day=a["until"])
    return head + (f": {a['amendment'][lang]}" if a.get("amendment") else "")
