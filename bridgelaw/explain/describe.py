"""Productions, facts and ruling elements in plain words (ru/en), from the vocabulary's labels
and the connective words of words.py (``describe.*``).

Shape: ``Describer(vocabulary, lang)`` with ``condition(pattern)``,
``element(element)``, ``derived(derive)``, ``fact(infact)`` and
``expected(expected)``, each returning HTML-safe text (markupsafe.Markup) in
which a variable reads as ``<var>o</var>`` and a value as its label.  No YAML
reaches the reader: the book (book.py) is built from these.
"""
from __future__ import annotations

import re
import string

from markupsafe import Markup, escape

from ..model import Expr, Var
from ..words import CALL_MADE, MADE, NAMED, general, genitive, word, words


class Describer:
    """Renders the model's nodes for a reader in one language; ``of(production)`` reads its variables
    as the labels of the slots naming them ($o.side: "the offender's side")."""

    def __init__(self, vocabulary, lang: str = "ru", names: dict | None = None):
        self.vocab, self.lang = vocabulary, lang
        self.w = words("describe", lang)  # by a test's operator or a seat accessor
        self.names = names or {}  # variable -> (template, slot) of the condition naming it

    def of(self, production) -> "Describer":
        """A describer for ``production``: each variable worded by the slot its positive condition names it at."""
        names = {}
        for pat in production.when:
            for t in pat.tests:
                if not pat.negated and t.op == "eq" and isinstance(t.value, Var) and t.value.accessor is None:
                    names.setdefault(t.value.name, (pat.template, t.slot))
        return Describer(self.vocab, self.lang, names)

    # -- values ---------------------------------------------------------------------------
    def _label(self, name: str) -> str | None:
        """What the variable ``name`` stands for, in words: its slot's label (an id: its template's)."""
        if name not in self.names:
            return None
        template, slot = self.names[name]
        t = self.vocab.templates[template]
        label = t.slots[slot].label[self.lang] if slot in t.slots else t.label[self.lang].lower()
        return re.sub(r"\s*\([^)]*\)", "", label).strip()

    def var(self, v: Var, case: str = "") -> Markup:
        """A variable in words; ``case`` ``gen`` (a template's ``{player:gen}``) declines it in Russian."""
        label = self._label(v.name)
        gen = case == "gen" and self.lang == "ru"
        if label is None:  # not named by a condition: the name itself
            text = self.w[v.accessor].replace("{of}", v.name) if v.accessor else v.name
        elif v.accessor:
            owner = genitive(label) if self.lang == "ru" else f"the {label}'s"
            head, _, tail = self.w[v.accessor].partition("{of}")
            text = (genitive(head.strip()) + " " if gen and head.strip() else head) + owner + tail
        else:
            text = self.w["var"].replace("{v}", genitive(label) if gen else label)
        return Markup("<var>{}</var>").format(text)

    def value(self, slot, v) -> Markup:
        if isinstance(v, Var):
            return self.var(v)
        if isinstance(v, Expr):  # arithmetic: a + b, (a − b − c)
            sign = Markup(" + ") if v.op == "plus" else Markup(" − ")
            return Markup("({})").format(sign.join(self.value(None, x) if not isinstance(x, int) else escape(str(x))
                                                   for x in v.operands))
        if isinstance(v, tuple):
            return Markup(", ").join(self.value(slot, x) for x in v)
        if v is None:
            return escape(word("describe.unknown", self.lang))
        if slot is None or slot.type in ("ref", "text"):
            return Markup("<code>{}</code>").format(v)
        if slot.type != "enum":
            return escape(slot.label_of(v, self.lang))
        return Markup(word("describe.quote", self.lang)).format(slot.label_of(v, self.lang))

    def _slot(self, template: str, name: str):
        t = self.vocab.templates[template]
        return t.slots.get(name)

    def _slot_title(self, template: str, name: str) -> str:
        s = self._slot(template, name)
        return s.title(self.lang) if s is not None else word("describe.id", self.lang)

    # -- conditions -------------------------------------------------------------------------
    def test(self, template: str, t) -> Markup:
        slot = self._slot(template, t.slot)
        title = escape(self._slot_title(template, t.slot))
        if t.op == "known":
            return Markup(escape(word("describe.known_true" if t.value else "describe.known_false", self.lang,
                                      title=self._slot_title(template, t.slot))))
        if slot is not None and slot.type == "bool" and (t.op, t.value) in (("eq", True), ("ne", False)):
            return title  # "repeated revoke in the same suit", not "... is yes"
        return Markup("{} {} {}").format(title, self.w[t.op], self.value(slot, t.value))

    def condition(self, pattern) -> Markup:
        t = self.vocab.templates[pattern.template]
        label = escape(t.label[self.lang])
        named = [x for x in pattern.tests if x.slot == "id" and x.op == "eq" and isinstance(x.value, Var)]
        # a test that only names a variable says nothing once the variable reads as its slot's label
        rest = [x for x in pattern.tests if x not in named and not (self.names and self._binds(pattern, x))]
        head = Markup("<b>{}</b>").format(label)
        if named and not self.names:
            head = Markup("{} {}").format(head, self.var(named[0].value))
        if rest:
            head = Markup("{}: {}").format(head, Markup("; ").join(self.test(pattern.template, x) for x in rest))
        if pattern.negated:
            return Markup(escape(word("describe.no_fact", self.lang)).replace("{label}", head))
        return head

    def _binds(self, pattern, t) -> bool:
        v = t.value
        return (not pattern.negated and t.op == "eq" and isinstance(v, Var) and v.accessor is None
                and self.names.get(v.name) == (pattern.template, t.slot))

    # -- right-hand sides ------------------------------------------------------------------------
    def _format(self, template: str, labels: dict, args: dict | None = None) -> Markup:
        out = Markup("")
        for literal, field, spec, _ in string.Formatter().parse(template):
            out += escape(literal)
            if field and spec and "|" in spec:  # a form agreeing with a number: the "many" form
                out += escape(spec.split("|")[-1])
            elif field and spec == NAMED:  # " (West)": the book names it in brackets, or leaves it out
                value = (args or {}).get(field)
                out += Markup(" ({})").format(self.var(value)) if isinstance(value, Var) else \
                    Markup(" ({})").format(labels[field]) if field in labels and value is not None else Markup("")
            elif field and spec == MADE and isinstance((args or {}).get(field), Var):  # "calls <the call>"
                out += escape(CALL_MADE[self.lang][1].replace("{call}", "")) + self.var(args[field])
            elif field and spec and isinstance((args or {}).get(field), Var):  # a variable, declined
                out += self.var(args[field], spec)
            elif field:
                out += labels.get(field, escape("—"))
                out += escape(general(spec or "", self.lang))
        return out

    def element_text(self, kind: str, args: dict, own_text: dict | None) -> Markup:
        """The kind's standard text with the arguments' labels, then the production's own text."""
        ek = self.vocab.elements[kind]
        labels = {name: (self.value(slot, args[name]) if args.get(name) is not None else escape("—"))
                  for name, slot in ek.args.items()}
        text = self._format(ek.text[self.lang], labels, args).strip()
        if own_text:
            extra = self._format(own_text[self.lang], labels, args).strip()
            text = Markup("{} {}").format(text, extra).strip() if text else extra
        return Markup(text)

    def element(self, el) -> Markup:
        ek = self.vocab.elements[el.kind]
        text = self.element_text(el.kind, dict(el.args), el.text)
        return Markup("<b>{}</b>: {}").format(ek.label[self.lang], text) if text else \
            Markup("<b>{}</b>").format(ek.label[self.lang])

    def derived(self, d) -> Markup:
        t = self.vocab.templates[d.template]
        parts = [Markup("{} {} {}").format(self._slot_title(d.template, k), word("describe.eq", self.lang),
                                             self.value(self._slot(d.template, k), v)) for k, v in d.slots]
        head = Markup("<b>{}</b>").format(t.label[self.lang])
        return Markup("{}: {}").format(head, Markup("; ").join(parts)) if parts else head

    # -- cases -------------------------------------------------------------------------------------
    def fact(self, f) -> Markup:
        t = self.vocab.templates[f.template]
        eq = word("describe.eq", self.lang)
        parts = [Markup("{} {} {}").format(t.slots[k].title(self.lang), eq, self.value(t.slots[k], v))
                 for k, v in f.values if v is not None]
        head = Markup("<b>{}</b>").format(t.label[self.lang])
        if t.many:
            head = Markup("{} <code>{}</code>").format(head, f.id)
        return Markup("{}: {}").format(head, Markup("; ").join(parts)) if parts else head

    def expected(self, exp) -> Markup:
        ek = self.vocab.elements[exp.kind]
        args = dict(exp.args)
        eq = word("describe.eq", self.lang)
        parts = [Markup("{} {} {}").format(ek.args[k].title(self.lang), eq, self.value(ek.args[k], v))
                 for k, v in args.items()]
        head = Markup("<b>{}</b>").format(ek.label[self.lang])
        if exp.cite:
            head = Markup("{} [{}]").format(head, exp.cite)
        return Markup("{}: {}").format(head, Markup("; ").join(parts)) if parts else head

