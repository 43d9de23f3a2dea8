"""The ruling log's words, Russian and English (the shape of bridgelaw/words.py: key -> {ru, en}).

The glossary's terms: судья (director), апелляционный комитет (appeals committee),
сдача (board), стол (table), турнир (event), сессия (session).
"""
from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "kind.ruling": {"ru": "решение", "en": "ruling"},
    "kind.correction": {"ru": "исправление", "en": "correction"},
    "kind.appeal": {"ru": "апелляция", "en": "appeal"},
    "col.id": {"ru": "№", "en": "ID"},
    "col.when": {"ru": "когда", "en": "when"},
    "col.event": {"ru": "турнир", "en": "event"},
    "col.board": {"ru": "сдача", "en": "board"},
    "col.table": {"ru": "стол", "en": "table"},
    "col.director": {"ru": "судья", "en": "director"},
    "col.kind": {"ru": "запись", "en": "entry"},
    "col.laws": {"ru": "правила", "en": "laws"},
    "col.result": {"ru": "результат", "en": "result"},
    "col.law": {"ru": "правило", "en": "law"},
    "col.count": {"ru": "решений", "en": "rulings"},
    "list.none": {"ru": "Записей нет.", "en": "No entries."},
    "list.more": {"ru": "… и ещё {n} (показаны первые {limit}; --limit 0 — все)",
                  "en": "... and {n} more (the first {limit} shown; --limit 0 for all)"},
    "stats.none": {"ru": "Решений нет.", "en": "No rulings."},
    "show.of": {"ru": "к записи № {id}", "en": "of entry {id}"},
    "show.followed": {"ru": "Далее", "en": "Later entries"},
    "field.event": {"ru": "Турнир", "en": "Event"},
    "field.date": {"ru": "Дата", "en": "Date"},
    "field.scoring": {"ru": "Форма подсчёта", "en": "Scoring"},
    "field.session": {"ru": "Сессия", "en": "Session"},
    "field.board": {"ru": "Сдача", "en": "Board"},
    "field.table": {"ru": "Стол", "en": "Table"},
    "field.director": {"ru": "Судья", "en": "Director"},
    "field.when": {"ru": "Записано", "en": "Logged"},
    "field.knowledge": {"ru": "Версия знаний", "en": "Knowledge version"},
    "field.edition": {"ru": "Правила, редакция {edition}", "en": "Laws, {edition} edition"},
    "field.lang": {"ru": "Язык", "en": "Language"},
    "field.laws": {"ru": "Правила", "en": "Laws"},
    "field.result": {"ru": "Результат", "en": "Result"},
    "field.note": {"ru": "Пояснение", "en": "Note"},
    "field.outcome": {"ru": "Итог", "en": "Outcome"},
    "field.law": {"ru": "По правилу", "en": "Under law"},
    "print.title": {"ru": "Запись о решении судьи № {id}", "en": "Director's ruling, entry {id}"},
    "print.facts": {"ru": "Установленные факты", "en": "The facts established"},
    "print.file": {"ru": "Как их записывает файл инцидента:", "en": "As the incident file states them:"},
    "print.ruling": {"ru": "Решение", "en": "The ruling"},
    "print.how": {"ru": "Как получено", "en": "How it was reached"},
    "print.open": {"ru": "Остаются вопросы", "en": "Open questions"},
    "print.not_encoded": {"ru": "Не закодировано", "en": "Not encoded"},
    "print.history": {"ru": "Исправления и апелляции", "en": "Corrections and appeals"},
    "print.none": {"ru": "Нет.", "en": "None."},
    "print.new_ruling": {"ru": "Новое решение", "en": "The new ruling"},
    "print.signature": {"ru": "Подпись судьи: ____________________", "en": "Director's signature: ____________________"},
    "outcome.upheld": {"ru": "решение оставлено в силе", "en": "ruling upheld"},
    "outcome.changed": {"ru": "решение изменено", "en": "ruling changed"},
    "outcome.withdrawn": {"ru": "апелляция отозвана", "en": "appeal withdrawn"},
    "outcome.deposit_kept": {"ru": "решение оставлено, апелляция без оснований", "en": "ruling upheld, appeal without merit"},
    "written": {"ru": "Записано в журнал: № {id} ({db})", "en": "Logged: entry {id} ({db})"},
    "imported": {"ru": "Импортировано записей: {n}; уже были: {same}", "en": "Entries imported: {n}; already there: {same}"},
    "exported": {"ru": "Записей выгружено: {n} → {out}", "en": "Entries exported: {n} -> {out}"},
    "printed": {"ru": "Запись для печати: {out}", "en": "Printable record: {out}"},
}


def word(key: str, lang: str, **fields) -> str:
    text = WORDS[key][lang if lang in ("ru", "en") else "ru"]
    return text.format(**fields) if fields else text
