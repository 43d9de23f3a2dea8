"""The director's words: every fixed Russian and English string a director or a committee reader sees.

Shape::

    WORDS = {"ruling.how": {"ru": "Как получено", "en": "How"}, ...}   # key -> {ru, en}
    word("page.question", "ru", n=3)     # "Вопрос 3": one text, its {fields} filled
    both("interview.exists", label=...)  # {ru, en}: both texts, e.g. a Question's text
    words("page", "en")                  # {name: text} of a group, for a template (``w.app``)
    same("revoke-1")                     # {ru, en} of a text that reads alike in both (a fact id)

A key is ``group.name``; the group names the place the words are shown
(``ruling`` the ruling's headings, ``describe`` the book's connective words,
``question`` the interview, ``prompt`` the terminal, ``page`` the web page,
``book`` the committee's book, ``cli`` the command's own messages, and the
built-in values: ``seat``, ``side``, ``suit``, ``answer``, ``contract``).
What can be said about an incident (labels, questions, element texts) is
not here: it is the vocabulary's (facts/vocabulary.yaml).  This module
imports nothing, so every layer may take its words from it.
"""
from __future__ import annotations

LANGS = ("ru", "en")
MESSAGES = "en"  # the language of the command's own messages (cli.*) until they follow --lang

WORDS: dict[str, dict[str, str]] = {
    # -- the ruling as text (Ruling.render) and its headings on the page
    "ruling.ruling": {"ru": "Решение", "en": "Ruling"},
    "ruling.how": {"ru": "Как получено", "en": "How"},
    "ruling.open": {"ru": "Остаются вопросы", "en": "Open questions"},
    "ruling.why": {"ru": "нужно для", "en": "needed by"},
    "ruling.none": {"ru": "Ни одна закодированная продукция не применима к этим фактам. bridgelaw пока кодирует"
                          " не все Правила: если инцидент подпадает под другое Правило, решайте по Кодексу.",
                    "en": "No encoded production applies to these facts. bridgelaw does not encode every law yet:"
                          " if the incident falls under another law, rule from the law book."},
    "ruling.facts": {"ru": "факты", "en": "facts"},
    "ruling.derived": {"ru": "выведено", "en": "derived"},
    "ruling.incident": {"ru": "Инцидент", "en": "Incident"},
    "ruling.law": {"ru": "Правило", "en": "Law"},

    # -- productions, facts and elements in plain words (explain/describe.py): a slot test's operator,
    #    a seat accessor ({v} the variable), and the connectives around them
    "describe.eq": {"ru": "—", "en": "is"},
    "describe.ne": {"ru": "— не", "en": "is not"},
    "describe.in": {"ru": "— одно из:", "en": "is one of"},
    "describe.not_in": {"ru": "— ни одно из:", "en": "is none of"},
    "describe.lt": {"ru": "меньше", "en": "is less than"},
    "describe.le": {"ru": "не больше", "en": "is at most"},
    "describe.gt": {"ru": "больше", "en": "is more than"},
    "describe.ge": {"ru": "не меньше", "en": "is at least"},
    "describe.known_true": {"ru": "известно", "en": "is known"},
    "describe.known_false": {"ru": "ещё не установлено", "en": "is not known yet"},
    "describe.no_fact": {"ru": "нет факта: {label}", "en": "there is no fact: {label}"},
    "describe.side": {"ru": "сторона {v}", "en": "the side of {v}"},
    "describe.opponents": {"ru": "противники {v}", "en": "the opponents of {v}"},
    "describe.partner": {"ru": "партнёр {v}", "en": "the partner of {v}"},
    "describe.lho": {"ru": "левый противник {v}", "en": "the left-hand opponent of {v}"},
    "describe.rho": {"ru": "правый противник {v}", "en": "the right-hand opponent of {v}"},
    "describe.id": {"ru": "этот факт", "en": "this fact"},
    "describe.unknown": {"ru": "неизвестно", "en": "unknown"},
    "describe.quote": {"ru": "«{}»", "en": "“{}”"},

    # -- the interview's own questions (faces/interview.py); every other question is the vocabulary's
    "question.incident": {"ru": "Что произошло? (можно выбрать несколько)",
                          "en": "What happened? (you may pick several)"},
    "question.exists": {"ru": "Было ли также: {label}?", "en": "Was there also: {label}?"},
    "question.another": {"ru": "Был ли ещё один случай: {label}?", "en": "Was there another: {label}?"},
    "question.required": {"ru": "нужно, чтобы записать инцидент в файл (обязательный факт)",
                          "en": "needed to write the incident to a file (a required fact)"},
    "question.judgment": {"ru": "вопрос судейской оценки", "en": "a question of the director's judgment"},

    # -- the interview in a terminal (faces/prompt.py)
    "prompt.why": {"ru": "почему? (какие правила ждут ответа)", "en": "why? (the laws waiting on this answer)"},
    "prompt.back": {"ru": "назад (изменить прошлый ответ)", "en": "back (change the last answer)"},
    "prompt.unknown": {"ru": "не знаю", "en": "not known"},
    "prompt.waiting": {"ru": "Ответ нужен для", "en": "This answer is needed by"},
    "prompt.hint": {"ru": "why — почему, back — назад, ? — не знаю", "en": "why, back, ? = not known"},
    "prompt.nothing_back": {"ru": "Отменять нечего.", "en": "There is no answer to take back."},
    "prompt.pick": {"ru": "выберите хотя бы одно (пробел)", "en": "pick at least one (space)"},
    "prompt.command_why": {"ru": "почему", "en": "why"},  # typed at a question: list the laws waiting
    "prompt.command_back": {"ru": "назад", "en": "back"},  # typed at a question: take back the last answer

    # -- the web page (faces/web/pages.py and its templates: ``w.NAME``, with the ruling.* words)
    "page.app": {"ru": "Судья · Правила бриджа", "en": "Director · Laws of Bridge"},
    "page.new": {"ru": "Новый инцидент", "en": "New incident"},
    "page.question": {"ru": "Вопрос {n}", "en": "Question {n}"},
    "page.unknown": {"ru": "Не знаю", "en": "Not known"},
    "page.ask_why": {"ru": "Почему этот вопрос?", "en": "Why this question?"},
    "page.waiting": {"ru": "Ответ нужен для:", "en": "The answer is needed by:"},
    "page.back": {"ru": "← Назад", "en": "← Back"},
    "page.next": {"ru": "Дальше →", "en": "Next →"},
    "page.answers": {"ru": "Ваши ответы ({n})", "en": "Your answers ({n})"},
    "page.copy_button": {"ru": "Копировать текст", "en": "Copy text"},
    "page.copied": {"ru": "Скопировано ✓", "en": "Copied ✓"},
    "page.copy_failed": {"ru": "Не удалось скопировать: выделите текст ниже вручную",
                         "en": "Could not copy: select the text below by hand"},
    "page.download": {"ru": "Скачать инцидент (YAML)", "en": "Download incident (YAML)"},
    "page.text": {"ru": "Текст решения", "en": "Ruling as text"},
    "page.error": {"ru": "Не получилось продолжить", "en": "Cannot go on"},
    "page.start": {"ru": "Начать заново", "en": "Start again"},
    "page.keep": {"ru": "Продолжить с ответами, которые подходят ({n})", "en": "Go on with the answers that fit ({n})"},
    "page.pick": {"ru": "Выберите хотя бы один вариант.", "en": "Pick at least one."},
    "page.state_error": {"ru": "Ответы в адресе страницы повреждены или не подходят к вопросам.",
                         "en": "The answers in the page address are damaged or do not fit the questions."},
    "page.internal": {"ru": "Внутренняя ошибка программы (записана в журнал сервера). Начните заново; если"
                            " повторится, сообщите разработчикам.",
                      "en": "An internal error in the program (written to the server's log). Start again; if it"
                            " happens again, please report it."},
    "page.no_ruling": {"ru": "Решение ещё не получено: ответьте на вопросы.",
                       "en": "There is no ruling yet: answer the questions."},

    # -- the committee's book (committee/book.py and templates/book: ``t.NAME``; ``t[status]`` a coverage status)
    "book.book": {"ru": "Законы в кодировке bridgelaw", "en": "The Laws as bridgelaw encodes them"},
    "book.law": {"ru": "Закон", "en": "Law"},
    "book.laws": {"ru": "Законы", "en": "Laws"},
    "book.when": {"ru": "Когда", "en": "When"},
    "book.then": {"ru": "Решение", "en": "Ruling"},
    "book.derive": {"ru": "Устанавливает для других законов", "en": "States for other laws"},
    "book.overrides": {"ru": "Имеет приоритет над", "en": "Takes precedence over"},
    "book.overridden_by": {"ru": "Уступает", "en": "Gives way to"},
    "book.uses": {"ru": "Использует факты, установленные", "en": "Uses facts stated by"},
    "book.feeds": {"ru": "Её факты используют", "en": "Its facts are used by"},
    "book.see": {"ru": "См. также", "en": "See also"},
    "book.cases": {"ru": "Случаи", "en": "Cases"},
    "book.fired_by": {"ru": "Случаи, где она срабатывает", "en": "Cases that fire it"},
    "book.none": {"ru": "нет", "en": "none"},
    "book.no_case": {"ru": "ни один случай пока не вызывает эту продукцию", "en": "no case fires this production yet"},
    "book.facts": {"ru": "Факты", "en": "Facts"},
    "book.expect": {"ru": "Ожидается", "en": "Expected"},
    "book.expect_none": {"ru": "Не должно быть", "en": "Must not contain"},
    "book.fired": {"ru": "Сработали продукции", "en": "Productions fired"},
    "book.passed": {"ru": "проходит", "en": "passes"},
    "book.failed": {"ru": "НЕ ПРОХОДИТ", "en": "FAILS"},
    "book.status": {"ru": "Статус", "en": "Status"},
    "book.productions": {"ru": "Продукции", "en": "Productions"},
    "book.sections": {"ru": "Разделы", "en": "Sections"},
    "book.encoded": {"ru": "закодирован", "en": "encoded"},
    "book.judgment": {"ru": "решает судья", "en": "left to judgment"},
    "book.missing": {"ru": "нет", "en": "missing"},
    "book.left_out": {"ru": "оставлен", "en": "left out"},
    "book.units": {"ru": "Пункты", "en": "Units"},
    "book.tally": {"ru": "пунктов {n}: закодировано {encoded}, решает судья {judgment}, оставлено {left_out}, нет {missing}",
                   "en": "{n} unit(s): {encoded} encoded, {judgment} left to judgment, {left_out} left out, {missing} missing"},
    "book.-": {"ru": "не закодирован", "en": "not encoded"},
    "book.note": {"ru": "Примечание", "en": "Note"},
    "book.source": {"ru": "Источник", "en": "Source"},
    "book.vocabulary": {"ru": "Словарь", "en": "Vocabulary"},
    "book.templates": {"ru": "Факты", "en": "Facts"},
    "book.elements": {"ru": "Элементы решения", "en": "Ruling elements"},
    "book.question": {"ru": "Вопрос", "en": "Question"},
    "book.derived_t": {"ru": "выводится продукциями", "en": "derived by productions"},
    "book.many_t": {"ru": "может быть несколько", "en": "several per incident"},
    "book.judgment_q": {"ru": "суждение судьи", "en": "the director's judgment"},
    "book.generated": {"ru": "Создано командой bridgelaw book из базы знаний; текст законов не воспроизводится.",
                       "en": "Generated by bridgelaw book from the knowledge; the law text itself is not reproduced."},
    "book.summary": {"ru": "Продукции есть у {encoded} из 93 законов ({n} продукций, {c} случаев).",
                     "en": "{encoded} of 93 laws have productions ({n} productions, {c} cases)."},
    "book.law_n": {"ru": "Закон {n}", "en": "Law {n}"},  # a law the table of laws does not title

    # -- the command's own messages (faces/cli.py, faces/prompt.py's ask); shown in English for now
    "cli.checked": {"ru": "{summary}: ошибок: {errors}, предупреждений: {warnings}",
                    "en": "{summary}: {errors} error(s), {warnings} warning(s)"},
    "cli.book_written": {"ru": "записано страниц: {n}, в {out}; откройте {index}",
                         "en": "wrote {n} page(s) to {out}; open {index}"},
    "cli.schema_stale": {"ru": "{path}: устарел; выполните `bridgelaw schemas`",
                         "en": "{path}: out of date; run `bridgelaw schemas`"},
    "cli.schemas_written": {"ru": "записано файлов схем: {n}", "en": "wrote {n} schema file(s)"},
    "cli.internal": {"ru": "bridgelaw: внутренняя ошибка ({error}); пожалуйста, сообщите о ней,"
                           " с BRIDGELAW_DEBUG=1 для подробностей",
                     "en": "bridgelaw: internal error ({error}); please report it,"
                           " with BRIDGELAW_DEBUG=1 set for the details"},
    "cli.exists_kept": {"ru": "{path} уже есть: не заменён (добавьте --force, чтобы заменить)",
                        "en": "{path} exists: not replaced (add --force to replace it)"},
    "cli.replace": {"ru": "{path} уже есть. Заменить?", "en": "{path} exists. Replace it?"},
    "cli.kept": {"ru": "{path}: не заменён", "en": "{path}: not replaced"},
    "cli.replaced": {"ru": "заменён {path}", "en": "replaced {path}"},
    "cli.wrote": {"ru": "записан {path}", "en": "wrote {path}"},

    # -- the built-in values (values.py): seats, sides, suits, yes/no, a contract's strain and doubles
    "seat.N": {"ru": "Север", "en": "North"},
    "seat.E": {"ru": "Восток", "en": "East"},
    "seat.S": {"ru": "Юг", "en": "South"},
    "seat.W": {"ru": "Запад", "en": "West"},
    "side.NS": {"ru": "Север-Юг", "en": "North-South"},
    "side.EW": {"ru": "Восток-Запад", "en": "East-West"},
    "suit.S": {"ru": "пики", "en": "spades"},
    "suit.H": {"ru": "червы", "en": "hearts"},
    "suit.D": {"ru": "бубны", "en": "diamonds"},
    "suit.C": {"ru": "трефы", "en": "clubs"},
    "suit.NT": {"ru": "без козыря", "en": "notrump"},
    "answer.yes": {"ru": "да", "en": "yes"},
    "answer.no": {"ru": "нет", "en": "no"},
    "contract.NT": {"ru": "БК", "en": "NT"},
    "contract.X": {"ru": " контра", "en": "X"},
    "contract.XX": {"ru": " реконтра", "en": "XX"},
    "call.P": {"ru": "пас", "en": "pass"},
    "call.X": {"ru": "контра", "en": "double"},
    "call.XX": {"ru": "реконтра", "en": "redouble"},
}


def word(key: str, lang: str, **fields) -> str:
    """The text of ``key`` in ``lang``, its ``{fields}`` filled when any are given."""
    text = WORDS[key][lang]
    return text.format(**fields) if fields else text


def both(key: str, **fields) -> dict[str, str]:
    """``{ru, en}``: the text of ``key`` in every language."""
    return {lang: word(key, lang, **fields) for lang in LANGS}


def words(group: str, lang: str) -> dict[str, str]:
    """``{name: text}`` for every ``group.name``: the words a template reads by name."""
    head = group + "."
    return {k[len(head):]: v[lang] for k, v in WORDS.items() if k.startswith(head)}


def same(text: str) -> dict[str, str]:
    """``{ru, en}`` of a text that is not a word and reads alike in every language (a fact id, a title)."""
    return dict.fromkeys(LANGS, text)
