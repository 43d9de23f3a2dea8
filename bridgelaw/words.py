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

WORDS: dict[str, dict[str, str]] = {
    # -- the ruling as text (Ruling.render) and its headings on the page
    "ruling.ruling": {"ru": "Решение", "en": "Ruling"},
    # the announcement that opens a ruling (explain/announce.py): what the director tells the table now
    "ruling.announce": {"ru": "Объявить", "en": "Tell the table"},
    "announce.choose": {"ru": "{who}: {choices}.", "en": "{who}: {choices}."},
    "announce.or": {"ru": " или ", "en": ", or "},
    # an auction's choice nobody made before the auction ended (explain/assemble.py, _left_unmade)
    "ruling.choice_unmade": {"ru": "Торговля окончилась раньше, чем этот выбор был сделан: сделать его уже нельзя; "
                                   "ниже — к чему привёл бы каждый вариант.",
                             "en": "The auction ended before this choice was made: it can no longer be made; each "
                                   "choice below is what it would have led to."},
    "announce.play_continues": {"ru": "Игра продолжается.", "en": "Play continues."},
    "announce.auction_continues": {"ru": "Торговля продолжается.", "en": "The auction continues."},
    "ruling.regulations": {"ru": "Регламент", "en": "Regulations"},
    "ruling.as_of": {"ru": "на дату", "en": "as of"},
    "ruling.amendment": {"ru": "Поправка: {cite} в редакции, действующей с {day}",
                         "en": "Amendment: {cite} as in force from {day}"},
    "ruling.replaced": {"ru": "Прежняя редакция: {cite}, действовавшая до {day} (не включая)",
                        "en": "Earlier text: {cite} as in force before {day}"},
    "options.heading": {"ru": "Что Правила оставляют регулирующему органу, и выбор {authority}:",
                        "en": "What the Laws leave to the Regulating Authority, and {authority}'s election:"},
    "options.default": {"ru": "не выбрано: как по умолчанию в Правилах", "en": "not elected: the Laws' default"},
    "options.since": {"ru": "с {day}", "en": "since {day}"},
    "options.allowed": {"ru": "допустимо", "en": "allowed"},
    "options.tested_by": {"ru": "проверяют: {ids}", "en": "tested by {ids}"},
    "options.untested": {"ru": "ни одно положение пока его не проверяет", "en": "no production tests it yet"},
    "book.regulations": {"ru": "Регламенты", "en": "Regulations"},
    "diff.case": {"ru": "пример «{case}»", "en": "case '{case}'"},
    "diff.incident": {"ru": "инцидент «{title}»", "en": "incident '{title}'"},
    "diff.result": {"ru": "результат", "en": "result"},
    "diff.error": {"ru": "ошибка", "en": "error"},
    "diff.unread": {"ru": "не прочитано: в словаре той базы знаний нет его фактов",
                    "en": "not read: that knowledge's vocabulary does not hold its facts"},
    "diff.summary": {"ru": "Изменились решения: {changed} из {n} (сравнение с {against}).",
                     "en": "{changed} of {n} ruling(s) changed (against {against})."},
    "ruling.how": {"ru": "Как получено", "en": "How"},
    "ruling.open": {"ru": "Остаются вопросы", "en": "Open questions"},
    "ruling.why": {"ru": "нужно для", "en": "needed by"},
    "ruling.judged_above": {"ru": "Судье решить — пункт {n} выше", "en": "For the director to judge: see {n} above"},
    "ruling.none": {"ru": "Ни одно закодированное положение не применимо к этим фактам. bridgelaw пока кодирует"
                          " не все Правила: если инцидент подпадает под другое Правило, решайте по Кодексу.",
                    "en": "No encoded production applies to these facts. bridgelaw does not encode every law yet:"
                          " if the incident falls under another law, rule from the law book."},
    "ruling.facts": {"ru": "факты", "en": "facts"},
    "ruling.conflict": {"ru": "Карты и записанный ход розыгрыша показывают: {what} — {shown}; судья указал: {stated}."
                               " Что установлено, решает судья (Правило 85); до тех пор этот факт не учитывается.",
                        "en": "The cards and the play record show: {what}: {shown}; the director stated: {stated}."
                              " The director decides which is established (Law 85); until then this fact is left open."},
    "ruling.about_many": {"ru": "{first} и ещё {n}", "en": "{first} and {n} more"},
    "ruling.about_and": {"ru": "{first} и {last}", "en": "{first} and {last}"},
    "ruling.about_each": {"ru": "в каждом случае: {abouts}", "en": "each: {abouts}"},
    "ruling.same_as": {"ru": "(и так же ещё: {n})", "en": "(and {n} more alike)"},
    "ruling.derived": {"ru": "выведено", "en": "derived"},
    # -- a claim's lines by double dummy (read/dd.py, explain/evidence.py): evidence beside 70D1, never the finding
    "lines.claim": {"ru": "По картам (двойной болван; это сведения для судьи, а не решение): с {trick}-й взятки,"
                          " взяток осталось {n}; {side} берут {best} при лучшей линии розыгрыша, которую допускает"
                          " заявление, и {worst} при худшей.",
                    "en": "From the cards (double dummy; evidence for the director, not a finding): from trick"
                          " {trick}, with {n} tricks to play, {side} take {best} on the best order of play the"
                          " statement allows and {worst} on the worst."},
    "lines.diverge": {"ru": "Линии расходятся во взятке {trick}: в лучшей {seat} играет {best}, в худшей — {worst}.",
                      "en": "The orders part at trick {trick}: on the best {seat} plays {best}, on the worst {worst}."},
    "lines.best": {"ru": "Лучшая: {line}", "en": "Best: {line}"},
    "lines.worst": {"ru": "Худшая: {line}", "en": "Worst: {line}"},
    "lines.one": {"ru": "Линия: {line}", "en": "The order: {line}"},
    "lines.all": {"ru": "Рассмотрено линий розыгрыша: {n} — все, что допускает заявление.",
                  "en": "Orders of play examined: {n}, every one the statement allows."},
    "lines.cut": {"ru": "Рассмотрено линий розыгрыша: {n}; перебор остановлен по лимиту времени ({budget} с):"
                        " возможны линии и хуже, и лучше.",
                  "en": "Orders of play examined: {n}; the search stopped at its budget ({budget} s): a worse or"
                        " a better order may exist."},
    "lines.finding": {"ru": "Нормальна ли худшая линия (небрежная или слабая, но не иррациональная) — решает судья"
                            " (Правило 70D1); подсчёт взяток по этим линиям лишь помогает ему решить.",
                      "en": "Whether the worst is a normal line (careless or inferior, not irrational) is the"
                            " director's finding (Law 70D1); the tricks these lines give stand only as evidence"
                            " beside it."},
    # -- 64C's double-dummy reference for a revoke from the cards (explain/evidence.py): evidence, never a finding
    "revoke.reference": {"ru": "Для 64C по картам (двойной болван; это сведения для судьи, а не решение): если бы"
                               " {seat} во взятке {trick} ответил в масть, то, начиная с этой взятки, {side} взяли бы {by_card},"
                               " всего {total} (остальная игра — двойной болван).",
                         "en": "For 64C, from the cards (double dummy; evidence for the director, not a finding):"
                               " had {seat} followed suit at trick {trick}, {side} would have taken from that trick"
                               " on {by_card}, {total} in all (the rest of the play double dummy)."},
    "revoke.by_card": {"ru": "{n} (если бы {seat} сыграл {cards})", "en": "{n} (had {seat} played {cards})"},
    "revoke.or": {"ru": " или ", "en": " or "},
    "revoke.at_table": {"ru": "За столом, начиная с этой взятки, они взяли {n}, всего {total}.",
                        "en": "At the table they took {n} from that trick on, {total} in all."},
    "revoke.finding": {"ru": "Сколько взяла бы ненарушившая сторона без фальшренонса — решает судья (Правило 64C1);"
                             " эти подсчёты лишь помогают ему решить.",
                       "en": "What the non-offending side would have had without the revoke is the director's"
                             " judgment (Law 64C1); these tricks stand only as evidence beside it."},
    "lines.progress": {"ru": "Двойной болван: позиций {n}, {seconds:.1f} с", "en": "Double dummy: {n} positions,"
                       " {seconds:.1f} s"},
    "ruling.incident": {"ru": "Инцидент", "en": "Incident"},
    "ruling.law": {"ru": "Правило", "en": "Law"},
    "ruling.about_seat": {"ru": "{label} {seat}", "en": "{label} by {seat}"},  # one of several facts: by its seat
    "ruling.about_n": {"ru": "{label} № {n}", "en": "{label} no. {n}"},  # ... or by its place
    "ruling.about_call": {"ru": "{call} {seat} (заявка {n})", "en": "{seat}'s {call} (call {n})"},  # ... or the call
    "ruling.choice": {"ru": "«{label}»", "en": "{label}"},  # one choice of an option, read out as on a menu
    "ruling.chosen": {"ru": "выбрано «{label}»", "en": "chosen: {label}"},
    "ruling.nothing_follows": {"ru": "ничего не следует", "en": "nothing follows"},
    "ruling.follows_below": {"ru": "последствия — в пунктах ниже",
                             "en": "what follows from it is given below, each with its law"},
    # -- a production a choice gives (read/choices.py): its summary
    "choice.made": {"ru": "{summary} Выбрано: {chosen}.", "en": "{summary} Chosen: {chosen}."},
    # the same while the choice is still to be made (why an answer is needed): what would have to be chosen
    "choice.if": {"ru": "{summary} — если будет выбрано «{first}».", "en": "{summary} — if “{first}” is chosen."},
    "choice.if_then": {"ru": "{summary} — если будет выбрано «{first}», а затем «{chosen}».",
                       "en": "{summary} — if “{first}” is chosen, and then “{chosen}”."},

    # -- the board's result (explain/result.py): the line the table writes on the scoresheet, first in a ruling
    "result.result": {"ru": "Результат", "en": "Result"},
    # a judgment on the result so far (12B2's damage after a rectification) is asked with that result shown first
    "result.so_far": {"ru": "Результат сейчас (после исправления по Правилам, если оно было; до этой оценки)",
                      "en": "The result as it stands (after any rectification the Laws gave; before this judgment)"},
    "result.board": {"ru": "{contract} {declarer}, взяток: {tricks}{detail}, {outcome}",
                     "en": "{contract} by {declarer}, {tricks} tricks{detail}, {outcome}"},
    "result.made": {"ru": "выполнен", "en": "made"},
    "result.over": {"ru": "выполнен +{n}", "en": "made +{n}"},
    "result.down": {"ru": "без {n}", "en": "down {n}"},
    "result.score": {"ru": "{side} {points}", "en": "{side} {points}"},
    "result.NS": {"ru": "С-Ю", "en": "N-S"},
    "result.EW": {"ru": "В-З", "en": "E-W"},
    "result.stands": {"ru": "остаётся результат, полученный за столом", "en": "the result stands"},
    "result.table": {"ru": "за столом: {n}", "en": "{n} at the table"},
    "result.before_claim": {"ru": "до претензии: {n}", "en": "{n} before the claim"},
    "result.step": {"ru": "{n} по {cite}", "en": "{n} by {cite}"},
    "result.claim_step": {"ru": "{n} из оставшихся {r} по {cite}", "en": "{n} of the remaining {r} by {cite}"},
    "result.play_continues": {"ru": "розыгрыш продолжается; результата ещё нет", "en": "play continues; the board has no result yet"},
    "result.missing": {"ru": "для подсчёта результата не указано: {what}", "en": "to score the board, give: {what}"},
    "result.claim_open": {"ru": "итог претензии", "en": "the claim's trick split"},
    "result.adjusted": {"ru": "компенсирующий вместо полученного за столом ({cite}); его определяет судья",
                        "en": "an adjusted score replaces the table result ({cite}); the director states its outcome"},
    "result.at_table": {"ru": "за столом было: {board}", "en": "at the table: {board}"},
    "result.provisional": {"ru": "предварительно: зависит от ответа на вопрос {question} (нужно для {cites})",
                           "en": "provisional: it depends on the answer to {question} (needed by {cites})"},
    "result.provisional_many": {"ru": "предварительно: зависит от ответов на вопросы {question} (нужно для {cites})",
                                "en": "provisional: it depends on the answers to {question} (needed by {cites})"},
    "result.quoted": {"ru": "«{text}»", "en": "'{text}'"},
    "result.equity_adjusted": {"ru": "компенсирующий результат ({cite}): {board}", "en": "adjusted score ({cite}): {board}"},
    "result.after_transfer": {"ru": "после автоматического исправления было: {board}",
                              "en": "after the automatic rectification: {board}"},
    "result.equity_short": {"ru": "Без фальшренонса пара {side} взяла бы {judged} — больше, чем {after} после"
                                  " автоматической передачи; передачи недостаточно, поэтому в силе компенсирующий"
                                  " результат ({cite}).",
                            "en": "Without the revoke {side} would have won {judged}, more than the {after} they"
                                  " have after the automatic rectification: it is not enough, and the adjusted"
                                  " score stands ({cite})."},
    "result.equity_enough": {"ru": "Без фальшренонса пара {side} взяла бы {judged} — не больше, чем {after}"
                                   " после автоматической передачи: в силе результат после неё; передача"
                                   " взяток никогда не уменьшается (64C, 12B2).",
                             "en": "Without the revoke {side} would have won {judged}, no more than the {after}"
                                   " they have after the automatic rectification: that result stands; a transfer"
                                   " is never reduced (64C, 12B2)."},
    "result.adjusted_stands": {"ru": "в силе компенсирующий результат ({cite}), а не результат после автоматического исправления",
                               "en": "the adjusted score stands ({cite}), not the result after the automatic rectification"},
    "result.weight": {"ru": "{weight}% × {board}", "en": "{weight}% × {board}"},
    "result.each_side": {"ru": "компенсирующий результат ({cite}), у каждой стороны свой: для С-Ю — {NS}; для В-З — {EW}",
                         "en": "adjusted score ({cite}), each side its own: for N-S {NS}; for E-W {EW}"},
    "result.each_imps": {"ru": "против {other} за другим столом, в импах: С-Ю {NS}, В-З {EW}",
                         "en": "against {other} at the other table: N-S {NS} IMPs, E-W {EW} IMPs"},
    "result.no_outcome": {"ru": "его определяет судья", "en": "the director states its outcome"},
    "result.weighted": {"ru": "взвешенный компенсирующий результат ({cite}): {board}",
                        "en": "weighted adjusted score ({cite}): {board}"},
    "result.vps": {"ru": "матч, сдач: {boards}; итог С-Ю с этой сдачей, в импах: {margin}; по шкале «{scale}»: С-Ю {NS} ВП, В-З {EW} ВП",
                   "en": "the match, {boards} boards: N-S {margin} IMPs with this board; by {scale}: N-S {NS} VP, E-W {EW} VP"},
    "result.imps": {"ru": "взвешенно, в импах: С-Ю {imps} против {other} за другим столом",
                    "en": "weighted, N-S {imps} IMPs against {other} at the other table"},
    "result.matchpoints": {"ru": "веса применяются к очкам каждого исхода в протоколе",
                           "en": "the scorer applies the weights to each outcome's matchpoints"},
    "result.artificial": {"ru": "искусственный компенсирующий результат (12C2): С-Ю {NS}, В-З {EW}",
                          "en": "artificial adjusted score (12C2): N-S {NS}, E-W {EW}"},
    "result.percent": {"ru": "{grade} ({n}%)", "en": "{grade} ({n}%)"},
    "result.session": {"ru": "{grade}: процент сессии, {n}% (12C2(c))", "en": "{grade}: the session percentage, {n}% (12C2(c))"},
    "result.imp": {"ru": "{grade} (импы: {n})", "en": "{grade} ({n} IMPs)"},
    "result.contradiction": {"ru": "Противоречие: судья отдал сделавшему претензию {judged} из оставшихся {r} взяток, но по {cite}"
                                   " оппонентам присуждено {award}; сделавшему претензию остаётся не больше {most}: результат"
                                   " посчитан так.",
                             "en": "Contradiction: the director gave the claimer {judged} of the remaining {r} tricks,"
                                   " but {cite} awards {award} to the opponents, which leaves the claimer at most"
                                   " {most}: the result is scored so."},
    "ruling.not_encoded_one": {"ru": "Правило {laws} ({what}) пока не закодировано: решайте по книге правил.",
                               "en": "Law {laws} ({what}) is not encoded yet: rule from the law book."},
    "ruling.not_encoded_many": {"ru": "Правила {laws} ({what}) пока не закодированы: решайте по книге правил.",
                                "en": "Laws {laws} ({what}) are not encoded yet: rule from the law book."},
    "ruling.provisional": {"ru": "предварительно", "en": "provisional"},
    # what is not known, ruled under each possibility (explain/possible/)
    "possible.if": {"ru": "если {condition}", "en": "if {condition}"},
    "possible.is": {"ru": "{what} — {values}", "en": "{what} is {values}"},
    "possible.call_by": {"ru": "{call} (заявку {n}) сделал {seats}", "en": "{seats} made the {call} (call {n})"},
    "possible.call_made": {"ru": "заявка {n} ({seat}: {call}) была сделана", "en": "{seat}'s {call} (call {n}) was made"},
    "possible.call_not_made": {"ru": "заявка {n} ({seat}: {call}) не была сделана", "en": "{seat}'s {call} (call {n}) was not made"},
    "possible.or": {"ru": " или ", "en": " or "},
    "possible.or_more": {"ru": "{n} или больше", "en": "{n} or more"},
    "possible.chooses": {"ru": "{chooser} выберет {choices}", "en": "{chooser} chooses {choices}"},
    "possible.choice": {"ru": "«{label}»", "en": "“{label}”"},
    "possible.not_yet_chosen": {"ru": "{chooser} ещё не выбрал", "en": "{chooser} has not chosen yet"},
    "possible.and": {"ru": " и ", "en": " and "},
    "possible.or_else": {"ru": "; или если ", "en": "; or if "},
    "possible.not_known": {"ru": "неизвестно", "en": "not known"},
    "possible.version": {"ru": "версия {side} ({what} — {value})", "en": "{side}'s version ({what}: {value})"},
    "possible.version_right": {"ru": "верна {versions}", "en": "{versions} is right"},
    "possible.version_story": {"ru": "верна версия {side} ({details})", "en": "{side}'s version is right ({details})"},
    "possible.version_detail": {"ru": "{what} — {value}", "en": "{what}: {value}"},
    "possible.either_version": {"ru": "по версии любой из сторон", "en": "as either side tells it"},
    "possible.not_known_card": {"ru": "без названия", "en": "an unnamed card"},
    "possible.no_result": {"ru": "результат не определяется", "en": "no result is settled"},
    "possible.range": {"ru": "от «{first}» до «{last}»", "en": "from {first} to {last}"},
    "possible.bounded": {"ru": "Рассмотрены не все возможности (не более {limit} сочетаний); остаётся неизвестным: {slots}.",
                         "en": "Not every possibility was ruled (at most {limit} combinations); still not known: {slots}."},
    "ruling.unless": {"ru": "если {condition}, то по Правилу {cite}: {then}", "en": "unless {condition}: then {cite}: {then}"},
    "ruling.unless_chosen": {"ru": "если {chooser} выберет «{chosen}» ({cite}), это не применяется",
                             "en": "unless {chooser} chooses “{chosen}” ({cite}): then this does not apply"},
    "said.or": {"ru": " или ", "en": " or "},  # the values of a slot's clause (its ``said``) that would each do
    "ruling.unless_not": {"ru": "если {condition}, это не применяется",
                          "en": "unless {condition}: then this does not apply"},

    # -- productions, facts and elements in plain words (explain/describe.py): a slot test's operator,
    #    a seat accessor ({v} the variable), and the connectives around them
    "describe.eq": {"ru": "—", "en": "is"},
    "describe.ne": {"ru": "— не", "en": "is not"},
    "describe.in": {"ru": "— одно из:", "en": "is one of"},
    "describe.not_in": {"ru": "— ни одно из:", "en": "is none of"},
    "describe.contains": {"ru": "— среди них одно из:", "en": "include one of"},
    "describe.not_contains": {"ru": "— среди них ни одного из:", "en": "include none of"},
    "describe.lt": {"ru": "меньше", "en": "is less than"},
    "describe.le": {"ru": "не больше", "en": "is at most"},
    "describe.gt": {"ru": "больше", "en": "is more than"},
    "describe.ge": {"ru": "не меньше", "en": "is at least"},
    "describe.answers": {"ru": "— не указан или", "en": "is not said or is"},
    "describe.known_true": {"ru": "{title}: известно", "en": "{title} is known"},  # ru: no gender to agree with
    "describe.known_false": {"ru": "{title}: ещё не установлено", "en": "{title} is not known yet"},
    "describe.no_fact": {"ru": "не установлено: {label}", "en": "there is no fact: {label}"},
    #    a variable reads as the label of the slot naming it ({v}: "the offender"), an accessor from its owner
    #    ({of}: "нарушителя", "the offender's"); Russian sides follow «пары»/«паре» in the element texts
    "describe.var": {"ru": "{v}", "en": "the {v}"},
    "describe.side": {"ru": "{of}", "en": "{of} side"},
    "describe.opponents": {"ru": "противников {of}", "en": "the side other than {of}"},
    "describe.partner": {"ru": "партнёр {of}", "en": "{of} partner"},
    "describe.lho": {"ru": "левый оппонент {of}", "en": "{of} left-hand opponent"},
    "describe.rho": {"ru": "правый оппонент {of}", "en": "{of} right-hand opponent"},
    "describe.suit": {"ru": "масть {of}", "en": "{of} suit"},
    "describe.id": {"ru": "этот факт", "en": "this fact"},
    "describe.unknown": {"ru": "неизвестно", "en": "unknown"},
    "describe.quote": {"ru": "«{}»", "en": "“{}”"},

    # -- the interview's own questions (faces/interview.py); every other question is the vocabulary's
    "question.incident": {"ru": "Что произошло? (можно выбрать несколько)",
                          "en": "What happened? (you may pick several)"},
    "question.exists": {"ru": "Произошло ли также и это: {label}?", "en": "Did this happen as well: {label}?"},
    "question.choice_made": {"ru": "Уже выбрано, как поступить ({option})? Выбирает {who}.",
                             "en": "Has {who} already made the choice: {option}?"},
    "question.chosen": {"ru": "Что выбрано? Выбирает {who}.", "en": "What did {who} choose?"},
    "question.another": {"ru": "Был ли ещё один случай: {label}?", "en": "Was there another: {label}?"},
    "question.required": {"ru": "нужно, чтобы записать инцидент в файл (обязательный факт)",
                          "en": "needed to write the incident to a file (a required fact)"},
    "question.result": {"ru": "нужно, чтобы записать результат сдачи (Правило 77)",
                        "en": "needed to score the board (Law 77)"},
    "question.judgment": {"ru": "вопрос судейской оценки", "en": "a question of the director's judgment"},

    # -- the interview in a terminal (faces/prompt.py)
    "prompt.unknown": {"ru": "не знаю", "en": "not known"},
    "prompt.waiting": {"ru": "Ответ нужен для", "en": "This answer is needed by"},
    # an answer known in part (faces/partly.py): a number's run, a card's suit only, what a card's question takes
    "partly.range": {"ru": "одно из {low}–{high}", "en": "one of {low}–{high}"},
    "partly.one_of_help": {"ru": "Если ещё не решено, но это одно из немногих, напишите их через «или» (например, «да или нет»): решение будет дано для каждого.",
                           "en": "If it is not yet settled but is one of a few, type them with 'or' (e.g. 'yes or no'): the ruling is given for each."},
    "partly.suit_only": {"ru": "{suit}, достоинство неизвестно", "en": "{suit}, rank not known"},
    "partly.card_help": {"ru": "Если известно отчасти: масть и ? (♠?), или {names}, или масть и это (♠ онёр).",
                         "en": "Known only in part: the suit and ? (♠?), or {names}, or the suit and that (♠ honour)."},
    "prompt.hint": {"ru": "почему (why), назад (back), ? — не знаю", "en": "why, back, ? = not known"},
    "prompt.several": {"ru": "можно несколько сразу: 1,3", "en": "several at once: 1,3"},
    "prompt.paste_deal": {"ru": "или вставьте сдачу (PBN или LIN; одна строка или несколько, в конце пустая строка;"
                                " при претензии — карты на руках: окончание N:-.AK.-.2 E:… S:… W:… ход:S взято:10):"
                                " что видно по картам, спрашивать не будут",
                          "en": "or paste the deal (PBN or LIN; one line or several, ended by an empty line; at a"
                                " claim, the cards still held: ending N:-.AK.-.2 E:… S:… W:… lead:S won:10):"
                                " what the cards show is then not asked"},
    "prompt.deal_taken": {"ru": "Сдача принята: что видно по картам, спрашивать не будем.",
                          "en": "The deal is taken: what the cards show will not be asked."},
    "prompt.nothing_back": {"ru": "Отменять нечего.", "en": "There is no answer to take back."},
    "prompt.after_ruling": {"ru": "Enter — готово; назад (back) — отменить последний ответ",
                            "en": "Enter: done; back: take back the last answer"},
    "prompt.unfinished": {"ru": "Опрос не закончен: нет ответа на вопрос «{question}». Решения нет.",
                          "en": "The interview was not finished: no answer to “{question}”. There is no ruling."},
    "prompt.command_why": {"ru": "почему", "en": "why"},  # typed at a question: list the laws waiting
    "prompt.command_back": {"ru": "назад", "en": "back"},  # typed at a question: take back the last answer
    "prompt.command_more": {"ru": "ещё", "en": "more"},  # typed at the first screen: list the rest
    "prompt.more": {"ru": "ещё… (наберите «ещё»: ещё {n} — {groups})", "en": "more… (type 'more': {n} more — {groups})"},

    # -- the web page (faces/web/pages.py and its templates: ``w.NAME``, with the ruling.* words)
    "page.app": {"ru": "Судья · Правила бриджа", "en": "Director · Laws of Bridge"},
    "page.new": {"ru": "Новый инцидент", "en": "New incident"},
    "page.question": {"ru": "Вопрос {n}", "en": "Question {n}"},
    "page.unknown": {"ru": "Не знаю", "en": "Not known"},
    # the first page's setting: under which Regulating Authority's regulations, as of which day (``rule --ra --as-of``)
    "page.regulations_setting": {"ru": "Регламент", "en": "Regulations"},
    "page.authority": {"ru": "Регулирующий орган", "en": "Regulating Authority"},
    "page.as_of": {"ru": "на дату", "en": "as of"},
    "page.apply": {"ru": "Применить", "en": "Apply"},
    "page.ask_why": {"ru": "Почему этот вопрос?", "en": "Why this question?"},
    "page.waiting": {"ru": "Ответ нужен для:", "en": "The answer is needed by:"},
    "page.back": {"ru": "← Назад", "en": "← Back"},
    "page.next": {"ru": "Дальше →", "en": "Next →"},
    "page.more": {"ru": "Другое (всё, что упоминают Правила)", "en": "Something else: everything the Laws name"},
    "page.text_file": {"ru": "Текст решения (.txt)", "en": "Ruling as text (.txt)"},
    "offline.loading": {"ru": "Загрузка…", "en": "Loading…"},
    "offline.stage_start": {"ru": "Страница запускается", "en": "Starting the page"},
    "offline.stage_engine": {"ru": "Запускается Python в браузере (один раз; дальше страница работает без сети)",
                             "en": "Starting Python in the browser (once; then the page works with no network)"},
    "offline.stage_restore": {"ru": "Python восстанавливается из памяти браузера (сохранён при первом посещении)",
                              "en": "Putting back the Python this browser kept from the first visit"},
    "offline.stage_knowledge": {"ru": "Загружаются Правила", "en": "Loading the Laws"},
    "offline.stage_ready": {"ru": "Готово", "en": "Ready"},
    "offline.failed": {"ru": "Не удалось запустить страницу:", "en": "The page could not start:"},
    "page.meanings": {"ru": "Что значит каждый пункт", "en": "What each item means"},
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
    "page.paste": {"ru": "Есть запись сдачи? Вставьте её (PBN или LIN; при претензии — карты на руках: окончание"
                         " N:-.AK.-.2 E:… S:… W:… ход:S взято:10): что видно по картам, спрашивать не будут",
                   "en": "Have the deal? Paste it (PBN or LIN; at a claim, the cards still held: ending N:-.AK.-.2"
                         " E:… S:… W:… lead:S won:10): what the cards show is then not asked"},
    "page.paste_button": {"ru": "Взять сдачу", "en": "Use the deal"},
    "page.paste_empty": {"ru": "Вставьте запись сдачи (PBN или LIN).", "en": "Paste the record of the deal (PBN or LIN)."},
    "page.evidence": {"ru": "По картам (сведения для судьи, не решение)", "en": "From the cards (evidence, not a finding)"},
    "page.board": {"ru": "Сдача", "en": "The deal"},
    "page.tricks": {"ru": "Взятки", "en": "Tricks"},
    "page.pick": {"ru": "Выберите хотя бы один вариант.", "en": "Pick at least one."},
    "page.state_error": {"ru": "Ответы в адресе страницы повреждены или не подходят к вопросам.",
                         "en": "The answers in the page address are damaged or do not fit the questions."},
    "page.error_broken": {"ru": "Ответы в адресе страницы повреждены: начните заново.",
                          "en": "The answers in the page address are damaged: start again."},
    "page.error_stale": {"ru": "Страница устарела: сейчас задан другой вопрос или решение уже получено.",
                         "en": "The page is out of date: another question is asked now, or the ruling is reached."},
    "page.error_too_large": {"ru": "В адресе страницы слишком много ответов.",
                             "en": "The page address holds too many answers."},
    "page.error_invalid": {"ru": "Ответ в адресе страницы не подходит к вопросу.",
                           "en": "An answer in the page address does not fit its question."},
    "page.error_not_found": {"ru": "Такой страницы нет.", "en": "There is no such page."},
    "page.details": {"ru": "Подробности для разработчиков", "en": "Details for the developers"},
    "page.internal": {"ru": "Внутренняя ошибка программы (записана в журнал сервера). Начните заново; если"
                            " повторится, сообщите разработчикам.",
                      "en": "An internal error in the program (written to the server's log). Start again; if it"
                            " happens again, please report it."},
    "page.no_ruling": {"ru": "Решение ещё не получено: ответьте на вопросы.",
                       "en": "There is no ruling yet: answer the questions."},

    # -- the committee's book (committee/book.py and templates/book: ``t.NAME``; ``t[status]`` a coverage status)
    "book.book": {"ru": "Правила в кодировке bridgelaw", "en": "The Laws as bridgelaw encodes them"},
    # bridgelaw coverage and bridgelaw test: the tables' headers, a unit's status, the tallies
    "table.law": {"ru": "Правило", "en": "Law"},
    "table.title": {"ru": "Название", "en": "Title"},
    "table.status": {"ru": "Состояние", "en": "Status"},
    "table.productions": {"ru": "Положения", "en": "Productions"},
    "table.cases": {"ru": "Случаи", "en": "Cases"},
    "table.rests_on": {"ru": "На чём основано", "en": "What it rests on"},
    "table.text_read": {"ru": "Текст 2017 прочитан", "en": "2017 text read"},
    "coverage.read": {"ru": "да", "en": "yes"},
    "coverage.not_read": {"ru": "нет", "en": "no"},
    "coverage.unread": {"ru": "Текст 2017 года не прочитан для {n} из {all} пунктов Правил с закодированными положениями"
                              " (Правила: {laws}); почему — в knowledge/laws.yaml (`unread`, `unread_units`).",
                        "en": "2017 text not read for {n} of the {all} units of the laws with productions (laws: {laws});"
                              " knowledge/laws.yaml says why (`unread`, `unread_units`)."},
    "table.passed": {"ru": "Прошли", "en": "Passed"},
    "table.failed": {"ru": "Не прошли", "en": "Failed"},
    "table.all": {"ru": "всего", "en": "all"},
    "status.encoded": {"ru": "закодировано", "en": "encoded"},
    "status.judgment": {"ru": "решает судья", "en": "judgment"},
    "status.left_out": {"ru": "опущено", "en": "left_out"},
    "status.missing": {"ru": "нет", "en": "missing"},
    "coverage.tally": {"ru": "{n} {units}: закодировано {encoded}, решает судья {judgment}, опущено {left_out}, нет {missing}",
                       "en": "{n} {units}: {encoded} encoded, {judgment} judgment, {left_out} left out, {missing} missing"},
    "coverage.total": {"ru": "Закодированные положения есть у {encoded} из {laws} Правил; у них {mine}; у всех Правил {all}; закодированных Правил без случаев: {uncased}",
                       "en": "{encoded} of {laws} laws have productions; of their {mine}; of all {all}; {uncased} encoded law(s) without a case"},
    "test.case_errors": {"ru": "; ошибок в файлах случаев: {n}", "en": "; {n} error(s) in case files"},
    "test.tail": {"ru": "прошли: {passed}, не прошли: {failed}", "en": "{passed} passed, {failed} failed"},
    "test.none": {"ru": "тестов не найдено", "en": "no cases found"},
    "book.law": {"ru": "Правило", "en": "Law"},  # as the rulings say (ruling.law)
    "book.laws": {"ru": "Правила", "en": "Laws"},
    "book.when": {"ru": "Когда", "en": "When"},
    "book.then": {"ru": "Решение", "en": "Ruling"},
    "book.derive": {"ru": "Устанавливает для других правил", "en": "States for other laws"},
    "book.overrides": {"ru": "Имеет приоритет над", "en": "Takes precedence over"},
    "book.overridden_by": {"ru": "Уступает", "en": "Gives way to"},
    "book.uses": {"ru": "Использует факты, установленные", "en": "Uses facts stated by"},
    "book.feeds": {"ru": "Его факты используют", "en": "Its facts are used by"},
    "book.see": {"ru": "См. также", "en": "See also"},
    "book.cases": {"ru": "Случаи", "en": "Cases"},
    "book.fired_by": {"ru": "Случаи, где она срабатывает", "en": "Cases that fire it"},
    "book.none": {"ru": "нет", "en": "none"},
    "book.no_case": {"ru": "ни один случай пока не вызывает это положение", "en": "no case fires this production yet"},
    "book.facts": {"ru": "Факты", "en": "Facts"},
    "book.expect": {"ru": "Ожидается", "en": "Expected"},
    "book.expect_none": {"ru": "Не должно быть", "en": "Must not contain"},
    "book.fired": {"ru": "Сработали положения", "en": "Productions fired"},
    "book.passed": {"ru": "проходит", "en": "passes"},
    "book.failed": {"ru": "НЕ ПРОХОДИТ", "en": "FAILS"},
    "book.status": {"ru": "Статус", "en": "Status"},
    "book.productions": {"ru": "Закодированные положения", "en": "Productions"},
    "book.sections": {"ru": "Разделы", "en": "Sections"},
    "book.encoded": {"ru": "закодировано", "en": "encoded"},
    "book.judgment": {"ru": "решает судья", "en": "left to judgment"},
    "book.missing": {"ru": "нет", "en": "missing"},
    "book.left_out": {"ru": "опущено", "en": "left out"},
    "book.units": {"ru": "Пункты", "en": "Units"},
    "book.tally": {"ru": "{n} {units}: закодировано {encoded}, решает судья {judgment}, опущено {left_out}, нет {missing}",
                   "en": "{n} {units}: {encoded} encoded, {judgment} left to judgment, {left_out} left out, {missing} missing"},
    "book.-": {"ru": "не закодировано", "en": "not encoded"},
    "book.note": {"ru": "Примечание", "en": "Note"},
    "book.case_title": {"ru": "{file}, тест {n}: ожидается — {expects}", "en": "{file}, case {n}: expects {expects}"},
    "book.file_tellings_auction": {"ru": "Пересказы (торговля)", "en": "tellings-auction"},  # one incident told many ways
    "book.file_tellings_play": {"ru": "Пересказы (розыгрыш)", "en": "tellings-play"},
    "book.file_tellings_state": {"ru": "Пересказы (положение за столом)", "en": "tellings-state"},
    "number.decimal_point": {"ru": ",", "en": "."},
    "book.file_tellings_unknown": {"ru": "Пересказы (не всё известно)", "en": "tellings-unknown"},
    "book.case_short": {"ru": "{file}, тест {n}", "en": "{file}, case {n}"},
    "book.expects_nothing": {"ru": "ни одного из перечисленных ниже элементов", "en": "none of the elements below"},
    "book.case_name": {"ru": "описание теста (на английском)", "en": "the case's description"},
    "book.source": {"ru": "Источник", "en": "Source"},
    "book.vocabulary": {"ru": "Словарь", "en": "Vocabulary"},
    "book.templates": {"ru": "Факты", "en": "Facts"},
    "book.elements": {"ru": "Элементы решения", "en": "Ruling elements"},
    "book.question": {"ru": "Вопрос", "en": "Question"},
    "book.derived_t": {"ru": "выводится положениями", "en": "derived by productions"},
    "book.many_t": {"ru": "может быть несколько", "en": "several per incident"},
    "book.judgment_q": {"ru": "суждение судьи", "en": "the director's judgment"},
    "book.generated": {"ru": "Создано программой bridgelaw из базы знаний; текст Правил не воспроизводится.",
                       "en": "Generated by bridgelaw book from the knowledge; the law text itself is not reproduced."},
    "book.summary": {"ru": "Закодированные положения есть у {encoded} из 93 Правил (положений — {n}, тестов — {c}).",
                     "en": "{encoded} of 93 laws have productions ({n} productions, {c} cases)."},
    "book.law_n": {"ru": "Правило {n}", "en": "Law {n}"},  # a law the table of laws does not title

    # -- the command's own messages (faces/cli.py, faces/prompt.py's ask); shown in English for now
    "check.summary": {"ru": "Проверено: файлов Правил — {laws}, случаев — {incidents}, тестов — {cases}",
                      "en": "checked {laws} law file(s), {incidents} incident(s), {cases} case(s)"},
    "check.warning": {"ru": "предупреждение", "en": "warning"},
    "check.check": {"ru": "проверка", "en": "check"},
    "check.vocabulary_part": {"ru": "словарь", "en": "vocabulary"},
    "check.one_file": {"ru": "проверен файл {file}", "en": "checked {file}"},
    "check.vocabulary": {"ru": "Проверен словарь: частей — {n}", "en": "checked the vocabulary: {n} part(s)"},
    "check.path": {"ru": "Проверено: {path}", "en": "checked {path}"},
    "check.cases": {"ru": "Проверено: {path}, тестов — {n}", "en": "checked {path}: {n} case(s)"},
    "check.incident": {"ru": "Проверен случай {path}", "en": "checked the incident {path}"},
    "check.error": {"ru": "ошибка", "en": "error"},
    "cli.checked": {"ru": "{summary}; ошибок: {errors}, предупреждений: {warnings}",
                    "en": "{summary}: {errors} error(s), {warnings} warning(s)"},
    "cli.book_written": {"ru": "записано страниц: {n}, в {out}; откройте {index}",
                         "en": "wrote {n} page(s) to {out}; open {index}"},
    "cli.page_written": {"ru": "записано файлов: {n}, в {out}",
                         "en": "wrote {n} file(s) to {out}"},
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
    "ask.saved": {"ru": "Факты записаны в файл {path}", "en": "wrote {path}"},
    "ask.replaced": {"ru": "Факты записаны в файл {path} (прежний файл заменён)", "en": "replaced {path}"},
    "save.is_folder": {"ru": "это папка, а не файл", "en": "is a folder, not a file"},
    "save.not_regular": {"ru": "это не обычный файл (устройство или канал)", "en": "is not a regular file (a device or a pipe)"},
    "save.no_folder": {"ru": "папки {folder} нет", "en": "its folder {folder} does not exist"},
    "save.not_folder": {"ru": "{folder} — не папка", "en": "{folder} is not a folder"},
    "save.read_only": {"ru": "в папку {folder} нельзя писать", "en": "its folder {folder} cannot be written to"},
    "ask.cannot_save": {"ru": "{path}: сохранить туда нельзя: {why}", "en": "{path}: cannot save there: {why}"},
    "ask.not_saved": {"ru": "{path}: не сохранено ({why}); установленные факты напечатаны выше как файл случая:"
                            " скопируйте их в файл для `bridgelaw rule`",
                      "en": "{path}: not saved ({why}); the established facts are printed above as an incident"
                            " file: copy them into a file for `bridgelaw rule`"},
    "cli.not_a_folder": {"ru": "это файл, а не папка: укажите папку для страниц",
                         "en": "is a file, not a folder: name a folder for the pages"},
    "cli.board_needs_notes": {"ru": "файл сдачи даёт только карты: укажите факты судьи (--incident NOTES.yaml)",
                              "en": "a board file gives only the cards: name the director's facts"
                                    " (--incident NOTES.yaml)"},
    "cli.notes_need_board": {"ru": "--incident и --board — для файла сдачи (PBN или LIN): rule BOARD.pbn"
                                   " --incident NOTES.yaml",
                             "en": "--incident and --board go with a board file (PBN or LIN): rule BOARD.pbn"
                                   " --incident NOTES.yaml"},
    "cli.bad_port": {"ru": "порт {port}: нужно целое число от 1 до 65535",
                     "en": "port {port}: expected a whole number from 1 to 65535"},
    "cli.bad_seconds": {"ru": "{value}: нужно число секунд больше 0 и не больше 3600",
                        "en": "{value}: expected a number of seconds over 0 and at most 3600"},
    "cli.cannot_listen": {"ru": "не удаётся слушать {host}:{port}: {reason}"
                                " (порт занят другой программой? укажите другой --port)",
                          "en": "cannot listen on {host}:{port}: {reason}"
                                " (is another program using the port? give another --port)"},
    "cli.no_such_host": {"ru": "не удаётся слушать {host}:{port}: такого адреса нет (укажите --host 127.0.0.1"
                               " или 0.0.0.0 для локальной сети)",
                         "en": "cannot listen on {host}:{port}: no such host (give --host 127.0.0.1, or 0.0.0.0 for"
                               " the local network)"},
    "cli.not_this_machine": {"ru": "не удаётся слушать {host}:{port}: это не адрес этой машины (укажите --host"
                                   " 127.0.0.1 или 0.0.0.0 для локальной сети)",
                             "en": "cannot listen on {host}:{port}: the address is not one of this machine's (give"
                                   " --host 127.0.0.1, or 0.0.0.0 for the local network)"},
    "cli.port_privileged": {"ru": "не удаётся слушать {host}:{port}: порты ниже 1024 открыты только"
                                  " администратору (укажите --port 8000)",
                            "en": "cannot listen on {host}:{port}: ports below 1024 are for the administrator only"
                                  " (give --port 8000)"},

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
    "answer.not_yet": {"ru": "ещё нет", "en": "not yet"},
    "answer.none_of_them": {"ru": "ничего из этого", "en": "none of these"},
    "contract.NT": {"ru": "БК", "en": "NT"},
    # the ranks of honours as a card is written in each language's text (♦Т, ♣К, ♠Д, ♥В: the Russian Code's letters)
    "rank.A": {"ru": "Т", "en": "A"},
    "rank.K": {"ru": "К", "en": "K"},
    "rank.Q": {"ru": "Д", "en": "Q"},
    "rank.J": {"ru": "В", "en": "J"},
    "contract.X": {"ru": " контра", "en": "X"},
    "contract.XX": {"ru": " реконтра", "en": "XX"},
    "call.P": {"ru": "пас", "en": "pass"},
    "call.X": {"ru": "контра", "en": "double"},
    "call.XX": {"ru": "реконтра", "en": "redouble"},
    # a call said as what it is ("{call:kind}"): «контра вне очередности», «назначение вне очередности»
    "callkind.P": {"ru": "пас", "en": "a pass"},
    "callkind.X": {"ru": "контра", "en": "a double"},
    "callkind.XX": {"ru": "реконтра", "en": "a redouble"},
    "callkind.bid": {"ru": "назначение", "en": "a bid"},
    # -- an answer or a value the program cannot take (the interview's prompt; a file's error in English)
    "error.needed": {"ru": "этот ответ нужен; «не знаю» здесь нельзя",
                     "en": "this answer is needed; 'not known' is not allowed here"},
    "error.not_one_of": {"ru": "«{raw}» — не один из ответов: {allowed}", "en": "'{raw}' is not one of: {allowed}"},
    "error.no_such_answer": {"ru": "«{raw}» — такого ответа нет: {what}.", "en": "'{raw}' is not an answer: {what}."},
    "error.type_number_from": {"ru": "наберите номер от {low} до {high}", "en": "type a number from {low} to {high}"},
    "error.type_one_of": {"ru": "наберите одно из чисел: {values}", "en": "type one of {values}"},
    "error.or_more": {"ru": ", «ещё» (весь список)", "en": ", 'more' (the whole list)"},
    "error.or_unknown": {"ru": " или «?» (не знаю)", "en": " or '?' (not known)"},
    "error.card": {"ru": "«{value}» — не карта: пишите масть и достоинство, например, ♥5, ♠К, Б10 или ЧТ",
                   "en": "'{value}' is not a card (write e.g. H5, S10, DA)"},
    "error.contract": {"ru": "«{value}» — не контракт (пишите, например, 4Ч, 3БК, 4ПX или 4H, 3NT, 4SX)",
                       "en": "'{value}' is not a contract (write e.g. 4H, 3NT, 4SX)"},
    "error.call": {"ru": "«{value}» — не заявка (пишите назначение 1Т..7БК, пас, X или XX)",
                   "en": "'{value}' is not a call (write a bid 1C..7NT, P, X or XX)"},
    "error.calls": {"ru": "нужны заявки по порядку, например: 1Ч пас 2Ч пас",
                    "en": "expected the calls in order, e.g. [1H, P, 2H, P]"},
    "error.calls_many": {"ru": "{n} заявок: в торговле по Правилам не больше {most} заявок",
                         "en": "{n} calls: no auction the Laws allow has more than {most}"},
    "error.calls_item": {"ru": "заявка {n} ({item}) — не заявка: пишите назначение 1Т..7БК, пас, X или XX,"
                               " можно после места игрока, который её сделал (W:2П)",
                         "en": "call {n} ({item}) is not a call: write a bid 1C..7NT, P, X or XX,"
                               " optionally after the seat that made it (W:2S)"},
    "error.range": {"ru": "{value} — вне пределов {low}..{high}", "en": "{value} is out of range {low}..{high}"},
    "error.value": {"ru": "неизвестное значение «{value}»", "en": "unknown value '{value}'"},
    # -- a file's problems as `check` and `rule` say them (errors.Problem.render): the English as the loaders
    #    write it, matched whole, and the committee's Russian for it; a message none matches stays English
    "problem.unknown_value": {"ru": "неизвестное значение «{value}»", "en": "unknown value '{value}'"},
    "problem.slot_value": {"ru": "{where}: неизвестное значение «{value}»", "en": "{where}: unknown value '{value}'"},
    "problem.unknown_slot": {"ru": "в шаблоне {template} нет поля «{slot}»", "en": "unknown slot '{slot}' in {template}"},
    "problem.required_slot": {"ru": "{template}: не указано обязательное поле «{slot}»",
                              "en": "{template}: required slot '{slot}' is missing"},
    "problem.unknown_key_in": {"ru": "неизвестный ключ «{key}» в {where}", "en": "unknown key '{key}' in {where}"},
    "problem.unknown_key": {"ru": "неизвестный ключ «{key}»", "en": "unknown key '{key}'"},
    "problem.missing": {"ru": "{where}: не указан обязательный ключ «{key}»", "en": "{where}: '{key}' is missing"},
    "problem.not_allowed": {"ru": "{where}: значение {value} недопустимо", "en": "{where}: {value} is not allowed"},
    "problem.no_file": {"ru": "файл не найден", "en": "no such file"},
    "problem.no_path": {"ru": "нет такого файла или папки", "en": "no such file or folder"},
    "problem.did_you_mean": {"ru": "может быть, имелось в виду {names}?", "en": "did you mean {names}?"},
    "problem.has": {"ru": "{what} — допустимо: {names}", "en": "{what} has: {names}"},
    "problem.allowed": {"ru": "допустимо: {names}", "en": "allowed: {names}"},
}


class WordError(ValueError):
    """A value the program cannot take, said in the catalog's words: ``str()`` in English (a file's
    error), ``text(lang)`` in either language (the interview's prompt)."""

    def __init__(self, key: str, **fields):
        super().__init__(word(key, "en", **fields))
        self.key, self.fields = key, fields

    def text(self, lang: str) -> str:
        return word(self.key, lang, **self.fields)


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


# -- declension and number agreement, done once: a template field's spec (``{player:gen}``,
#    ``{count:tricks}``, ``{count:переходит|переходят|переходят}``) read by ``Said.__format__``
CASES = ("nom", "gen", "dat", "acc", "ins", "pre")  # именительный ... предложный
FORMS: dict[str, dict[str, tuple[str, ...]]] = {  # a word's six cases (English: one form)
    "seat.N": {"ru": ("Север", "Севера", "Северу", "Севера", "Севером", "Севере"), "en": ("North",)},
    "seat.E": {"ru": ("Восток", "Востока", "Востоку", "Востока", "Востоком", "Востоке"), "en": ("East",)},
    "seat.S": {"ru": ("Юг", "Юга", "Югу", "Юга", "Югом", "Юге"), "en": ("South",)},
    "seat.W": {"ru": ("Запад", "Запада", "Западу", "Запада", "Западом", "Западе"), "en": ("West",)},
    # a seat not known (explain/possible/): said once for whichever it was
    "seat.not_known": {"ru": ("неизвестный игрок", "неизвестного игрока", "неизвестному игроку", "неизвестного игрока",
                              "неизвестным игроком", "неизвестном игроке"), "en": ("a player not known",)},
}
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {  # a counted noun: ru one/few/many, en one/many
    "tricks": {"ru": ("взятка", "взятки", "взяток"), "en": ("trick", "tricks")},
    "units": {"ru": ("пункт", "пункта", "пунктов"), "en": ("unit", "units")},  # a law's units (coverage, book)
}
NUMERALS = {  # 0..13 in words, the feminine Russian forms (взятка, карта); English counts in digits
    "ru": ("ноль", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять", "десять",
           "одиннадцать", "двенадцать", "тринадцать"),
    "en": (),
}


def plural(n: int, lang: str) -> int:
    """Which number form ``n`` takes: ru 0 one (1, 21), 1 few (2–4, 22), 2 many (5–20, 0); en 0 one, 1 many."""
    if lang == "en":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


def agree(n: int, forms: str, lang: str) -> str:
    """The form of ``forms`` (``one|few|many`` in Russian, ``one|many`` in English) that agrees with ``n``."""
    parts = forms.split("|")
    return parts[min(plural(n, lang), len(parts) - 1)]


def count(n: int, noun: str, lang: str) -> str:
    """``n`` of ``noun`` in words with agreement: «одна взятка», «две взятки», «пять взяток»; "1 trick"."""
    said = NUMERALS[lang][n] if 0 <= n < len(NUMERALS[lang]) else str(n)
    forms = NOUNS[noun][lang]
    return f"{said} {forms[min(plural(n, lang), len(forms) - 1)]}"


def noun_for(n: int, noun: str, lang: str) -> str:
    """The form of ``noun`` (NOUNS) that goes after the digits ``n``: «3 пункта», «1 пункт», "2 units"."""
    forms = NOUNS[noun][lang]
    return forms[min(plural(n, lang), len(forms) - 1)]


def inflect(key: str, case: str, lang: str) -> str:
    """The word ``key`` (a seat) in ``case`` (one of CASES): inflect("seat.S", "gen", "ru") == "Юга"."""
    forms = FORMS[key][lang]
    return forms[min(CASES.index(case), len(forms) - 1)]


NAMED = "named"  # a field spec: the value in brackets after what it names, or nothing when it is not known
MADE = "made"  # a field spec on a call: what the player does, "passes" for a pass, else "calls 3♥"
KIND = "kind"  # a field spec on a call: what kind of call it is, «контра», «пас», «назначение»
CALL_MADE = {"ru": ("пасует", "заявляет {call}"), "en": ("passes", "calls {call}")}


class Said(str):
    """A value as a director reads it, that a template field may decline or count by its spec.

    ``"{player:gen}"`` a seat in a case (CASES); ``"{count:tricks}"`` a number in words with its noun
    (NOUNS); ``"{count:переходит|переходят|переходят}"`` the form that agrees with the number;
    ``"{player:named}"`` " (West)" where the value is known, nothing where it is not (NAMED);
    ``"{call:made}"`` what the player does with the call: "passes", "calls 3♥" (MADE);
    ``"{call:kind}"`` what kind of call it is: «контра», «реконтра», «пас», «назначение» (KIND).
    Without a spec it reads as its label."""

    def __new__(cls, text: str, lang: str, key: str | None = None, n: int | None = None):
        self = super().__new__(cls, text)
        self.lang, self.key, self.n = lang, key, n
        return self

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec == NAMED:
            return f" ({self})" if self.strip() not in ("", "—") else ""
        if spec == MADE:
            passes, calls = CALL_MADE[self.lang]
            return passes if self.key == "call.P" else calls.replace("{call}", str(self))
        if spec == KIND:
            kind = f"callkind.{self.key[5:]}" if self.key in ("call.P", "call.X", "call.XX") else "callkind.bid"
            return WORDS[kind][self.lang]
        if "|" in spec and self.n is not None:
            return agree(self.n, spec, self.lang)
        if spec in NOUNS and self.n is not None:
            return count(self.n, spec, self.lang)
        if spec in CASES:
            return inflect(self.key, spec, self.lang) if self.key in FORMS else str(self)
        raise ValueError(f"unknown field spec ':{spec}' (a case {', '.join(CASES)}; a noun"
                         f" {', '.join(NOUNS)}; forms one|few|many; {NAMED}; {MADE}; or {KIND})")


def spec_problem(spec: str) -> str | None:
    """What is wrong with a template field's spec, or None: for the vocabulary's check."""
    if not spec or spec in CASES or spec in NOUNS or "|" in spec or spec in (NAMED, MADE, KIND):
        return None
    return (f"unknown field spec ':{spec}': write a case ({', '.join(CASES)}), a noun ({', '.join(NOUNS)}),"
            f" forms one|few|many, '{NAMED}', '{MADE}' or '{KIND}'")


def general(spec: str, lang: str) -> str:
    """What follows a field whose value is not known (a variable in the book): a counted noun's
    "many" form (" взяток"); nothing for a case. A ``one|few|many`` spec is written in place instead
    (see ``Said``): the book shows its "many" form."""
    return f" {NOUNS[spec][lang][-1]}" if spec in NOUNS else ""


def genitive(label: str) -> str:
    """A Russian label in the genitive, as «пары …» and «противников …» need it: its leading adjectives and
    participles and the noun after them declined, the rest kept (нарушитель -> нарушителя, отступивший
    игрок -> отступившего игрока, сделавший претензию -> сделавшего претензию)."""
    adjective = {"ий": "его", "ый": "ого", "ой": "ого", "ая": "ой"}
    out, parts = [], label.split()
    for i, w in enumerate(parts):
        if w[-2:] in adjective:
            out.append(w[:-2] + ("ей" if w[-2:] == "ая" and w[-3:-2] in "жшчщ" else adjective[w[-2:]]))
            continue
        if i == 0 or parts[i - 1][-2:] in adjective:
            if w.endswith("ь"):
                out.append(w[:-1] + "я")
                return " ".join(out + parts[i + 1:])
            if w.endswith("а"):
                out.append(w[:-1] + ("и" if w[-2] in "гкхжчшщ" else "ы"))
                return " ".join(out + parts[i + 1:])
            if w[-1] not in "аеёиоуыэюяй":
                out.append(w + "а")
                return " ".join(out + parts[i + 1:])
        return " ".join(out + parts[i:])
    return " ".join(out)
