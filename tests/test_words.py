"""The director's words live in one catalog (bridgelaw/words.py), in both languages, and nowhere else.

Every key has a Russian and an English text with the same {fields}; every key the code or a template
names is in the catalog; no face, explainer or committee tool keeps a ru/en dict or a Russian literal
of its own.
"""
import ast
import re
import string
from pathlib import Path

import pytest

from bridgelaw import values
from bridgelaw.words import FORMS, LANGS, WORDS, both, same, word, words

try:  # the operator table, once it has a module of its own
    from bridgelaw.ops import OPS
except ImportError:
    from bridgelaw.model import OPS

PKG = Path(__file__).resolve().parent.parent / "bridgelaw"
CATALOG = PKG / "words.py"
GROUPS = {k.split(".", 1)[0] for k in WORDS}
CYRILLIC = re.compile("[А-Яа-яЁё]")
# words a director may type (accepted on input, several per language), not words shown
INPUT_WORDS = {"_UNKNOWN_WORDS", "SINGULAR", "_BELOW", "_ABOVE", "_YO", "_OR"}  # what a director may type
# faces/usage.py: argparse's gettext catalog, keyed by argparse's own English msgids (not a group.name key)
GETTEXT_CATALOGS = {"ARGPARSE_RU"}
FILES = (".html", ".txt", ".yaml", ".json")  # "ruling.html" names a template, not a word


def sources() -> list[Path]:
    """The package's modules that take their words from the catalog (the ruling log keeps its own: log/words.py)."""
    return sorted(p for p in PKG.rglob("*.py") if p != CATALOG and "log" not in p.relative_to(PKG).parts[:1])


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


# -- the catalog ------------------------------------------------------------------------------------


def test_every_key_has_russian_and_english():
    bad = [k for k, v in WORDS.items() if set(v) != set(LANGS) or not all(isinstance(v[x], str) and v[x].strip()
                                                                           for x in LANGS)]
    assert bad == [], f"each key needs a non-empty text in {LANGS} and nothing else: {bad}"


def test_keys_are_group_dot_name():
    assert [k for k in WORDS if not re.fullmatch(r"[a-z]+\.[A-Za-z_-]+", k)] == []


def test_both_languages_fill_the_same_fields():
    bad = {k: (fields(v["ru"]), fields(v["en"])) for k, v in WORDS.items() if fields(v["ru"]) != fields(v["en"])}
    assert bad == {}, "a {field} in one language only is lost in the other"


def test_the_accessors():
    assert word("page.question", "ru", n=3) == "Вопрос 3"
    assert word("page.question", "en") == "Question {n}"  # no fields given: the template, for a page to fill
    assert both("seat.N") == {"ru": "Север", "en": "North"}
    assert words("ruling", "en")["how"] == "How"
    assert same("revoke-1") == {"ru": "revoke-1", "en": "revoke-1"}
    with pytest.raises(KeyError):
        word("page.no_such_word", "en")


# -- every key used exists ------------------------------------------------------------------------------


def used_keys(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, kind, text) for every key the code names: ``word``/``both``/``words`` calls and "group.name" literals."""
    out = []
    in_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if id(node) in in_fstring:
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            kind = {"word": "key", "both": "key", "words": "group"}.get(node.func.id)
            if kind:
                for sub in ast.walk(node.args[0]):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in in_fstring:
                        out.append((sub.lineno, kind, sub.value))
                    elif isinstance(sub, ast.JoinedStr) and sub.values and isinstance(sub.values[0], ast.Constant):
                        out.append((sub.lineno, "prefix", sub.values[0].value))  # f"seat.{s}"
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.split(".")[0] in GROUPS \
                and re.fullmatch(r"[a-z]+\.[A-Za-z_-]+", node.value) and not node.value.endswith(FILES):
            out.append((node.lineno, "key", node.value))
    return sorted(set(out))


def unknown_keys(rel: str, source: str) -> list[str]:
    """Keys a module names that its catalog lacks: bridgelaw/words.py, or the ruling log's own (log/words.py) for a
    module that takes its words from there (the offline page's log)."""
    from bridgelaw.log.words import WORDS as LOG_WORDS
    catalog = LOG_WORDS if re.search(r"^from \.\.\.log\.words import word$", source, re.M) else WORDS
    bad = []
    for line, kind, text in used_keys(ast.parse(source)):
        ok = {"key": text in catalog or text in FORMS, "group": text in GROUPS,
              "prefix": any(k.startswith(text) for k in WORDS)}[kind]
        if not ok:
            bad.append(f"{rel}:{line}: {kind} '{text}' is not in bridgelaw/words.py")
    return bad


def test_every_key_the_code_names_is_in_the_catalog():
    bad = [b for p in sources() for b in unknown_keys(str(p.relative_to(PKG)), p.read_text(encoding="utf-8"))]
    assert bad == []


def test_the_scan_catches_a_misspelt_key():
    source = ('word("page.pik", lang)\nboth("question.exists")\nwords("paeg", lang)\nword(f"set.{s}", "en")\n'
              'k = "ruling.hwo" if x else "ruling.how"\n')
    assert unknown_keys("x.py", source) == ["x.py:1: key 'page.pik' is not in bridgelaw/words.py",
                                            "x.py:3: group 'paeg' is not in bridgelaw/words.py",
                                            "x.py:4: prefix 'set.' is not in bridgelaw/words.py",
                                            "x.py:5: key 'ruling.hwo' is not in bridgelaw/words.py"]


def template_names(folder: Path, var: str) -> dict[str, set[str]]:
    """Per template file, the names it reads as ``var.NAME`` (e.g. ``w.app``)."""
    return {p.name: set(re.findall(rf"\b{var}\.([A-Za-z_]+)", p.read_text(encoding="utf-8")))
            for p in sorted(folder.glob("*.html"))}


def test_every_word_a_page_template_reads_is_there():
    from bridgelaw.faces.web.pages import WORDS as PAGE
    used = template_names(PKG / "faces" / "web" / "templates", "w")
    assert any(used.values())
    for lang in LANGS:
        assert {f: sorted(n - set(PAGE[lang])) for f, n in used.items() if n - set(PAGE[lang])} == {}


def test_every_word_a_book_template_reads_is_there(knowledge):
    from bridgelaw.committee.coverage import coverage
    used = template_names(PKG / "committee" / "templates" / "book", "t")
    assert any(used.values())
    book = set(words("book", "en"))
    assert {f: sorted(n - book) for f, n in used.items() if n - book} == {}
    statuses = {r.status for r in coverage(knowledge, {})} | {"-"}  # t[status]: the coverage status of a row
    assert statuses - book == set()


def test_every_operator_and_accessor_reads_in_plain_words():
    """describe.py looks these up by name (``self.w[t.op]``, ``self.w[v.accessor]``)."""
    names = (set(OPS) - {"known"}) | set(values.ACCESSORS)
    assert names - set(words("describe", "en")) == set()


# -- no words of their own --------------------------------------------------------------------------------


def text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or isinstance(node, ast.Constant) and isinstance(node.value, str)


def own_words(rel: str, source: str) -> list[str]:
    """A dict of words (``"ru":`` a text) or a Russian string literal outside the catalog; a JSON Schema's
    ``{"ru": {"type": "string"}}`` says what a text is, and is not one."""
    tree = ast.parse(source)
    allowed = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
                isinstance(t, ast.Name) and t.id in INPUT_WORDS | GETTEXT_CATALOGS
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            allowed |= {id(n) for n in ast.walk(node)}
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            allowed.add(id(node.body[0].value))  # a docstring is read by programmers, never shown
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value in LANGS and text(v)
                                              for k, v in zip(node.keys, node.values)):
            bad.append(f"{rel}:{node.lineno}: a {{ru, en}} dict of its own")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and CYRILLIC.search(node.value) \
                and id(node) not in allowed:
            bad.append(f"{rel}:{node.lineno}: Russian words of its own: {node.value[:40]!r}")
    return bad


def shown(path: Path) -> bool:
    """Modules whose words a director or reader sees: faces, explain, committee, the built-in values."""
    rel = path.relative_to(PKG)
    return rel.parts[0] in ("faces", "explain", "committee") or rel.name == "values.py" and len(rel.parts) == 1


def test_no_face_explainer_or_committee_tool_keeps_words_of_its_own():
    checked = [p for p in sources() if shown(p)]
    assert len(checked) > 20
    bad = [b for p in checked for b in own_words(str(p.relative_to(PKG)), p.read_text(encoding="utf-8"))
           if not (p.name == "values.py" and "Russian words" in b)]  # values.py: the names a director may type
    assert bad == [], "move them to bridgelaw/words.py and look them up by key"


def test_the_scan_catches_words_of_its_own():
    source = ('TEXT = {"new": {"ru": "Новый", "en": "New"}}\nHINT = "не знаю"\n_UNKNOWN_WORDS = {"неизвестно"}\n'
              'title = {"ru": f"Law {n}", "en": f"Law {n}"}\nSCHEMA = {"ru": {"type": "string"}}\n')
    assert sorted(own_words("faces/interview.py", source)) == [
        "faces/interview.py:1: Russian words of its own: 'Новый'",
        "faces/interview.py:1: a {ru, en} dict of its own",
        "faces/interview.py:2: Russian words of its own: 'не знаю'",
        "faces/interview.py:4: a {ru, en} dict of its own"]


def test_the_page_takes_no_words_from_the_terminal_prompt():
    tree = ast.parse((PKG / "faces" / "web" / "pages.py").read_text(encoding="utf-8"))
    from_prompt = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (n.module or "").endswith("prompt")
                   for a in n.names]
    assert from_prompt == []
