"""Each thing said once: no sentence of a shipped incident's ruling is printed twice, in either language.

A ruling that names the lowest sufficient bid in its 27A1 element and again under the choice to refuse,
or asks a judgment both as an element and among the open questions, makes the director read the same
thing twice.  What may repeat is only what is said of two different things: the same consequence under
two choices of one option (each choice is read to the chooser on its own), the same words about two
facts the ruling names (a call by East, a call by West), and the sentences listed in ``TWO_THINGS``
with what makes them two.  The provisional marks and the open questions' WHY are left out: each belongs
to its own element or question.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))

SENTENCE = re.compile(r"(?<=[.!?;])\s+")  # sentences, and their clauses: a clause may repeat a sentence
ELEMENT = re.compile(r"^(\d+)\. \[[^\]]*\](?: \(([^)]*)\))? (.*)$")
TRICK = re.compile(r"^(\S+: )?\d+ \(\S+\): ")  # a trick of a line of play shown as evidence: a record, not a sentence
CHOICE = re.compile(r"^\s+- (.*)$")

# sentences that repeat because they are said of two different things, and what the two are: (incident, sentence),
# "*" for any incident
TWO_THINGS = {
    # one procedural penalty for each infraction the ruling names (20F5(b) and 75B2 name two players' failures)
    ("*", "the director may impose a procedural penalty (Law 90)"),
    ("*", "судья может назначить процедурное наказание (Правило 90)"),
    # 87B gives each side its own artificial score, each with its reason
    ("*", "so under Law 12C2(a), unless the tournament's regulations give another method for a fouled board (87B)"),
    ("*", "так требует Правило 12C2(a), если регламент турнира не предусматривает для испорченной сдачи иного (Правило 87B)"),
    # each revoke of two is named with what follows it (61A, one per revoke)
    ("*", "дальше — Правила 62–64"),
    # 64C's evidence from the cards opens each revoke's reference (two revokes, two references)
    ("*", "for 64C, from the cards (double dummy"),
    ("*", "для 64C по картам (двойной болван"),
    # whose turn it was, said of each call out of rotation that the ruling names by its number (30A, 31B)
    ("simultaneous-calls-out-of-rotation-before-dealer", "it was South's turn to call"),
    ("simultaneous-calls-out-of-rotation-before-dealer", "заявлять должен был Юг"),
    # two outcomes of which only one will be: the replacement stands (27B1(a), provisional) or the LHO accepts
    # the insufficient bid (27C's choice); the auction goes on after either
    ("insufficient-3c-replaced-4c-prematurely", "the auction proceeds without further rectification"),
    ("insufficient-3c-replaced-4c-prematurely", "торговля продолжается без дальнейшего исправления"),
}


def said(text: str) -> list[tuple[str, tuple, str]]:
    """The ruling's sentences as (sentence, where, about): where is the element (and choice) that says it."""
    out = []
    element, about, section, run = None, "", "ruling", ""
    for n, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if not stripped or stripped.startswith("("):  # a provisional mark: its own element's
            continue
        if stripped.startswith(("Tell the table:", "Объявить:")):  # the announcement: what follows, said aloud first
            continue
        if line.endswith(":") and not line.startswith(" "):
            section = line
            continue
        if section.startswith(("Open questions", "Остаются вопросы")):
            stripped = re.sub(r" \((needed by|нужно для) [^)]*\)$", "", stripped.lstrip("- "))
            where, about = ("question", n), ""
        elif (m := ELEMENT.match(line)):  # what an element is about is printed once for a run: it holds till another
            element, about, stripped = int(m.group(1)), m.group(2) or (run if m.group(2) is None else ""), m.group(3)
            run = about
            if (cond := re.match(r"(?:if|если) (.+?): ", stripped)):  # said under a condition: the same words under
                about, stripped = f"{about} {cond.group(1)}", stripped[cond.end():]  # another are about another case
            where = ("element", element)
        elif (m := CHOICE.match(line)) and element is not None:
            stripped, where = re.sub(r"^.*?\[[^\]]*\]: ", "", m.group(1)), ("choice", element, n)  # less its label
        else:
            where, about = ("line", n), ""
        out += [(_plain(s), where, about) for s in SENTENCE.split(stripped)
                if len(s.strip()) > 15 and not TRICK.match(s.strip())]
    return out


def _plain(clause: str) -> str:
    """A clause as said anywhere: without its closing stop, from a capital or not."""
    clause = clause.strip().rstrip(".;:")
    return clause[:1].lower() + clause[1:]


def repeated(text: str, incident: str = "") -> list[str]:
    places = defaultdict(list)
    for sentence, where, about in said(text):
        places[sentence].append((where, about))
    bad = []
    for sentence, at in places.items():
        if len(at) < 2 or ("*", sentence) in TWO_THINGS or (incident, sentence) in TWO_THINGS:
            continue
        choices = {w[1] for w, _ in at if w[0] == "choice"}
        if all(w[0] == "choice" for w, _ in at) and len(choices) == 1:
            continue  # two choices of one option, each read on its own
        abouts = [a for _, a in at]
        if all(abouts) and len(set(abouts)) == len(abouts):
            continue  # the same words about different facts
        bad.append(sentence)
    return bad


@pytest.mark.parametrize("path", INCIDENTS, ids=lambda p: p.stem)
def test_no_sentence_of_a_ruling_is_said_twice(ruled, path):
    ruling = ruled.rule(ruled.load_incident(path))  # made once per test process (conftest's ruled)
    for lang in ("en", "ru"):
        assert repeated(ruling.render(lang, how=False), path.stem) == [], (path.name, lang)


def test_the_guard_sees_a_sentence_said_twice():
    text = ("Ruling: t\n\n1. [Law 27A1] Call 2 is insufficient. The lowest sufficient bid is 2♠.\n"
            "2. [Law 27A1] The choice is for West.\n     - refuse it [27B]: The lowest sufficient bid is 2♠.\n")
    assert repeated(text) == ["the lowest sufficient bid is 2♠"]
