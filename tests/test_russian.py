"""Russian a director would read aloud and sign: declension and number agreement done once
(bridgelaw/words.py), and the defects of the Russian review (shared reference russian-review.md,
section 3) each held by the corrected line of the incident it quotes."""
from __future__ import annotations

import pytest

from bridgelaw.words import Said, agree, count, inflect, spec_problem


@pytest.mark.parametrize("n,ru,en", [(0, "ноль взяток", "0 tricks"), (1, "одна взятка", "1 trick"),
                                     (2, "две взятки", "2 tricks"), (4, "четыре взятки", "4 tricks"),
                                     (5, "пять взяток", "5 tricks"), (11, "одиннадцать взяток", "11 tricks"),
                                     (13, "тринадцать взяток", "13 tricks"), (21, "21 взятка", "21 tricks")])
def test_a_count_agrees_with_its_noun(n, ru, en):
    assert count(n, "tricks", "ru") == ru
    assert count(n, "tricks", "en") == en


def test_a_verb_agrees_with_the_number():
    assert [agree(n, "переходит|переходят|переходят", "ru") for n in (1, 3, 7, 12, 22)] == \
        ["переходит", "переходят", "переходят", "переходят", "переходят"]
    assert [agree(n, "is|are", "en") for n in (1, 2)] == ["is", "are"]


def test_seats_decline():
    assert [inflect("seat.S", c, "ru") for c in ("nom", "gen", "dat", "acc", "ins", "pre")] == \
        ["Юг", "Юга", "Югу", "Юга", "Югом", "Юге"]
    assert "Нарушение {p:gen} — намеренное; {p:ins}".format(p=Said("Запад", "ru", key="seat.W")) == \
        "Нарушение Запада — намеренное; Западом"
    assert "{p:gen}".format(p=Said("West", "en", key="seat.W")) == "West"


def test_an_unknown_spec_is_an_error_not_a_silent_nominative():
    assert spec_problem("gen") is None and spec_problem("tricks") is None and spec_problem("a|b") is None
    assert "unknown field spec ':genitive'" in spec_problem("genitive")
    with pytest.raises(ValueError):
        "{p:genitive}".format(p=Said("Юг", "ru", key="seat.S"))


# -- the review's ten most important defects (section 3), each held by the line it quoted -----------

import re  # noqa: E402
from pathlib import Path  # noqa: E402

from bridgelaw.faces import cli  # noqa: E402
from bridgelaw.words import WORDS, word  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"
# what a Russian screen may show in Latin letters: the typed commands, seat and suit letters of
# shorthand, incident codes (C03), proper names, law citations (64A2, 16B1(a)) and production ids in HOW
ALLOWED = {"why", "back", "ACBL", "WBF", "EBU", "RBF", "BBO", "NT", "bridgelaw", "Enter", "YAML", "UTF", "EN", "RU", "PBN", "LIN"}  # PBN, LIN: the names of the board formats a director pastes


def english(text: str) -> set[str]:
    """The Latin words of ``text`` a Russian director should not see."""
    text = re.sub(r"#\d+ \S+ \[", "", text)  # HOW's production ids
    text = re.sub(r"https?://\S+", "", text)
    text = re.sub(r"\b\d{1,2}[A-H]\d*(?:\([a-z]{1,4}\))+", "", text)  # 2017 subsections: 30B1(b)(ii)
    words = set(re.findall(r"(?<![\w.-])[A-Za-z][A-Za-z]+(?![\w(])", text))
    return words - ALLOWED


def rule(capsys, name: str, *args) -> str:
    assert cli.main(["rule", str(INCIDENTS / f"{name}.yaml"), *args]) == 0
    return capsys.readouterr().out


def ruling_lines(out: str) -> list[str]:
    """The ruling's numbered lines, without their numbers."""
    return [ln.split(". ", 1)[1] for ln in out.partition("Как получено:")[0].splitlines() if re.match(r"\d+\. \[", ln)]


def header(out: str) -> str:
    """The ruling's heading line (after the board's result line, when there is one)."""
    return next(ln for ln in out.splitlines() if ln.startswith(("Решение:", "Ruling:")))


def test_1_every_shipped_incident_is_headed_in_russian(capsys):
    for path in sorted(INCIDENTS.glob("*.yaml")):
        head = header(rule(capsys, path.stem, "--no-how"))
        words = re.findall(r"[A-Za-z]{2,}", head.replace("Решение:", ""))
        assert not set(words) - {"ACBL", "BBO"}, (path.name, head)  # proper names only
    out = rule(capsys, "revoke-trick-not-won-by-offender", "--no-how")
    assert header(out) == "Решение: Взятку с фальшренонсом взял не нарушитель: только одна взятка"
    assert header(rule(capsys, "revoke-trick-not-won-by-offender", "--lang", "en")) == \
        "Ruling: Revoke trick not won by the offender: one trick only"


def test_1_a_ruling_saved_from_an_english_interview_keeps_a_russian_title(tmp_path, capsys):
    mini = ROOT / "tests" / "interview"
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - incident: [revoke]\n  - deal.declarer: N\n  - revoke.offender: W\n"
                       "  - revoke.trick: 4\n  - yes\n  - partner\n  - no\n", encoding="utf-8")
    save = tmp_path / "incident.yaml"
    assert cli.main(["--root", str(mini), "ask", "--lang", "en", "--answers", str(answers), "--save", str(save)]) == 0
    capsys.readouterr()
    assert cli.main(["--root", str(mini), "rule", str(save), "--no-how"]) == 0
    head = header(capsys.readouterr().out)
    assert head == "Решение: Фальшренонс — Запад", head  # U19: who, not the kind alone


def test_2_trick_counts_are_words_that_agree(capsys):
    assert "[Правило 64A2] После розыгрыша одна взятка переходит от пары Восток-Запад к паре Север-Юг." in \
        ruling_lines(rule(capsys, "revoke-trick-not-won-by-offender"))
    lines = ruling_lines(rule(capsys, "claim-outstanding-trump-unmentioned"))
    assert "[Правило 70C] Паре Восток-Запад присуждается одна взятка. Её при нормальной (в т.ч. небрежной) игре" \
           " можно проиграть невыбитому козырю; она входит в итог." in lines
    assert not any("взяток:" in ln or ": 1." in ln for ln in lines)


def test_3_seats_are_declined(knowledge):
    from bridgelaw.run.record import render_element
    prod = knowledge.production("72B1.intentional-infraction")
    el = next(e for e in prod.then if getattr(e, "kind", "") == "procedural_penalty")
    text = render_element(knowledge, "procedural_penalty", {"player": "S"}, el.text)["ru"]
    assert "Нарушение Юга — намеренное:" in text, text
    prod = knowledge.production("68A.claim-defined")
    el = next(e for e in prod.then if getattr(e, "text", None))
    assert "Это претензия Юга на взятки." in render_element(knowledge, el.kind, {"player": "S"}, el.text)["ru"]


def test_4_a_permission_says_what_is_permitted(capsys):
    for path in sorted(INCIDENTS.glob("*.yaml")):
        for ln in ruling_lines(rule(capsys, path.stem, "--no-how")):
            assert not re.match(r"\[[^]]+\] Это (не )?разрешено", ln), (path.name, ln)
    assert "[Правило 16B1(b)] Выбранное действие разрешено: логической альтернативы не было" in \
        rule(capsys, "2d-misexplained-nobody-corrects")


def test_5_a_play_is_igra_kartoy_not_khod(knowledge):
    texts = [p.summary["ru"] for p in knowledge.productions]
    texts += [t for p in knowledge.productions for e in p.then if getattr(e, "text", None) for t in [e.text["ru"]]]
    for t in knowledge.vocabulary.templates.values():
        for s in t.slots.values():
            texts += [s.question["ru"]] if s.question else []
    for bad in ("заявками и ходами", "заявкой или ходом", "заявки или хода", "заявка или ход", "заявки и ходы"):
        assert not [t for t in texts if bad in t], bad


def test_6_the_central_16b1_line_reads_without_calques(capsys):
    out = rule(capsys, "hesitation-before-pass-then-3h")
    assert "[Правило 16B1(a)] Юг выбрал «3♥», а несанкционированная информация явно подсказывала этот выбор" \
           " скорее, чем логическую альтернативу: такой выбор запрещён, это нарушение." in out
    assert "по сравнению с" not in out and "менее подсказанн" not in out


def test_7_no_internal_id_inside_a_ruling_line(capsys):
    out = rule(capsys, "both-sides-revoke")
    assert "4. [Правило 63B] (в каждом случае: фальшренонс Востока и фальшренонс Юга) Фальшренонс установлен" in out
    assert "5. [Правило 64B7] Автоматической передачи взяток нет." in out  # the same two revokes: named once, above
    assert not re.search(r"\((east|south|west|north|revoke-[0-9])\)", out.split("\nКак получено:")[0])  # named in words
    out = rule(capsys, "repeated-revoke-same-suit", "--no-how")
    assert "(фальшренонс № 2)" in out
    assert not re.search(r"\((east|south|west|north|first|second)\)", out)


def test_8_the_terminal_interview_shows_no_english_in_russian(knowledge):
    import io

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from bridgelaw.faces.interview import Interview
    from bridgelaw.faces.prompt import Prompts, Unfinished, converse
    from conftest import on_own_thread
    out = io.StringIO()
    with create_pipe_input() as inp:  # revoke; South declares; play ended; West; "почему"; trick 4; Ctrl-D
        inp.send_text("revoke\r3\r1\r4\rпочему\r4\r\x04")
        with pytest.raises(Unfinished):
            on_own_thread(converse, Interview(knowledge), "ru", [Prompts(inp, DummyOutput())], out)
    screens = out.getvalue()
    assert "Фальшренонс" in screens and "почему (why), назад (back)" in screens
    assert english(screens) == set(), screens


def test_9_the_book_says_pravilo_never_zakon():
    ru = [v["ru"] for v in WORDS.values()]
    assert not [t for t in ru if re.search(r"\b[Зз]акон(|а|у|ом|е|ы|ов|ам|ами|ах)\b", t)]
    assert word("book.book", "ru") == "Правила в кодировке bridgelaw"


def test_10_the_73e2_line_says_what_and_whose(capsys):
    out = rule(capsys, "tempo-with-k2-of-trumps")
    assert "[Правило 73E2] У Запада не было очевидной бриджевой причины для этого действия, и он мог понимать," \
           " что оно может ввести оппонента в заблуждение к его выгоде; умысел значения не имеет. Если" \
           " ненарушившая сторона понесла ущерб, судья назначает компенсирующий результат." in out
    assert "невиновн" not in out


# -- Russian throughout: a scan of what a Russian director sees for English words ---------------------


def how_ids_out(text: str) -> str:
    """HOW may keep ids (a fact's id in brackets, the derived facts' line): the rest is scanned."""
    head, _, how = text.partition("Как получено:")
    how = "\n".join(re.sub(r"\((?:[a-z_]+\([^()]*\)|[a-z0-9_-]+)\)", "", ln) for ln in how.splitlines()
                    if not ln.strip().startswith("выведено:"))
    return head + how


def test_every_ruling_in_russian_with_how_has_no_english_word(capsys):
    found = {}
    for path in sorted(INCIDENTS.glob("*.yaml")):
        words = english(how_ids_out(rule(capsys, path.stem)))
        if words:
            found[path.name] = sorted(words)
    assert found == {}


def test_the_web_pages_in_russian_have_no_english_word(web_app):
    from fastapi.testclient import TestClient

    with TestClient(web_app, raise_server_exceptions=False, follow_redirects=True) as c:
        pages = {"start": c.get("/?lang=ru"), "broken": c.get("/?s=notastate&lang=ru"),
                 "no ruling": c.get("/ruling.txt?lang=ru"),
                 "answered": c.get("/answer", params={"k": "incident", "v": "revoke", "lang": "ru"})}
    for name, r in pages.items():
        # the technical reason, folded away for a report to the developers, is marked as English
        text = re.sub(r"<(script|style)\b.*?</\1>|<code lang=\"en\">.*?</code>", "", r.text, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", text)
        assert english(text) == set(), (name, english(text))


def test_more_of_the_review_g24_g25_e6_u6_u14(knowledge):
    v = knowledge.vocabulary.templates
    assert v["deal"].slots["contract"].question["ru"].startswith("Какой контракт (например, 4♥, 3БК")  # E6
    assert "если с руки болвана — укажите место болвана" in v["revoke"].slots["offender"].question["ru"]  # U14
    texts = " ".join(p.summary["ru"] + " ".join(e.text["ru"] for e in p.then if getattr(e, "text", None))
                     for p in knowledge.productions)
    assert "остаётся как сыграна" not in texts and "взятка остаётся такой, как была сыграна" in texts  # G24
    assert "Если невероятно" not in texts  # G15


# The rest of the review (../shared/reference/russian-review.md, by item): a wording found wrong must not
# come back, and the wording that replaced it stays.  Each row: item, the old words, where to look.
_REVIEW_GONE = [
    ("T4", "заявивший претензию"), ("T4", "не заявлявш"), ("T4", "заявил претензию"),
    ("T6", "законную карту"), ("T6", "мог законно"), ("T9", "трюк"),
    ("G6", "По мнению судьи, взяла бы"), ("G8", "отозвать согласие только за"), ("G14", "это не путь"),
    ("G14", "идёт в Правило"), ("G16", "и сообщает о деле"), ("G17", "согласились отдать уже взятые"),
    ("G17", "взяток вероятно взяли бы"), ("G17", "уступлено уже взятых"), ("G19", "своя сторона"),
    ("G20", "всё время бывшей"), ("G21", "доказательствам — конвенционные карты"), ("U3", "Он смотрит свою карту"),
    ("U5", "Пятая карта во взятке — Правило 45E"), ("U8", "пока претензия не решена"),
    ("U13", "Сомнение против стороны"), ("U13", "Принцип решения по претензии"), ("E9", "слот"),
    ("G7", "исправляется даже установленный"), ("G23", "вложены в коробку"), ("G10", "несанкционированы для"),
]


def _all_russian(knowledge) -> str:
    """Every Russian word the knowledge and the vocabulary can show: summaries, element texts, labels, questions."""
    def ru(x) -> str:
        return (x or {}).get("ru", "") if isinstance(x, dict) or x is None else ""
    out = []
    for p in knowledge.productions:
        out.append(ru(p.summary))
        out += [ru(getattr(e, "text", None)) for e in p.then]
    for law in knowledge.laws.values():
        out += [ru(law.title), ru(law.note)]
    v = knowledge.vocabulary
    for t in v.templates.values():
        out += [ru(t.label), ru(t.description)]
        for s in t.slots.values():
            out += [ru(s.label), ru(s.question)]
    for ek in v.elements.values():
        out += [ru(ek.label), ru(ek.text)] + [ru(a.label) for a in ek.args.values()]
    return "\n".join(out)


@pytest.mark.parametrize("item,old", _REVIEW_GONE, ids=[f"{i}-{o[:12]}" for i, o in _REVIEW_GONE])
def test_the_reviews_wordings_stay_mended(knowledge, item, old):
    assert old not in _all_russian(knowledge), f"{item}: '{old}' is back"


def test_the_reviews_g6_g18_u11_u9_read_in_order(knowledge, engine, capsys):
    from bridgelaw.faces.interview import Interview
    text = _all_russian(knowledge)
    assert "сделавший претензию" in text and "легальную карту" in text  # T4, T6 (the replacements)
    ek = knowledge.vocabulary.elements
    assert ek["director_judgment"].text["ru"] == "Судье решить:"  # G6: and the question follows in lower case
    assert ek["procedural_penalty"].text_last  # U11: the facts first, then the penalty the director may impose
    assert ek["concession_cancelled" if "concession_cancelled" in ek else "instruction"] is not None
    assert knowledge.vocabulary.templates["concession_cancelled"].label["ru"].startswith("Возврат")  # U9
    iv = Interview(knowledge, engine)
    iv.answer(("revoke",))
    q = iv.step()
    while q.kind != "exists":
        iv.answer(None if not q.choices else q.choices[0].value)
        q = iv.step()
    assert ":" not in q.text["ru"] or q.text["ru"].split(": ", 1)[1][:1].islower(), q.text["ru"]  # G18


def test_e3_the_how_trace_names_facts_in_words(capsys):
    """HOW in Russian: a derived fact by its label and values, not ``revoke_established(revoke-1)``; the n-th
    fact of a kind as «№ n», not ``revoke-1`` (an id the incident file chose itself is still shown)."""
    for path in sorted(INCIDENTS.glob("*.yaml")):
        cli.main(["rule", str(path)])
        how = capsys.readouterr().out.partition("\nКак получено:")[2]
        assert not re.search(r"\b[a-z_]+\([a-z]", how), (path.name, re.findall(r"\b[a-z_]+\([^)]*\)", how))
        assert not re.search(r"\b(revoke|claim|call|replacement|defective_trick)-[0-9]+\b", how), path.name
    cli.main(["rule", str(INCIDENTS / "revoke-trick-not-won-by-offender.yaml")])
    assert "выведено: Фальшренонс установлен" in capsys.readouterr().out


def test_the_director_trials_russian_stays_mended(knowledge):
    """Issue 15's trial: the glossary's «компенсирующий результат» (not «назначить компенсацию»), «вне
    очередности» for a call and «вне очереди» for a lead (not «не в очередь»), the final pass named as such."""
    text = _all_russian(knowledge)
    for old in ("назначить компенсацию", "не в очередь", "закончилась пасом", "О каком выборе речь"):
        assert old not in text, f"'{old}' is back"
    assert "назначить компенсирующий результат (27D)" in text and "первого хода вне очереди" in text
    assert "З:2П или W:2S — заявка Запада вне очередности" in knowledge.vocabulary.templates["auction"].slots["calls"].question["ru"]
    assert "заключительный пас" in knowledge.vocabulary.elements["auction_ended"].text["ru"]


def test_did_this_happen_as_well_reads_whatever_the_gender_of_what_it_names(knowledge):
    """«Было ли также: обязанность пасовать?» does not agree; the prompt's subject is «это» (neuter),
    and the template's label follows it after the colon, so every label reads: «Произошло ли также и это:
    обязанность пасовать?», «... и это: фальшренонс?».  It asks whether this happened as well, not
    whether something else did."""
    from bridgelaw.words import word
    for label in ("обязанность пасовать", "фальшренонс", "одновременные заявки"):
        assert word("question.exists", "ru", label=label) == f"Произошло ли также и это: {label}?"
    assert word("question.exists", "en", label="a revoke") == "Did this happen as well: a revoke?"
    assert word("question.another", "ru", label="фальшренонс") == "Был ли ещё один случай: фальшренонс?"


def test_one_of_several_facts_asked_about_is_numbered_with_no(knowledge, engine):
    """«Сделанный выбор 2: О каком выборе речь?» read badly: the second fact of a kind is «№ 2», and the
    question says what it asks."""
    from bridgelaw.faces.interview import Interview
    iv = Interview(knowledge, engine)
    st = iv._state()
    st.facts["choice-1"] = ("choice", {})
    st.facts["choice-2"] = ("choice", {})
    q = iv._slot_question(st, "choice-2", "choice", "option", ())
    assert q.subject["ru"] == "Сделанный выбор № 2" and q.subject["en"] == "A choice made no. 2"
    assert q.text["ru"] == "К какому из предложенных выборов он относится?"


# -- the turn-3 review's must-fix defects (each held here) ------------------------------------------------------

@pytest.fixture(scope="module")
def russian(ruled):
    """Every shipped incident's ruling in Russian, without HOW (the session's rulings, made once per process)."""
    return {p.stem: ruled.rule(ruled.load_incident(p)).render("ru", how=False)
            for p in sorted(INCIDENTS.glob("*.yaml"))}


def test_e1_card_ranks_are_russian_letters_in_russian_text(russian):
    """♦Т, ♣К, ♠Д, ♥В as the Russian Code writes them, never ♦A in a Russian line (English keeps A K Q J)."""
    for name, text in russian.items():
        assert not re.search(r"[♠♥♦♣][AKQJ]", text), (name, re.findall(r".{30}[♠♥♦♣][AKQJ].{10}", text))
    assert "Ход Востока картой ♦Т" in russian["opening-lead-out-of-turn"]
    assert "♣К Запада больше не штрафная: он возвращает её в руку" in russian["penalty-card-partner-to-lead"]  # T3
    from bridgelaw.values import render_card
    assert (render_card("DA", "ru"), render_card("SQ", "en"), render_card("H10", "ru")) == ("♦Т", "♠Q", "♥10")


def test_u1_the_27b1a_sentence_names_the_call(russian):
    text = russian["insufficient-3c-over-3d"]
    assert "Судья решает, обозначает ли 4♣ ту же деноминацию (те же деноминации), что и недостаточное назначение." in text
    assert "ту же деноминацию (деноминации)" not in text and "тех же деноминаций" not in text  # G11 too
    assert "«низшее достаточное назначение в той же деноминации»" in text


def test_t1_following_suit_is_answering_in_suit(russian):
    for name, text in russian.items():
        assert "сходил в масть" not in text, name
    assert "если бы Запад во взятке 2 ответил в масть" in russian["revoke-trick-not-won-by-offender"]


def test_g1_a_lead_is_required_or_forbidden_in_a_suit_not_in_the_suit_of(russian):
    for name, text in russian.items():
        assert not re.search(r"(пойти|ходить) в масть (трефы|бубны|червы|пики)", text), name
    assert "Восток обязан пойти в трефы (этим ходом)." in russian["penalty-card-partner-to-lead"]
    assert "Восток не вправе ходить в пики (пока сохраняет ход)." in russian["penalty-card-declarer-forbids-suit"]


def test_g5_g6_g13_u11_u12_i3_result_lines_read_as_sentences(russian):
    """The result line is said, not filled in as a form."""
    assert "Результат: остаётся результат, полученный за столом: 5♣ контра Юг" in \
        russian["2d-misexplained-nobody-corrects"]  # U12
    assert "Результат: компенсирующий вместо полученного за столом (82C); его определяет судья" in \
        russian["director-denied-acceptance-of-3c"]  # U11
    text = russian["repeated-revoke-same-suit"]
    assert "пара Север-Юг взяла бы тринадцать взяток — больше, чем 12 после автоматической передачи;" \
           " передачи недостаточно" in text  # G5
    assert "если на фальшренонс впервые обратили внимание после окончания тура: " in text and "««" not in text  # G13, G7
    text = russian["board-17-played-twice"]
    assert "для подсчёта результата не указано: форма счёта" in text and "нужно знать:" not in text  # G6
    assert "С-Ю средний минус, В-З средний плюс" in text  # I3: the glossary's «средний плюс / средний минус»
    for name, out in russian.items():
        assert "Результат: результат" not in out and "среднее плюс" not in out and "среднее минус" not in out, name


def test_u2_u9_the_31a_preview_names_who_calls_and_a_minor_card_frees_no_lead(russian):
    text = russian["opening-bid-out-of-turn-at-rho-turn"]
    assert "Если Север спасует, нарушитель обязан повторить своё назначение" in text
    assert "Если Север сделает назначение, контру или реконтру, нарушитель делает любую законную заявку" in text
    assert "Если он заявит" not in text and "его партнёр обязан пасовать" not in text
    text = russian["minor-penalty-card-another-spot-played"]
    assert "[52B1(a)]: Карта ♦3 Запада сыграна. ♦6 Запада остаётся штрафной картой." in text  # no partner's lead here
    assert "50D применяется снова" not in text


def test_g3_u17_the_choice_questions_are_said_not_templated():
    """No «выбрал(а)», no «Выбор уже сделан?» after a label: the question first, who chooses after it."""
    assert word("question.chosen", "ru", who="Юг") == "Что выбрано? Выбирает Юг."
    assert word("question.choice_made", "ru", who="разыгрывающий (Юг)", option="первый ход вне очереди (54)") == \
        "Уже выбрано, как поступить (первый ход вне очереди (54))? Выбирает разыгрывающий (Юг)."
    assert not any("(а)" in v["ru"] for v in WORDS.values())


# -- the interview's own words in Russian (turn 3: U18, E2, E3, E4) ----------------------------------------------

def _ask_ru(knowledge, lines: list[str]) -> str:
    """Answer the Russian interview with ``lines`` on a pipe, to its end: what the screen showed."""
    import io

    from bridgelaw.faces.interview import Interview
    from bridgelaw.faces.prompt import Plain, Unfinished, converse
    out = io.StringIO()
    with pytest.raises(Unfinished):
        converse(Interview(knowledge), "ru", [Plain(io.StringIO("".join(line + "\n" for line in lines)))], out)
    return out.getvalue()


# an opening lead out of turn: declarer South, East led ♦A face up on trick 1, nothing after; South has chosen
LEAD_OUT_OF_TURN = ["lead", "3", "2", "БТ", "1", "1", "1", "1"]


def test_u18_whose_lead_and_another_lead_are_asked_as_a_director_would(knowledge, engine):
    """Who leads now is asked where nothing has said it (a defender's exposed card), as a director asks it."""
    import io

    from bridgelaw.faces.director import answer_from
    from bridgelaw.faces.interview import Interview
    from bridgelaw.faces.prompt import Plain, Unfinished, converse
    from bridgelaw.read.incident import incident_from_facts
    exposed = incident_from_facts("t", {"deal": {"declarer": "S", "contract": "4H"},
                                        "exposed_card": {"player": "W", "card": "CK", "how": "deliberate_play"}},
                                  knowledge.vocabulary)
    iv = Interview(knowledge, engine)
    while (q := iv.step()).key != "exists:next_lead":
        iv.answer(answer_from(exposed, q, iv))
    out = io.StringIO()
    with pytest.raises(Unfinished):
        converse(Interview(knowledge, answers=iv.history()), "ru", [Plain(io.StringIO(""))], out)
    assert "? Известно, кто сейчас должен ходить?" in out.getvalue() and "и это: кто ходит" not in out.getvalue()
    out = _ask_ru(knowledge, LEAD_OUT_OF_TURN + ["1"])  # declarer became dummy: was there another lead?
    assert "? Был ли ещё один ход картой (например, ещё один ход вне очереди)?" in out
    assert "Был ли ещё один случай: ход картой" not in out
    lead = knowledge.vocabulary.templates["lead"]
    assert lead.asked_again["en"] == "Was another card led (another lead out of turn, say)?"


def test_e2_an_answer_not_offered_says_what_to_type_in_russian(knowledge):
    out = _ask_ru(knowledge, ["99"])
    assert re.search(r"! «99» — такого ответа нет: наберите номер от 1 до \d\d, «ещё» \(весь список\)\.", out), out[-600:]
    out = _ask_ru(knowledge, ["lead", "7"])  # four seats and the two sides: no 7th
    assert ("! «7» — такого ответа нет: наберите номер от 1 до 6 (1 — Север, 2 — Восток, 3 — Юг, 4 — Запад,"
            " 5 — Север или Юг, 6 — Восток или Запад)") in out
    for line in (ln for ln in out.splitlines() if ln.startswith("! ")):
        assert not english(line), line
        assert "=" not in line, line  # no 1=auction, 2=change_of_call


def test_e3_a_card_is_typed_and_refused_in_russian(knowledge):
    out = _ask_ru(knowledge, ["lead", "3", "2", "ЖЖ"])
    assert "? Какой картой пошли (например, ♥5, ♠К, Б10)?" in out
    assert "! «ЖЖ» — не карта: пишите масть и достоинство, например, ♥5, ♠К, Б10 или ЧТ" in out
    assert "H5, S10, DA" not in out
    out = _ask_ru(knowledge, LEAD_OUT_OF_TURN)  # the card typed «БТ» is said back as the ruling writes it
    assert "\n> ♦Т\n" in out and "> DA" not in out
    out = _ask_ru(knowledge, ["auction", "3", "2", "1H P 1S 1H"])
    assert "\n> 1♥ пас 1♠ 1♥\n" in out
    text = _all_russian(knowledge)
    assert "например, H5" not in text and "♠10)" not in text


def test_e4_ask_says_where_it_saved_the_facts_in_russian(tmp_path, monkeypatch, capsys):
    import io
    save = tmp_path / "ask.yaml"
    answers = ["auction", "3", "2", "2", "1H P 1S 1H", "2", "1", "3", "1", "1", "1", "1", "1", "1", "1", "1", "1",
               "1", "1", "1", "1", "1", "1"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    code = cli.main(["ask", "--save", str(save)])
    out = capsys.readouterr()
    if code == 0:
        assert f"Факты записаны в файл {save}" in out.out and "wrote" not in out.out
    else:  # the interview wanted more answers than typed: it says so in Russian, and saved nothing
        assert not english(out.err.replace(str(save), "")), out.err


def test_check_and_rule_say_a_files_common_problems_in_russian(tmp_path, capsys):
    """E8 and `check` in Russian: an unknown value, an unknown slot (with its «может быть»), a missing required
    slot, a missing file; --lang en keeps the English."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("facts:\n  deal: {declarer: X, contract: 4S}\n  lead:\n"
                   "    - {player: E, card: DA, trik: 1, faced: true, response: none}\n"
                   "  revoke:\n    - {what: 1}\n", encoding="utf-8")
    assert cli.main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:2:20: facts: deal.declarer: неизвестное значение «X»\n  deal.declarer — допустимо: E, N, S, W" in out
    assert "facts: в шаблоне lead нет поля «trik»\n  может быть, имелось в виду «trick»?\n  lead — допустимо: card," in out
    assert "facts: revoke: не указано обязательное поле «offender»" in out
    assert "unknown" not in out and "did you mean" not in out and " has: " not in out
    assert cli.main(["rule", str(bad)]) == 1
    assert "неизвестное значение «X»" in capsys.readouterr().err
    assert cli.main(["rule", str(tmp_path / "nope.yaml")]) == 1
    assert "nope.yaml: файл не найден" in capsys.readouterr().err
    assert cli.main(["check", "--lang", "en", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "deal.declarer: unknown value 'X'" in out and "unknown slot 'trik' in lead" in out
    assert "did you mean 'trick'?" in out and "revoke: required slot 'offender' is missing" in out


def test_u5_u6_no_contradiction_when_no_trick_moved_or_the_period_is_open(russian):
    """U5: both sides revoked, no trick moves (64B7): the result line says «за столом», not «после
    автоматического исправления». U6: while it is open whether the correction period has ended, the 71
    line says it on that condition, never asserts it."""
    text = russian["both-sides-revoke"]
    result = next(ln for ln in text.splitlines() if ln.startswith("Результат:"))
    assert "за столом было: 4♥ Юг, взяток: 10" in result and "автоматическ" not in result
    text = russian["claimed-twelve-agreed-eleven"]
    assert "Если уступка дошла до судьи в период коррекции, судья отменяет уступку взятки" in text
    assert "Период коррекции не истёк: судья отменяет" not in text


# -- the turn-3 review's M and L defects -------------------------------------------------------------------------

def _how(capsys, name: str) -> str:
    return rule(capsys, name).partition("Как получено:")[2]


def test_e5_t2_t3_how_and_lines_name_facts_and_plays_in_words(capsys, russian):
    """E5: HOW names a revoke the incident called "east" or "second" as the ruling lines do; T2: an event
    that is a card played is «игра картой»; T3: a card goes back to the hand («возвращает»), a card taken
    back is «взята назад», never «забирает/забран»."""
    how = _how(capsys, "both-sides-revoke")
    assert "Фальшренонс Востока: нарушитель = Восток" in how and "(east)" not in how and "(south)" not in how
    how = _how(capsys, "repeated-revoke-same-suit")
    assert "Фальшренонс № 2: нарушитель = Запад" in how and "(second)" not in how
    assert "событие = игра картой" in _how(capsys, "declarer-leads-out-of-turn-east-follows")
    for name, text in russian.items():
        assert "забира" not in text and "забран" not in text, name
    assert "Первый ход рубашкой вверх взят назад" in russian["face-down-lead-taken-back"]


def test_t4_t5_g8_i4_i5_u24_the_committee_tables_speak_the_codes_words(capsys, shipped_book, cases_ruled_once):
    """T4 «Заявка с отклонением»; T5 no «продукции»; G8 «закодировано» (Правило is neuter) and «3 пункта»;
    I4 coverage and book use the same status words and «Правил»; I5 both count the laws with productions;
    U24 the reasons said plainly, titles wrapped, never cut, no «[без заголовка: …]»."""
    with cases_ruled_once():  # the cases' rulings the session's engine made (conftest.py)
        assert cli.main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert "продукци" not in out.lower() and "записано" not in out and not re.search(r"\bправил\b", out)
    assert "3 пункта: закодировано 0, решает судья 0, опущено 3, нет 0" in out
    assert "организация игры или турнира: по конкретному случаю не решает" in out
    assert re.search(r"Наказание после потери права на +закодировано.*\n +исправление\n", out)  # wrapped, not cut
    assert "[без заголовка" not in out and "[заголовок не прочитан" not in out
    encoded = re.search(r"Закодированные положения есть у (\d+) из 93 Правил", out)[1]
    book, code, _ = shipped_book("ru")
    assert code == 0
    index = (book / "index.html").read_text(encoding="utf-8")
    assert f"Закодированные положения есть у {encoded} из 93 Правил" in index
    assert "продукци" not in index.lower() and ">закодирован<" not in index and "оставлено" not in index
    assert "Нерегулярная" not in (book / "law-27.html").read_text(encoding="utf-8")


def test_t7_g2_u13_i1_g7_lines_a_director_reads_aloud(russian):
    """T7 82C's doubt «толкуются в пользу каждой из пар», said once (no second «Судья назначает»); G2 a call
    replaced by the one intended, whatever it is; U13 no tag where the line names its revoke itself; I1 «левый
    (правый) оппонент» only; G7 what a slot left out decides is said «если …: …», never «: тогда»."""
    text = russian["director-denied-acceptance-of-3c"]
    assert "Сомнения толкуются в пользу каждой из пар, поэтому их результаты могут не дополнять друг друга" in text
    assert text.count("Судья назначает компенсирующий результат") == 2 and "пользу сомнения" not in text  # announce + line
    assert "Заявка 7 (контра) заменяется той, которую Юг намеревался сделать (реконтра);" in russian["double-meant-as-redouble"]
    assert "2. [Правило 61A] Это фальшренонс Востока;" in russian["both-sides-revoke"]
    for name, text in russian.items():
        assert not re.search(r"(левы|правы|лево|право)\w* противник", text), name
        assert not re.search(r"\(предварительно: [^\n]*: тогда", text) and "заменяется заявкой реконтра" not in text, name
    assert "6. [Правило 64B4] если на фальшренонс впервые обратили внимание после заявки ненарушившей стороны в" \
           " следующей сдаче: Автоматической передачи взяток нет." in russian["repeated-revoke-same-suit"]


def test_u3_u4_i8_the_64c_and_70d1_evidence_reads_as_russian(russian):
    """U3 «начиная с этой взятки … взяли бы N (если бы Запад сыграл ♦7, ♦5 или ♦4)»; U4 «эти подсчёты лишь
    помогают ему решить», never «рядом с его решением»; I8 «линии розыгрыша», never «порядки игры»."""
    text = russian["revoke-trick-not-won-by-offender"]
    assert re.search(r"ответил в масть, то, начиная с этой взятки, Север-Юг взяли бы \d+ \(если бы Запад сыграл ♦\d+"
                     r"(, ♦\d+)* или ♦\d+\)", text), text
    for name, text in russian.items():
        assert "рядом с его решением" not in text and "порядков игры" not in text and "Порядки расходятся" not in text, name


def test_u28_g9_g10_g11_g12_g14_i2_i6_the_lines_the_review_quoted_are_mended(russian, knowledge):
    vocab = knowledge.vocabulary
    text = "\n".join(russian.values())
    for old in ("вполне повлиять", "пришло после конца периода", "тех же деноминаций", "несанкционирована для",
                "снятого недостаточного", "к снятому назначению", "без помощи от нарушения", "полученной из нарушения",
                "открыл слабые 2♠", "судье решить — пункт", "нет факта:"):
        assert old not in text, old
    assert "Сведения от взятой назад заявки левого оппонента — несанкционированная информация для" in \
        russian["unintended-double-stop-card"]
    assert "никто не сыграл на эту карту и не сказал, что принимает" in \
        vocab.templates["lead"].slots["response"].label_of("none", "ru")


def test_e6_e7_the_russian_book_names_its_cases_in_russian(shipped_book):
    """E6: a case is titled in the book's language (its incident's title, or its law, number and what it
    expects), the English name folded beside it; a link to a case says «Правило 27, тест 3»; an element's
    arguments are named in Russian. E7: the footer names no command in English."""
    book, code, printed = shipped_book("ru")
    assert code == 0 and "записано страниц:" in printed
    page = (book / "law-27.html").read_text(encoding="utf-8")
    assert "Правило 27, тест 2: ожидается — " in page and ">Правило 27, тест 1</a>" in page
    assert '<details><summary>описание теста (на английском)</summary><p lang="en">C39, West accepts 3♣' in page
    assert "<b>C39, West accepts" not in page and "Создано программой bridgelaw" in page
    assert "Пересказы (торговля), тест " in page and ">tellings-" not in page and "; tellings-" not in page
    page = (book / "law-43.html").read_text(encoding="utf-8")
    assert "<b>Передача взяток</b> [64A2]: число взяток — 1; от пары — " in page and "from side" not in page
    en, code, _ = shipped_book("en")
    assert code == 0 and "<b>C39, West accepts 3♣" in (en / "law-27.html").read_text(encoding="utf-8")


def test_the_committee_tools_speak_russian_by_default(tmp_path, capsys):
    """schemas --check and the internal-error line in Russian unless --lang en."""
    assert cli.main(["schemas", "--check"]) == 0
    assert cli.main(["page", str(ROOT / "README.md")]) == 1
    err = capsys.readouterr().err
    assert "это файл, а не папка" in err and "is a file" not in err
    assert cli.main(["page", "--lang", "en", str(ROOT / "README.md")]) == 1
    assert "is a file, not a folder" in capsys.readouterr().err


def test_u7_u14_u15_u16_u23_u29_i9_more_lines_read_as_said(capsys, russian, knowledge):
    text = "\n".join(russian.values())
    for old in ("по 69B ничего не возвращается", "что из этого следует — ниже", "вне очередности названа:",
                "розыгрыш продолжается от неё", "Так по Правилу 12C2(a)", "(по номеру) действует обязанность",
                "Север–Юг", "Восток–Запад"):
        assert old not in text, old
    assert "Так требует Правило 12C2(a), если регламент турнира не предусматривает для испорченной сдачи иного" \
        " (Правило 87B)." in russian["rotated-board-one-table"]
    assert "розыгрыш продолжается с этой карты" in russian["declarer-leads-out-of-turn-east-follows"]
    how = _how(capsys, "claimed-twelve-agreed-eleven")
    assert "Согласие не отзывалось (69B): возвращать нечего." in how
    assert knowledge.vocabulary.elements["pass_obligation"].args["duration"].title("ru") == "срок"


def test_u27_g5_a_penalty_card_and_a_short_claim_said_once_and_plainly(russian):
    """U27: «Карта Востока (♦Т) теперь старшая штрафная карта», and 54A's «становится болваном» does not say
    again that the lead is accepted; G5: «уступает оставшуюся взятку (1)»."""
    text = "\n".join(russian.values())
    assert "становится штрафной: это" not in text and "и ход вне очереди считается правильным" not in text
    assert "Карта Востока (♦Т) теперь старшая штрафная карта." in russian["opening-lead-out-of-turn"]
    assert "Ход Востока картой ♦Т считается сделанным в очередь; игра продолжается с него." in \
        russian["opening-lead-out-of-turn"]
    assert "уступает оставшуюся взятку (1)." in russian["claimed-twelve-agreed-eleven"]


def test_u21_the_first_question_says_what_the_director_will_do_and_names_each_item_once(knowledge):
    """U21: «Вы введёте все заявки по порядку…», «Этот пункт — и для претензии, и для уступки», the «ещё»
    list's heading «Другое (всё, что упоминают Правила) — Торговля», and no two items with one label."""
    vocab = knowledge.vocabulary
    assert vocab.templates["auction"].description["ru"].startswith("Вы введёте все заявки по порядку от сдающего;")
    assert "Этот пункт — и для претензии, и для уступки" in vocab.templates["claim"].description["ru"]
    out = _ask_ru(knowledge, ["ещё"])
    assert "-- Другое (всё, что упоминают Правила) — Торговля" in out
    items = re.findall(r"^\s*\d+\. (.+?)\s*$", out[out.rindex("  1. "):], re.M)  # the whole list, once
    assert len(items) == len(set(items)) and not [i for i in items if i.endswith("неполное указание карты болвана")]


def test_the_regulations_page_says_yes_and_no_in_words(knowledge):
    """An election that is true or false reads «да» / «нет» in the book and in coverage --ra, never "true"."""
    from bridgelaw.committee.options import elections, render
    rows = {r.option: r for r in elections(knowledge, "wbf", None)}
    assert rows["opening_lead_face_down"].value_label["ru"] in ("да", "нет")
    text = render(list(rows.values()), "WBF", "ru")
    assert "opening_lead_face_down       да" in text and not re.search(r"_\w+ +(true|false)", text)  # YAML's words only in «допустимо»


def test_u8_u10_a_concession_is_named_and_a_board_played_out_counts(russian):
    assert "сторона сделавшего претензию (или уступку)" in russian["declarer-concedes-dummy-objects"]
    assert "Торговлю и розыгрыш этой сдачи доводят до конца за этим столом." in russian["wrong-table-auction-begun"]
    assert "и он засчитывается" not in russian["wrong-table-auction-begun"]  # 15B2: completed, then the score stands
    assert "Сдачу доигрывают, результат остаётся" not in russian["wrong-table-auction-begun"]


# -- the command line's own words: --help and argparse's usage errors -------------------------------------------

def _parsers(parser):
    """``parser`` and every parser under it (the commands, and the log's own commands)."""
    import argparse
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


def _usage_texts(lang):
    """Every help text, group title and metavar of the whole command line, built in ``lang``."""
    import argparse

    from bridgelaw.faces.usage import speaking
    from bridgelaw.log.options import log_parsers
    with speaking(lang):
        top = cli.build_parser()
        log = argparse.ArgumentParser(prog="bridgelaw log")
        log_parsers(log)
        texts = []
        for p in [*_parsers(top), *_parsers(log)]:
            texts += [p.description] + [g.title for g in p._action_groups]
            for a in p._actions:
                texts += [a.help] + list(a.metavar if isinstance(a.metavar, tuple) else [a.metavar])
                texts += [c.help for c in getattr(a, "_choices_actions", ())]
    return [t for t in texts if t and t != argparse.SUPPRESS]


def test_the_command_lines_help_and_usage_errors_are_russian_by_default(capsys):
    """argparse's own «usage:», «options:», «show this help message and exit» and its errors («the following
    arguments are required») in Russian (the GNU tools' Russian wording), and every help text of ours; --lang en
    keeps argparse's English."""
    from bridgelaw.faces.usage import ARGPARSE_RU as RU
    english = set(_usage_texts("en"))
    missing = [t for t in _usage_texts("ru") if re.search(r"[a-z]{3}", t) and t in english and t not in RU]
    assert not missing, missing  # an English help text with no Russian
    for argv in (["--help"], ["rule", "--help"], ["log", "--help"], ["log", "correct", "--help"]):
        with pytest.raises(SystemExit) as e:
            cli.main(argv)
        out = capsys.readouterr().out
        assert e.value.code == 0 and out.startswith("Использование: bridgelaw"), out
        assert "показать эту справку и выйти" in out and "\nпараметры:\n" in out
        for en in ("usage:", "options:", "show this help", "positional arguments", "default ru)", "the "):
            assert en not in out, (argv, en)
    with pytest.raises(SystemExit) as e:
        cli.main(["rule"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "bridgelaw rule: ошибка: не указаны обязательные аргументы: СЛУЧАЙ" in err, err
    with pytest.raises(SystemExit):
        cli.main(["rule", "x.yaml", "--lang", "de"])
    assert "аргумент --lang: недопустимое значение: 'de' (допустимо: 'ru', 'en')" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["log", "list", "--limit", "x"])
    assert "аргумент --limit: 'x': нужно целое число, 0 или больше" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["rule", "--lang", "en"])
    err = capsys.readouterr().err
    assert err.startswith("usage: bridgelaw rule") and "error: the following arguments are required: incident" in err
    with pytest.raises(SystemExit):
        cli.main(["log", "show", "--lang", "en", "--help"])
    out = capsys.readouterr().out
    assert "show this help message and exit" in out and "options:" in out and "Использование" not in out
    import argparse
    assert argparse._("usage: ") == "usage: "  # put back after each command line


def test_u26_i7_a_double_out_of_rotation_is_named_a_double_and_23c_says_shall(russian):
    """U26: the call out of rotation is said as what it is («контра вне очередности», «назначение вне
    очередности»), never «контра или реконтра» nor «Контра (реконтра)»; I7: 2017 Law 23C says the director
    *shall* adjust when the comparable call's assistance could well have changed the outcome and damaged the
    non-offenders, as 27D's line says it, never «может»."""
    text = russian["double-out-of-turn-over-3s"]
    assert "Контра Запада (заявка 2) — контра вне очередности в очередь партнёра; заявлять должен был Восток." in text
    assert "4. [Правило 29B] Заявка вне очередности отменяется." in text
    assert "— назначение вне очередности в очередь правого оппонента" in russian["opening-bid-out-of-turn-at-rho-turn"]
    text = russian["pass-out-of-turn-dealer-then-opens"]
    assert ("но если в конце розыгрыша судья сочтёт, что без помощи, полученной благодаря нарушению, исход сдачи мог"
            " быть иным и ненарушившая сторона понесла ущерб, он должен назначить компенсирующий результат (23C)") in text
    for name, out in russian.items():
        assert "контра или реконтра вне очередности, в" not in out and "Контра (реконтра)" not in out, name
        assert "может назначить компенсирующий результат (23C)" not in out, name


def test_i7_in_english_23c_says_shall_as_the_russian_does(engine):
    """I7 in English: the comparable-call line of Laws 30-32 says, as 2017 Law 23C and the Russian line do, that
    the director *shall* award an adjusted score when the assistance could well have changed the outcome and the
    non-offenders were damaged, never that he «may adjust»."""
    text = engine.rule(engine.load_incident(INCIDENTS / "pass-out-of-turn-dealer-then-opens.yaml")).render(
        "en", how=False)
    assert ("but if at the end of play the director judges that without the assistance gained through the infraction"
            " the outcome of the board could well have been different, and the non-offending side was damaged, he"
            " shall award an adjusted score (23C)") in text, text
    for law in ("30", "31", "32"):
        assert "may adjust the score (23C)" not in (ROOT / "knowledge" / f"law-{law}.yaml").read_text(), law


def test_u22_why_says_a_choice_still_to_be_made_as_a_condition(knowledge, capsys):
    """U22: «почему» before a choice is made lists the laws a choice would bring in on that condition («если
    будет выбрано «не принимать его», а затем «…»»), never «Выбрано: …» as if it were made; HOW, after the
    choice, still says «Выбрано:»."""
    out = _ask_ru(knowledge, ["auction", "3", "2", "2", "1H P 1S 1H", "1", "почему"])
    why = out[out.rindex("Ответ нужен для:"):]
    assert "27B1(a) Левый оппонент нарушителя может принять недостаточное назначение; если не примет, нарушитель" \
           " заменяет его законной заявкой (27B). — если будет выбрано «не принимать его», а затем «низшее достаточное" \
           " назначение в той же деноминации»." in why, why
    assert "Выбрано:" not in why
    assert "Выбрано: не принимать: заявка отменяется." in _how(capsys, "double-out-of-turn-over-3s")


def test_g7_a_condition_says_its_slot_as_a_clause_not_slot_and_value(russian):
    """G7: «если на фальшренонс впервые обратили внимание после окончания тура: …», the slot's clause (its
    vocabulary ``said``) for what is not known, never «если когда впервые обращено внимание — «…»» nor
    «поясняющее заявление — среди них одно из: …»."""
    text = russian["repeated-revoke-same-suit"]
    assert "если на фальшренонс впервые обратили внимание после окончания тура: Автоматической передачи взяток нет." \
        in text
    for name, out in russian.items():
        for line in (ln for ln in out.splitlines() if "если" in ln):
            assert not re.search(r"если [^,:]* — (одно из:|среди них|«)", line), (name, line)
            assert "если когда впервые обращено внимание" not in line.lower(), (name, line)


def test_g4_a_line_about_two_revokes_says_whether_it_is_said_of_each_or_of_both(russian):
    """G4: the same words about two revokes are one line; where they hold for each revoke alone (63B, 61A) the
    line says so («в каждом случае: фальшренонс № 1 и фальшренонс № 2»), where one law joins the two (64C2(b))
    it names them together («фальшренонс Востока и фальшренонс Юга»), never a bare comma list before a
    singular sentence."""
    text = russian["both-sides-revoke"]
    assert "1. [Правило 64C2(b)] (фальшренонс Востока и фальшренонс Юга) Судья назначает компенсирующий результат." in text
    assert "4. [Правило 63B] (в каждом случае: фальшренонс Востока и фальшренонс Юга) Фальшренонс установлен:" in text
    assert "2. [Правило 61A] (в каждом случае: фальшренонс № 1 и фальшренонс № 2) Это фальшренонс Запада;" in \
        russian["repeated-revoke-same-suit"]
    for name, out in russian.items():
        assert not re.search(r"^\d+\. \[[^]]+\] \([^)]*, фальшренонс", out, re.M), name


def test_test_says_it_found_no_case_in_russian(capsys):
    """`bridgelaw test -k TEXT` matching no case said so in English whatever the language."""
    from bridgelaw.committee.testrun import TestRun
    nothing = TestRun([], [], None)
    assert (nothing.render("ru"), nothing.render("en")) == ("тестов не найдено", "no cases found")


def test_u6_what_is_not_known_is_said_under_its_condition_never_as_provisional_marks(russian):
    """U6 (and issue 28's one mechanism): an element an open question could change is said under each answer's
    condition («если …: …»), once per line, never as «(предварительно: …)» marks repeated under several lines."""
    for name, out in russian.items():
        assert "(предварительно: если" not in out and "(предварительно, как пункт" not in out, name
    text = russian["repeated-revoke-same-suit"]
    assert text.count("если на фальшренонс впервые обратили внимание после окончания тура:") == 1


def test_u19_a_ruling_from_the_interview_is_headed_by_what_happened(monkeypatch, capsys):
    """U19: «Решение: Заявка 4 (Восток: 1♥) — недостаточное назначение» (the irregularity its first line names),
    «Решение: Ход картой (первый или в следующую взятку) — Восток, ♦Т», never «Решение: Торговля»."""
    import io
    for answers, head in ((["auction", "3", "2", "2", "1H P 1S 1H", "2"],
                           "Решение: Заявка 4 (Восток: 1♥) — недостаточное назначение"),
                          (LEAD_OUT_OF_TURN + ["3", "1", "1", "2"],
                           "Решение: Ход картой (первый или в следующую взятку) — Восток, ♦Т")):
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
        cli.main(["ask", "--no-how"])
        out = capsys.readouterr().out
        assert f"\n{head}\n" in out, out[-1500:]


def test_u20_a_refused_lead_out_of_turn_from_the_interview_says_each_line_once(monkeypatch, capsys):
    """U20: the ruling `ask` gives for a refused opening lead out of turn, 50D2's choice then made, printed
    «Запад обязан пойти в бубны» and «Карта ♦Т Востока больше не штрафная» twice each."""
    import io
    answers = LEAD_OUT_OF_TURN + ["3", "1", "1", "2", "2", "2", "2"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    cli.main(["ask", "--no-how"])
    out = capsys.readouterr().out
    lines = ruling_lines(out[out.rindex("\nРешение:"):])
    assert "[Правило 50D2(a)] Запад обязан пойти в бубны (этим ходом)." in lines, lines
    assert len(lines) == len(set(lines)), lines


def test_u20_after_54d_says_west_leads_who_leads_is_not_asked(knowledge):
    """U20's other half: 54D has just said «ходит Запад»; the interview does not ask who is to lead."""
    out = _ask_ru(knowledge, LEAD_OUT_OF_TURN + ["3"])  # not accepted: 54D names the leader
    assert "Ход Востока картой ♦Т не принят; ходит Запад." in out
    assert "Известно, кто сейчас должен ходить?" not in out


def test_the_announcement_lists_three_choices_as_russian_lists_them(russian):
    """«A», «B» или «C», not «A» или «B» или «C»."""
    assert russian["opening-lead-out-of-turn"].startswith(
        "Объявить: Выбирает разыгрывающий (Юг): «раскрыть свои карты и стать болваном», «принять ход» или «не принять"
        " ход: карта становится старшей штрафной».")
    for name, out in russian.items():
        assert not re.search(r"» или «[^»]*» или «", out.splitlines()[0]), name
