"""The interview in a terminal: ``bridgelaw ask`` (``ask(...)``, called by cli.py).

``converse(interview, lang, sources, out) -> Ruling`` puts each Question of the
interview to the first source that has an answer: a replayed answers file
(answers.py), then an edited answer line (prompt_toolkit) when a terminal is
attached, or numbered questions read line by line from standard input.  At
any question ``why`` lists the laws waiting on the answer, ``back`` takes back
the last answer (offering it again; at a terminal also below the ruling, so the
last answer too can be taken back) and ``?`` says the fact is not known; a
count is typed as the number itself.  Input that ends before the ruling is
determined ends the command with "the interview was not finished" (exit 1).  The questions, answers
and choices all come from the Interview; nothing here knows a law.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, TextIO

from ..errors import BridgelawError, Loc, Problem
from .interview import CARDS, UNKNOWN, AnswerError, Interview, Question, question_named
from ..explain.ruling import Ruling
from ..words import both, word

WHY = frozenset(both("prompt.command_why").values())  # what a director types for why / back
BACK = frozenset(both("prompt.command_back").values())
MORE = frozenset(both("prompt.command_more").values())  # at the first screen: the rest of the list


class Command:
    """What a source returned: an answer (``value``) or a command (``why``/``back``)."""

    def __init__(self, what: str, value: Any = None, loc: Loc | None = None):
        self.what, self.value, self.loc = what, value, loc


def question_text(q: Question, lang: str) -> str:
    head = f"{q.subject[lang]}: " if q.subject else ""
    tail = f" [{word('question.judgment', lang)}{', ' + q.law if q.law else ''}]" if q.judgment else ""
    return head + q.text[lang] + tail


def group_heading(q: Question, i: int, lang: str) -> str:
    """On the first screen, the heading before choice ``i``: where the short list ends, the rest begin
    by group ("Something else: ... — The auction"); "" elsewhere."""
    c = q.choices[i]
    if not q.groups or c.short or (i > 0 and not q.choices[i - 1].short and q.choices[i - 1].group == c.group):
        return ""
    label = dict(q.groups).get(c.group, {}).get(lang, "")
    first = i == 0 or q.choices[i - 1].short
    return f"{word('page.more', lang)} — {label}" if first else label


def why_text(q: Question, lang: str) -> str:
    lines = [f"{word('prompt.waiting', lang)}:"]
    for w in q.why:
        cite = f"{w['cite']} " if w["cite"] else ""
        lines.append(f"  {cite}{w['summary'][lang]}")
    return "\n".join(lines)


def headline(vocab, ruling: Ruling, kinds, lang: str) -> str:
    """What an interview's ruling is headed (U19): the irregularity its first line names («Заявка 4 (Восток: 1♥) —
    недостаточное назначение», the element placed first), else the kinds picked and who and what the first fact
    of them names («Ход картой (первый или в следующую взятку) — Восток, ♦Т»), never the kinds' labels alone."""
    for e in ruling.elements:
        if vocab.elements[e.kind].place == "first" and e.text.get(lang):
            head = e.text[lang].split(";")[0].rstrip(".")
            cut = head.find(": ", head.find(")") + 1)  # what follows its first colon past the call named in brackets
            return head[:cut] if cut > 0 else head
    out = ", ".join(vocab.templates[k].label[lang] for k in kinds)
    first = next((f for f in ruling.working or () if f.template in kinds), None)
    if first is not None:
        slots = vocab.templates[first.template].slots
        named = [slots[k].label_of(v, lang) for k, v in first.values
                 if k in slots and v is not None and slots[k].type in ("seat", "card", "call")]
        if named:
            out += " — " + ", ".join(dict.fromkeys(named))
    return out


def answer_text(q: Question, value: Any, lang: str) -> str:
    if value is UNKNOWN:
        return word("prompt.unknown", lang)
    values = value if q.multiple else (value,)
    labels = []
    for v in values:
        c = next((c for c in q.choices if c.value == v and type(c.value) is type(v)), None)
        labels.append(c.label[lang] if c else getattr(v, "label", {}).get(lang) or _said(q.type, v, lang))  # a card known in part
    return ", ".join(labels) if labels else "—"


def _said(kind: str, v: Any, lang: str) -> str:
    """A typed card, contract or call as the ruling writes it (♦Т, 4♠ контра, 1♥ пас 1♠), not as stored (DA)."""
    from .. import values as V
    render = {"card": V.render_card, "contract": V.render_contract, "call": V.render_call}.get(kind)
    if render and isinstance(v, str):
        return render(v, lang)
    if kind == "calls" and isinstance(v, (str, tuple)):
        return " ".join(_said_call(x, lang) for x in (v.split() if isinstance(v, str) else v))
    return str(v)


def _said_call(typed: str, lang: str) -> str:
    """One typed call as the ruling writes it, keeping what the director typed around it: the seat of a call out of
    turn (``E:1H`` as E:1♥), a seat not known (``?:2S``), a call that may not have been made (``P?``)."""
    from .. import values as V
    seat, colon, call = typed.rpartition(":")
    maybe = call.endswith("?") and len(call) > 1
    call = call[:-1] if maybe else call
    known = V.coerce_call(call)
    if known is None:
        return typed  # not a call the reader knows: said back as typed (the reader's own error names it)
    return f"{seat}{colon}{V.render_call(known, lang)}{'?' if maybe else ''}"


# -- sources of answers ------------------------------------------------------------------------


class Replay:
    """Answers from an answers file: in order, or looked up by question (a mapping)."""

    offer_cards = False

    def __init__(self, answers, file: str):
        self.entries, self.by_key, self.file, self.i = list(answers.entries), answers.by_key, file, 0
        self.used: dict = {}

    def cards(self) -> Command | None:
        """The deal an answers file gives (``- cards: |`` a PBN or LIN record), once, where it is looked up by key."""
        e = next((e for e in self.entries if e.key == CARDS), None) if self.by_key else None
        if e is None or e.key in self.used:
            return None
        self.used[e.key] = 1
        return Command("answer", (e.key, e.value), e.loc)

    def get(self, q: Question, lang: str, out: TextIO, can_back: bool, default: str = "") -> Command | None:
        e = self._lookup(q) if self.by_key else self._next()
        if e is None:
            return None
        print(f"? {question_text(q, lang)}", file=out)
        if e.command:
            print(f"> {e.command}", file=out)
            return Command(e.command, loc=e.loc)
        return Command("answer", (e.key, e.value), e.loc)

    def unused(self) -> list:
        """Keyed answers no question asked for: a misspelt key, or a fact the ruling did not need."""
        if not self.by_key:
            return [e for e in self.entries[self.i:] if not e.command]
        return [e for e in self.entries if e.key not in self.used]

    def _next(self):
        if self.i >= len(self.entries):
            return None
        self.i += 1
        return self.entries[self.i - 1]

    def _lookup(self, q: Question):
        from ..read.answers import Entry
        for e in self.entries:
            if question_named(e.key, q):
                if isinstance(e.value, list) and q.kind == "exists":  # asked in turn
                    n = self.used.get(e.key, 0)
                    self.used[e.key] = n + 1
                    return Entry(e.value[n], e.key, e.loc) if n < len(e.value) else None
                if self.used.get(e.key) and q.kind == "exists":
                    return None
                self.used[e.key] = 1
                return e
        return None


def folded(q: Question) -> bool:
    """The first screen lists the short list first, with the rest one step away ("more…"), as the web page does."""
    return bool(q.groups) and any(c.short for c in q.choices) and not all(c.short for c in q.choices)


def listed(q: Question, lang: str, full: bool = True) -> list[str]:
    """The choices as the terminal lists them: numbered, or, for a number, the numbers themselves
    (typed as they are: 12 is twelve tricks, never the twelfth line); on the first screen, unless ``full``,
    the short list and "more…" (the rest keep their numbers: any may be typed)."""
    if q.type == "int" and q.choices:
        values = [c.value for c in q.choices if not isinstance(c.value, str)]  # a run known in part: typed "1-11"
        contiguous = values == list(range(values[0], values[0] + len(values)))
        return [f"  ({values[0]}–{values[-1]})" if contiguous and len(values) > 2 else f"  ({', '.join(map(str, values))})"] \
            + [f"  {c.value} — {c.label[lang]}" for c in q.choices if isinstance(c.value, str)]
    out = []
    if not full and folded(q):
        rest = [c for c in q.choices if not c.short]
        groups = ", ".join(label[lang] for g, label in q.groups if any(c.group == g for c in rest))
        out = [f"  {i}. {c.label[lang]}" + (f" — {c.help[lang]}" if c.help else "")
               for i, c in enumerate(q.choices, 1) if c.short]
        return out + [f"  {word('prompt.more', lang, n=len(rest), groups=groups)}"]
    for i, c in enumerate(q.choices, 1):
        if heading := group_heading(q, i - 1, lang):  # the first screen: the short list, then the rest by group
            out.append(f"  -- {heading}")
        out.append(f"  {i}. {c.label[lang]}" + (f" — {c.help[lang]}" if c.help and c.short else ""))
    return out


def typed(q: Question, value: Any) -> str:
    """How an answer is typed back at ``q`` (offered again after ``back``): its number(s) in the list,
    the number itself, ``?`` for not known, else the value."""
    if value is UNKNOWN:
        return "?"
    if q.type == "int" or not q.choices:
        return str(value)
    at = {repr(c.value): str(i) for i, c in enumerate(q.choices, 1)}
    return ", ".join(at.get(repr(v), str(v)) for v in (value if q.multiple else (value,)))


def command(text: str) -> Command | None:
    """``why``, ``back`` or ``more`` typed as a word (in either language), else None (an answer)."""
    word_ = text.strip().lower().rstrip(".…")
    return Command("why") if word_ in WHY else Command("back") if word_ in BACK \
        else Command("more") if word_ in MORE else None


def hint(q: Question, lang: str) -> str:
    """What may be typed at ``q``: why, back, not known; several answers at once where it takes several."""
    several = q.multiple and q.kind == "slot"
    return word("prompt.hint", lang) + (f"; {word('prompt.several', lang)}" if several else "")


class Plain:
    """Numbered questions on ``out``, answers read line by line from ``inp`` (no terminal needed).

    Every prompt takes the same words: the number of a choice (or the number itself, for a count),
    its label, ``why``, ``back``, ``?``; an empty line is no answer, and the question is asked again."""

    def __init__(self, inp: TextIO):
        self.inp = inp

    def get(self, q: Question, lang: str, out: TextIO, can_back: bool, default: str = "") -> Command | None:
        full = False  # the first screen: the short list, "more" for the rest
        while True:
            print(f"? {question_text(q, lang)}", file=out)
            for line in q.help[lang].splitlines() if q.help else ():  # each line indented alike
                print(f"  {line}", file=out)
            for line in listed(q, lang, full):
                print(line, file=out)
            print(f"  ({hint(q, lang)})", file=out)
            if self.offer_cards:
                print(f"  ({word('prompt.paste_deal', lang)})", file=out)
            text = self.read(q, lang, default)
            if text is None:
                return None
            if self.offer_cards and pasted(text):  # a deal: its lines up to an empty one
                lines = [text.strip()]
                while (more := self.read_more()) and more.strip():
                    lines.append(more.strip())
                return Command("answer", (CARDS, "\n".join(lines)))
            if text.strip():
                cmd = command(text)
                if cmd is not None and cmd.what == "more":  # the whole list, then the same question
                    full = True
                    continue
                return cmd or Command("answer", (None, text.strip()))

    offer_cards = False  # set by the conversation where a revoke, defective trick or claim is being told

    def read_more(self) -> str | None:
        """A further line of a deal pasted in."""
        return self.read(None, "", "")

    def read(self, q: Question, lang: str, default: str) -> str | None:
        """One line, None at the end of the input."""
        try:
            line = self.inp.readline()
        except OSError:  # no standard input at all
            line = ""
        return line if line else None


def pasted(text: str) -> bool:
    """Whether an answer is a deal pasted in: PBN tags or a PBN deal string, or a BBO LIN record."""
    import re
    t = text.strip()
    return t.startswith(("[", "%")) or re.match(r"^[NESW]:\S+\.", t, re.IGNORECASE) is not None \
        or re.search(r"(^|\|)(md|pn|qx)\|", t, re.IGNORECASE) is not None


class Prompts(Plain):
    """The same questions at a terminal, the answer typed on an edited line (prompt_toolkit): after
    ``back`` the answer taken back is shown in the empty line and Enter keeps it (typing replaces it);
    a mistaken answer is refused in place, with what is allowed, and the line emptied (what is typed next
    is a new answer, never appended to the refused one); Tab completes a choice's label."""

    def __init__(self, input=None, output=None):
        self.io = {"input": input, "output": output}

    def read(self, q: Question, lang: str, default: str) -> str | None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.validation import ValidationError, Validator

        offer_cards = self.offer_cards

        class Answer(Validator):
            def validate(self, document):
                if offer_cards and pasted(document.text):  # a deal pasted in: read as it is
                    return
                text = document.text.strip() or default
                if not text:
                    raise ValidationError(message=hint(q, lang))
                if command(text) is None:
                    try:
                        q.parse(text)
                    except AnswerError as e:
                        raise ValidationError(message=e.say(lang), cursor_position=len(document.text)) from None

        labels = [c.label[lang] for c in q.choices] + sorted(WHY | BACK | (MORE if folded(q) else frozenset()))
        session = PromptSession(**{k: v for k, v in self.io.items() if v is not None})
        try:
            text = session.prompt("> ", placeholder=default, validator=Answer(), validate_while_typing=False,
                                  completer=WordCompleter(labels, ignore_case=True, sentence=True),
                                  key_bindings=_cleared_when_refused())
        except EOFError:  # Ctrl-D: the director left the interview
            return None
        return text.strip() or default

    def after_ruling(self, lang: str) -> bool:
        """Below the ruling: whether the director takes back the last answer (``back``); Enter or Ctrl-D: done."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.validation import ValidationError, Validator

        class Done(Validator):
            def validate(self, document):
                text = document.text.strip()
                if text and (command(text) is None or command(text).what != "back"):
                    raise ValidationError(message=word("prompt.after_ruling", lang))

        session = PromptSession(**{k: v for k, v in self.io.items() if v is not None})
        try:
            text = session.prompt("> ", placeholder=word("prompt.after_ruling", lang), validator=Done(),
                                  validate_while_typing=False, key_bindings=_cleared_when_refused())
        except EOFError:
            return False
        return bool(text.strip())

    def read_more(self) -> str | None:
        from prompt_toolkit import PromptSession
        try:
            return PromptSession(**{k: v for k, v in self.io.items() if v is not None}).prompt("… ")
        except EOFError:
            return None


def _cleared_when_refused():
    """Enter on a refused answer empties the line (the next key starts a new answer, never one appended to
    the refused text) and says why, quoting what was typed; on an answer allowed, Enter takes it."""
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.validation import ValidationError

    kb = KeyBindings()

    @kb.add("enter")
    def _(event):
        buf = event.current_buffer
        refused = buf.text.strip()
        if buf.validate(set_cursor=False):
            buf.validate_and_handle()
            return
        error = buf.validation_error
        buf.reset()
        buf.validation_error = ValidationError(message=f"{refused}: {error.message}" if refused else error.message)

    return kb


# -- the conversation --------------------------------------------------------------------------


class Unfinished(Exception):
    """The answers ran out (the end of the input, Ctrl-D) before the ruling was determined."""

    def __init__(self, question: Question):
        super().__init__(question.key)
        self.question = question


def converse(interview: Interview, lang: str, sources: list, out: TextIO | None = None,
             show: Callable[[Ruling], None] | None = None) -> Ruling:
    """Ask until the ruling is determined; BridgelawError when a replayed answer does not fit,
    Unfinished when no source has an answer.  After ``back`` the answer taken back is offered again.
    With ``show``, at a terminal the ruling is shown and ``back`` still takes back the last answer."""
    out = out or sys.stdout
    taken: tuple | None = None  # (question key, answer) of the last answer taken back
    while True:
        step = interview.step()
        if isinstance(step, Ruling):
            if show is None or not isinstance(sources[-1], Prompts) or not interview.answers:
                return step
            show(step)
            if not sources[-1].after_ruling(lang):
                return step
            taken = interview.answers[-1]
            interview.back()
            continue
        default = typed(step, taken[1]) if taken and taken[0] == step.key else ""
        cmd = None
        offer = interview.offers_cards()
        for src in sources:
            src.offer_cards = offer
            if offer and isinstance(src, Replay) and (cmd := src.cards()) is not None:
                break
            cmd = src.get(step, lang, out, bool(interview.answers), default)
            if cmd is not None:
                break
        if cmd is None:
            raise Unfinished(step)
        if cmd.what == "why":
            print(why_text(step, lang), file=out)
            continue
        if cmd.what == "back":
            taken = interview.answers[-1] if interview.answers else None
            if not interview.back():
                print(word("prompt.nothing_back", lang), file=out)
            continue
        key, value = cmd.value
        if key == CARDS:
            try:
                interview.give_cards(value)
            except AnswerError as e:
                if cmd.loc is None:
                    print(f"! {e.say(lang)}", file=out)
                    continue
                raise BridgelawError(Problem(cmd.loc, f"cards: {e}")) from None
            print(word("prompt.deal_taken", lang), file=out)
            continue
        try:
            v = interview.answer(value, key)
        except AnswerError as e:
            if cmd.loc is None:
                print(f"! {e.say(lang)}", file=out)
                continue
            raise BridgelawError(Problem(cmd.loc, f"{step.key}: {e}", f"question '{step.text['en']}'")) from None
        if not isinstance(sources[0], Prompts):
            print(f"> {answer_text(step, v, lang)}", file=out)


# -- the command ---------------------------------------------------------------------------------


def _no_answer(question: Question, replay: Replay, file: str) -> str:
    """The answers ran out at ``question``: said at a misspelt key meant for it when one is close, else at the file."""
    import difflib
    unused = [e for e in replay.unused() if e.key]
    close = difflib.get_close_matches(question.key, [e.key for e in unused], n=1, cutoff=0.6)
    if close:
        e = next(e for e in unused if e.key == close[0])
        return Problem(e.loc, f"no answer for '{question.key}' ({question.text['en']}): is '{e.key}' meant for it?",
                       hint=f"write the key as the question names it: {question.key}").render()
    return f"{file}: no answer for '{question.key}': add '- {question.key}: ...' to the answers"


def _report_unused(replay: Replay, interview: Interview) -> None:
    """Warn of answers the interview never asked for, naming the questions it did ask."""
    from ..errors import suggest
    asked = [k for k, _ in interview.history()]
    for e in replay.unused():
        where = f"'{e.key}'" if e.key else repr(e.value)
        hint = suggest(e.key, asked, "the questions asked") if e.key else ""
        print(Problem(e.loc, f"answer {where} was not used: no question asked for it", severity="warning",
                      hint=hint).render(), file=sys.stderr)


def ask(root: Path, lang: str, answers: Path | None, save: Path | None, force: bool,
        display: Callable[[Path], str] = str, how: bool = True, debug: bool = False,
        logged: Callable[[Ruling, str], None] | None = None) -> int:
    """``bridgelaw ask``: interview, print the ruling with HOW, optionally save the incident; ``logged`` is
    given the ruling and the established facts as an incident file's text (``--log``)."""
    from ..read.answers import load_answers
    from ..engine import loaded
    from ..read.files import writable_target, write_atomic
    from ..read.incident import incident_text, load_incident
    why_not = writable_target(save, lang) if save else None
    if why_not:  # before the interview: a director's answers are never lost to a bad path
        print(word("ask.cannot_save", lang, path=display(save), why=why_not), file=sys.stderr)
        return 2
    knowledge, engine = loaded(root)
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if save and save.exists() and not force and not tty:
        print(word("cli.exists_kept", lang, path=display(save)), file=sys.stderr)
        return 1
    sources: list = [Replay(load_answers(answers, display(answers)), display(answers))] if answers else []
    sources.append(Prompts() if tty else Plain(sys.stdin))
    interview = Interview(knowledge, engine)
    shown: list = []

    def titled(ruling: Ruling) -> Ruling:
        kinds = interview.kinds_chosen()
        if kinds:  # named after what happened, in both languages: a saved file heads a Russian ruling too
            ruling.title = {lg: headline(knowledge.vocabulary, ruling, kinds, lg) for lg in ("ru", "en")}
            ruling.incident = ruling.title["en"]
        return ruling

    def show(ruling: Ruling) -> None:  # at a terminal: the ruling, then `back` may still take back the last answer
        print()
        print(titled(ruling).render(lang, how=how, debug=debug))
        shown.append(ruling)

    try:
        ruling = converse(interview, lang, sources, show=show)
    except Unfinished as e:  # never an empty ruling: say what is missing, and fail
        print(word("prompt.unfinished", lang, question=question_text(e.question, lang)), file=sys.stderr)
        if answers:
            print(_no_answer(e.question, sources[0], display(answers)), file=sys.stderr)
        return 1
    if answers:
        _report_unused(sources[0], interview)
    if not shown or shown[-1] is not ruling:
        print()
        print(titled(ruling).render(lang, how=how, debug=debug))
    if logged:
        cards = interview.cards_given()
        logged(ruling, incident_text(interview.facts_data(), source="bridgelaw ask", title=ruling.title or ruling.incident,
                                     cards={"text": cards} if cards else None))
    if save:
        replaced = save.exists()
        if replaced and not force:
            import questionary
            if not questionary.confirm(word("cli.replace", lang, path=display(save)), default=False).unsafe_ask():
                print(word("cli.kept", lang, path=display(save)), file=sys.stderr)
                return 1
        cards = interview.cards_given()
        text = incident_text(interview.facts_data(), source="bridgelaw ask", title=ruling.title or ruling.incident,
                             cards={"text": cards} if cards else None)
        try:
            write_atomic(save, text)
        except OSError as e:  # after the interview: keep the facts on the terminal
            print(f"\n{text}")
            print(word("ask.not_saved", lang, path=display(save), why=e.strerror or e), file=sys.stderr)
            return 1
        load_incident(save, knowledge.vocabulary, display(save))  # as `rule` will read it
        print(word("ask.replaced" if replaced else "ask.saved", lang, path=display(save)))
    return 0
