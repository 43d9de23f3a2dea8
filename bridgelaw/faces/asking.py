"""The interview's questions: their text, choices and help, from the vocabulary (the first screen's list of
irregularities; a slot's question with the values that can still matter; a choice the ruling offers with
what follows from each; what the board's result still needs).  A mixin of ``Interview`` (faces/interview.py)."""
from __future__ import annotations

import textwrap
from dataclasses import replace

from ..errors import Collector
from ..read.auction import CALL_FINDINGS, stated_calls
from ..read.incident import check_counts, read_by_reader
from ..explain.result import FIGURES
from ..explain.ruling import Ruling, choice_lines
from ..model import CHOICE
from ..ops import compare, has_var
from ..values import BOOL_LABELS, SEAT_LABELS, SEATS, SIDE_LABELS, SIDES, name_call
from ..words import LANGS, both, same, word
from . import keys, partly
from .choosing import _laws_why
from .keys import Exists, SlotKey, split_fact
from .question import Choice, Question
from .told import NOT_ENCODED, _State

INCIDENT_KEY = keys.INCIDENT
ADJUSTED = ("adjusted_outcome", "artificial_score")  # what an adjusted score is, when the ruling adjusts
RESULT_WHY = ({"production": "", "cite": "77", "summary": both("question.result")},)  # the board's score, Law 77


class Asking:
    """The questions' making (a mixin of ``Interview``)."""

    # -- questions -------------------------------------------------------------------------------
    def _incident_question(self) -> Question:
        tables = self._tables
        if tables.incident_choices is None:  # the same for every interview over this knowledge: made once
            tables.incident_choices = _laws_why(self.knowledge, tables.kind_prods), *self._incident_choices()
        why, choices, groups = tables.incident_choices
        return Question(key=INCIDENT_KEY, kind="incident", text=both("question.incident"), choices=choices,
                        multiple=True, why=why, groups=groups)

    def _incident_choices(self) -> tuple[tuple, tuple]:
        """What can happen: every irregularity the Laws name (facts/irregularities.yaml), the short list
        first, then the rest by group; an encoded one is its template (the kinds), one not encoded its
        name.  Without the list: the kinds, ungrouped."""
        templates = self.vocab.templates
        irr = self.knowledge.irregularities
        if irr is None or NOT_ENCODED not in templates:
            return tuple(Choice(k, templates[k].label, templates[k].description) for k in self.kinds), ()
        listed: list = []
        for i in irr.items:
            if i.kind is None or i.kind in self._kind_set:
                value = i.kind or i.id
                same = next((n for n, c in enumerate(listed) if c.value == value), None)
                if same is not None:  # two irregularities one template states (the auction): one choice naming both
                    c = listed[same]
                    label = {lang: f"{c.label[lang]}; {i.label[lang][:1].lower()}{i.label[lang][1:]}" for lang in c.label}
                    listed[same] = Choice(value, label, c.help, c.group, c.short or i.short, c.brief or i.brief)
                    continue
                listed.append(Choice(value, i.label, templates[i.kind].description if i.kind else None, i.group, i.short,
                                     i.brief))
        named = {c.value for c in listed}
        listed += [Choice(k, templates[k].label, templates[k].description, None, True) for k in self.kinds
                   if k not in named]
        order = {g: n for n, g in enumerate(irr.groups)}
        choices = [c for c in listed if c.short] + sorted((c for c in listed if not c.short),
                                                          key=lambda c: order.get(c.group, len(order)))
        return tuple(choices), tuple(irr.groups.items())

    def _exists_question(self, st: _State, template: str, why: tuple) -> Question:
        t = self.vocab.templates[template]
        has = any(tt == template for tt, _ in st.facts.values())
        key = "question.another" if has else "question.exists"
        text = (t.asked_again if has else t.asked) or \
            {lang: word(key, lang, label=t.label[lang][:1].lower() + t.label[lang][1:]) for lang in LANGS}
        help_ = t.description
        choices = _yes_no()
        if template == CHOICE and self._pending(st):  # the seat and the option, what follows; "not yet" an answer
            text, help_, choices = self._choice_made(st)
        return Question(key=str(Exists(template)), kind="exists", text=text, template=template,
                        choices=choices, type="bool", help=help_, why=why)

    def _pending(self, st: _State) -> list:
        """The offers of the ruling so far whose choice is not stated yet."""
        made = {vals.get("option") for t, vals in st.facts.values() if t == CHOICE}
        return [o for o in self._offers.values() if o["option"] not in made and not o.get("chosen")]

    def _choice_made(self, st: _State) -> tuple:
        """Whether the choice the ruling offers is made: "Has North already made the choice: whether to accept
        the insufficient bid (27A1)?", its choices and what follows from each under it (read to
        the chooser before he chooses), answered yes or "not yet"."""
        offers = self._pending(st)
        option = self.vocab.templates[CHOICE].slots["option"]
        text = {lang: "\n".join(word("question.choice_made", lang, who=self._who(o["chooser"], lang),
                                     option=option.label_of(o["option"], lang)) for o in offers) for lang in LANGS}
        help_ = {lang: textwrap.dedent("\n".join(line for o in offers for line in choice_lines(o, lang)))
                 for lang in LANGS}  # read to the chooser before he chooses: what follows from each choice
        return text, help_, (Choice(True, BOOL_LABELS[True]), Choice(False, both("answer.not_yet")))

    def _slot_question(self, st: _State, fid: str, template: str, slot: str, why: tuple) -> Question:
        t = self.vocab.templates[template]
        s = t.slots[slot]
        if s.type == "ref":
            choices = tuple(Choice(f, same(f)) for f, (tt, _) in st.facts.items() if tt == s.template)
        elif s.type == "bool":
            choices = _yes_no()
        else:
            values = s.choices()
            if s.type == "int":  # a count's real range: the numbers no other count stated contradicts
                values = self._counts_that_fit(st, fid, slot, values) or values
            elif s.type == "enum" and not s.several:
                values = self._values_that_matter(fid, template, slot, values)
            choices = tuple(Choice(v, {lang: s.label_of(v, lang) for lang in ("ru", "en")}) for v in values)
        text, help_ = s.question, s.help
        subject = None
        if template in CALL_FINDINGS:  # the call a finding is about, named as the director knows it
            choices, subject = self._finding_call(st, fid, template, slot, choices)
        if template == CHOICE:  # only the options on offer, and their choices with what follows from each
            choices, text, help_ = self._choice_question(st, fid, slot, choices, text, help_)
        if subject is None and t.many and sum(1 for tt, _ in st.facts.values() if tt == template) > 1:
            subject = {lang: word("ruling.about_n", lang, label=t.label[lang], n=split_fact(fid)[1]) for lang in LANGS}
        return partly.offer(self, st, Question(
            key=str(SlotKey(fid, slot)), kind="slot", text=text, template=template, slot=slot, fact=fid,
            subject=subject, choices=choices, multiple=s.several, allow_unknown=True, judgment=s.judgment,
            type=s.type, help=help_, law=s.law, why=why, coerce=s.coerce))

    def _finding_call(self, st: _State, fid: str, template: str, slot: str, choices: tuple) -> tuple:
        """A finding about one call (CALL_FINDINGS): the calls it may be about, each named ("West's 1♥ (call
        1)"), where the question is which; otherwise the call it is about, as the question's subject."""
        facts = self._infacts(st, all_context=True)
        calls = {k["position"]: k for k in stated_calls(facts)}
        name = {lang: {n: name_call(k["seat"], k["call"], n, lang) for n, k in calls.items()} for lang in LANGS}
        if slot == CALL_FINDINGS[template]:
            return tuple(Choice(c.value, {lang: name[lang].get(c.value, str(c.value)) for lang in LANGS})
                         for c in choices), None
        of = next((f.get(CALL_FINDINGS[template]) for f in facts if f.id == fid), None)
        return choices, ({lang: name[lang][of][:1].upper() + name[lang][of][1:] for lang in LANGS} if of in calls else None)

    def _values_that_matter(self, fid: str, template: str, slot: str, values: list) -> list:
        """An answer's values less those that cannot matter for this fact: a value every production naming
        it needs this fact, or a fact derived from it, to say what it does not say (54's answers to an
        opening lead out of turn, for a lead to trick 5: the lead is to trick 5 and the lead out of turn
        derived from it too, where 54 needs trick 1).  Values no production names, or that one could still
        use, stay; so do all where a production joins the slot with a variable."""
        derived = [f for f in self._working if f.id != fid and any(
            v == fid and f.template in self.vocab.templates and k in self.vocab.templates[f.template].slots
            and self.vocab.templates[f.template].slots[k].type == "ref" for k, v in f.values)]

        def dead(p) -> bool:  # a condition on a fact derived from this one that no such fact meets
            for pat in p.when:
                mine = [f for f in derived if f.template == pat.template]
                if pat.negated or not mine:
                    continue
                tests = [t for t in pat.tests if not has_var(t.value)]
                if tests and all(any(f.get(t.slot) is not None and not compare(t.op, f.get(t.slot), t.value)
                                     for t in tests) for f in mine):
                    return True
            return False
        this = next((f for f in self._working if f.id == fid), None)

        def other(pat) -> bool:  # the pattern's other tests, on what is stated of this fact, fail
            return this is not None and any(t.slot != slot and not has_var(t.value) and this.get(t.slot) is not None
                                            and not compare(t.op, this.get(t.slot), t.value) for t in pat.tests)
        naming: dict = {}
        for p in self.knowledge.testers.get(template, ()):
            for pat in (pat for pat in p.when if pat.template == template):
                for t in (t for t in pat.tests if t.slot == slot):
                    if has_var(t.value):
                        return values  # joined with a variable: any value may matter
                    for v in values:
                        if compare(t.op, v, t.value):
                            naming.setdefault(v, []).append(other(pat) or dead(p))
        return [v for v in values if v not in naming or not all(naming[v])] or values

    def _counts_that_fit(self, st: _State, fid: str, slot: str, values: list) -> list:
        """The values of ``values`` that stand with the counts stated (check_counts: no more tricks claimed than
        remain, no more won before a claim than were played): each put into the facts, made once where the
        auction's reader reads nothing of this slot (a trick count), else made again with it."""
        once = not read_by_reader(st.facts[fid][0], slot)
        facts = self._infacts(st, all_context=True) if once else None
        at = next(i for i, f in enumerate(facts) if f.id == fid) if once else None
        out = []
        for v in values:
            if once:
                facts[at] = replace(facts[at], values=tuple((s, v if s == slot else x) for s, x in facts[at].values))
            else:
                given = {f: (t, dict(vals)) for f, (t, vals) in st.facts.items()}
                given[fid][1][slot] = v
                facts = self._infacts(replace(st, facts=given), all_context=True)
            problems = Collector()
            check_counts(facts, problems, complete=False)
            if not problems.errors:
                out.append(v)
        return out

    def _choice_question(self, st: _State, fid: str, slot: str, choices: tuple, text: dict, help_: dict | None) -> tuple:
        """A ``choice`` fact's question (read/choices.py): which option among those the ruling offers whose
        choice is not told yet; then what the chooser chose, among that option's choices, each shown with what
        follows from it."""
        offers, values = self._offers, st.facts[fid][1]
        if slot == "option" and offers and fid not in st.told:  # a choice the story told: any option
            offered = tuple(c for c in choices if c.value in offers)
            pending = {o["option"] for o in self._pending(st)}
            return tuple(c for c in offered if c.value in pending) or offered, text, help_
        offer = offers.get(values.get("option"))
        if slot != "chosen" or offer is None:
            return choices, text, help_
        names = [ch["value"] for ch in offer["choices"]]
        # what follows from each choice was read out with "has the choice been made?" just before: said once
        said = any(k == str(Exists(CHOICE)) and v for k, v in self.answers)  # the choice told after it was shown
        shown = tuple(Choice(c.value, c.label, None if said else {
                          lang: " ".join(x["text"][lang] for x in ch["consequences"]) for lang in LANGS})
                      for ch in offer["choices"] for c in choices if c.value == ch["value"])
        who = offer["chooser"]
        who_label = {lang: self._who(who, lang) for lang in LANGS}
        text = {lang: word("question.chosen", lang, who=who_label[lang]) for lang in LANGS}
        if not said:
            help_ = {lang: "\n".join(choice_lines(offer, lang)) for lang in LANGS}
        return (shown if len(shown) == len(names) else choices), text, help_

    def _who(self, who: str | None, lang: str) -> str:
        if who in SEATS:
            return SEAT_LABELS[who][lang]
        if who in SIDES:
            return SIDE_LABELS[who][lang]
        return self.vocab.elements["option"].args["chooser"].label_of(who, lang) if who else "?"

    def _each_side_question(self, st: _State, ruling: Ruling) -> Question | None:
        """Where the ruling treats both sides as non-offending (82C) and the director states outcomes: which side
        each outcome is for (each side its own score, 12C1(b)), whether there is another (the other side's, or a
        weighted score's next), and the weight of a side's several outcomes (12C1(c))."""
        r, t = ruling.result, ADJUSTED[0]
        sides = {e.args.get("side") for e in ruling.elements if e.kind == "non_offending"}
        if r is None or r.status != "adjusted" or not r.outcomes or not sides >= set(SIDES) \
                or "for_side" not in self.vocab.templates[t].slots:
            return None
        mine = [(fid, vals) for fid, (tt, vals) in st.facts.items() if tt == t]
        for fid, vals in mine:
            if vals.get("for_side") is None and (fid, "for_side") not in st.settled:
                return self._slot_question(st, fid, t, "for_side", RESULT_WHY)
        if t not in st.closed:
            return self._exists_question(st, t, RESULT_WHY)
        for fid, vals in mine:
            several = sum(1 for _, v in mine if v.get("for_side") in (vals.get("for_side"), None)) > 1
            if several and vals.get("weight") is None and (fid, "weight") not in st.settled:
                return self._slot_question(st, fid, t, "weight", RESULT_WHY)
        return None

    def _figures_question(self, st: _State, r) -> Question | None:
        """An artificial score shown in figures (12C2): whether the tournament's figures or a side's session
        percentage change them, then each figure the form of scoring uses (percentages at pairs, IMPs at teams)."""
        if r is None or not r.artificial or FIGURES not in self.vocab.templates:
            return None
        shown = {k for side in SIDES for k in ("percent", "imps") if r.artificial[side].get(k) is not None}
        if not shown:
            return None  # no form of scoring: no figures to change
        mine = next((fid for fid, (t, _) in st.facts.items() if t == FIGURES), None)
        if mine is None:
            return None if FIGURES in st.closed else self._exists_question(st, FIGURES, RESULT_WHY)
        unit = "_imps" if "imps" in shown else "_percent"
        for slot in self.vocab.templates[FIGURES].slots:
            if slot.endswith(unit) and (mine, slot) not in st.settled and st.facts[mine][1].get(slot) is None:
                return self._slot_question(st, mine, FIGURES, slot, RESULT_WHY)
        return None

    def _result_question(self, st: _State, fid: str, slot: str, ruling: Ruling) -> Question:
        """A fact the board's result needs: a deal slot (Law 77), or a judgment such as 64C's tricks without
        the revoke, asked with the result so far shown first (the automatic rectification)."""
        template = st.facts[fid][0]
        if template == "deal":
            return self._slot_question(st, fid, template, slot, RESULT_WHY)
        law = self.vocab.templates[template].slots[slot].law
        q = self._slot_question(st, fid, template, slot, ({**RESULT_WHY[0], "cite": law or "77"},))
        shown = {lang: f"{word('result.result', lang)}: {ruling.result.text[lang]}\n{q.text[lang]}" for lang in LANGS}
        return replace(q, text=shown)


def _yes_no() -> tuple:
    return (Choice(True, BOOL_LABELS[True]), Choice(False, BOOL_LABELS[False]))
