"""A safe subset of YAML that keeps where every value came from.

Shape: ``load(path) -> Document`` whose mappings are :class:`LocDict` and
sequences :class:`LocList`; each knows the :class:`Loc` of itself, of its keys
and of its values, so any later stage can point at the file and line.

Refused, each with file:line: tags (``!!python/...``), anchors and aliases,
duplicate keys, non-string keys.  Scalars are typed by a small fixed rule and
never by YAML 1.1's guesses: a plain ``true``/``false`` is a bool, a plain
integer is an int, plain ``null``/``~``/empty is None, everything else
(``no``, ``N``, ``10:30``, ``2017-01-15``, ``1.5``) stays a string; quoted
scalars are always strings.  Nothing is executed: the text is composed to
nodes with PyYAML's SafeLoader and converted here.

Bounded: a file over MAX_BYTES (read no further than that, so ``/dev/zero``
ends too) and values nested over MAX_DEPTH levels are refused with the file
and line; no bridgelaw file needs a tenth of either.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

try:
    import yaml
except ImportError:  # the offline page (bridgelaw page) runs validated knowledge and reads no YAML at all
    yaml = None

from ..errors import BridgelawError, Loc, Problem

_INT = re.compile(r"^[-+]?[0-9]+$")
MAX_BYTES = 4 * 1024 * 1024  # the largest shipped file (knowledge/laws.yaml) is well under 1 MiB
MAX_DEPTH = 64  # levels of nesting; a production nests about 8


class LocDict(dict):
    """A dict that remembers the Loc of itself, its keys and its values."""

    loc: Loc
    key_locs: dict
    value_locs: dict

    def loc_of(self, key: str) -> Loc:
        return self.value_locs.get(key, self.key_locs.get(key, self.loc))

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)


class LocList(list):
    """A list that remembers the Loc of itself and of each item."""

    loc: Loc
    item_locs: list

    def loc_of(self, index: int) -> Loc:
        return self.item_locs[index] if 0 <= index < len(self.item_locs) else self.loc


def _loc(node: yaml.Node, file: str) -> Loc:
    mark = node.start_mark
    return Loc(file, mark.line + 1, mark.column + 1)


def _scalar(node: yaml.ScalarNode) -> Any:
    if node.style:  # quoted or block scalar: always text
        return node.value
    v = node.value
    if v in ("", "~", "null"):
        return None
    if v == "true":
        return True
    if v == "false":
        return False
    if _INT.match(v):
        return int(v)
    return v


_STD_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
}


def _convert(node: yaml.Node, file: str, problems: list[Problem], seen_anchors: set, depth: int = 0) -> Any:
    loc = _loc(node, file)
    if depth > MAX_DEPTH and not isinstance(node, yaml.ScalarNode):
        problems.append(Problem(loc, f"nested more than {MAX_DEPTH} levels deep",
                                hint="bridgelaw files are shallow: a mapping or list this deep is a mistake"))
        return None
    if node.tag not in _STD_TAGS:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        problems.append(Problem(loc, f"YAML tag '{tag}' is not allowed",
                                hint="bridgelaw files are plain data: remove the tag"))
        return None
    if id(node) in seen_anchors:
        problems.append(Problem(loc, "anchors and aliases (&name / *name) are not allowed",
                                hint="write the value out again where it is needed"))
        return None
    seen_anchors.add(id(node))
    if isinstance(node, yaml.MappingNode):
        out = LocDict()
        out.loc, out.key_locs, out.value_locs = loc, {}, {}
        for knode, vnode in node.value:
            kloc = _loc(knode, file)
            if not isinstance(knode, yaml.ScalarNode):
                problems.append(Problem(kloc, "a key must be a plain name"))
                continue
            key = knode.value
            if key == "<<":
                problems.append(Problem(kloc, "merge keys (<<) are not allowed"))
                continue
            if key in out:
                problems.append(Problem(kloc, f"duplicate key '{key}'",
                                        hint=f"'{key}' is already given at line {out.key_locs[key].line}"))
                continue
            out[key] = _convert(vnode, file, problems, seen_anchors, depth + 1)
            out.key_locs[key] = kloc
            out.value_locs[key] = _loc(vnode, file)
        return out
    if isinstance(node, yaml.SequenceNode):
        out = LocList()
        out.loc, out.item_locs = loc, []
        for item in node.value:
            out.append(_convert(item, file, problems, seen_anchors, depth + 1))
            out.item_locs.append(_loc(item, file))
        return out
    return _scalar(node)


_FAST = getattr(yaml, "CSafeLoader", None) if yaml is not None else None  # libyaml, when PyYAML was built with it


def _compose(text: str) -> yaml.Node | None:
    """The node tree: by libyaml (several times faster: it is most of a cold start), by PyYAML on a mistake.

    Both give the same nodes, marks and tags; a syntax error is parsed again by
    PyYAML, whose messages are the ones bridgelaw shows.  PyYAML recurses once per
    level of nesting: text nested past what Python allows is refused as too deep,
    at the place libyaml stopped when it did.
    """
    fast_error = None
    if _FAST is not None:
        try:
            return yaml.compose(text, Loader=_FAST)
        except yaml.YAMLError as e:
            fast_error = e
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        mark = getattr(fast_error, "problem_mark", None)
        raise _TooDeep(mark) from None


class _TooDeep(Exception):
    def __init__(self, mark):
        self.mark = mark


#: The parser's words for the mistakes a committee member makes most, said as what to do: problem -> (message, hint),
#: ``{line}`` being the line of the mistake.  Other problems are shown as the parser words them.
_PLAIN = {
    "expected <block end>, but found '-'": (
        "the indentation of the item at line {line} does not match the one above",
        "indent every item of a list like the first one, with spaces"),
    "found character '\\t' that cannot start any token": (
        "use spaces, not a tab",
        "YAML indents with spaces only: replace the tab at line {line} by spaces"),
}


def _syntax(e: yaml.MarkedYAMLError, file: str) -> Problem:
    """A parser error as a Problem at file:line:col, in plain words when _PLAIN knows it."""
    mark = e.problem_mark or e.context_mark
    loc = Loc(file, mark.line + 1, mark.column + 1) if mark else Loc(file)
    if e.problem in _PLAIN:
        message, hint = _PLAIN[e.problem]
        return Problem(loc, "YAML syntax: " + message.format(line=loc.line), hint=hint.format(line=loc.line))
    return Problem(loc, f"YAML syntax: {e.problem or e.context}",
                   hint=str(e.context or "") if e.problem and e.context else "")


def loads(text: str, file: str = "<string>") -> Any:
    """Parse one YAML document from text; raise BridgelawError with file:line on any mistake."""
    try:
        node = _compose(text)
    except yaml.MarkedYAMLError as e:
        raise BridgelawError(_syntax(e, file)) from None
    except yaml.YAMLError as e:  # pragma: no cover - PyYAML always marks its errors
        raise BridgelawError(Problem(Loc(file), f"YAML syntax: {e}")) from None
    except _TooDeep as e:
        loc = Loc(file, e.mark.line + 1, e.mark.column + 1) if e.mark else Loc(file)
        raise BridgelawError(Problem(loc, f"nested more than {MAX_DEPTH} levels deep",
                                     hint="bridgelaw files are shallow: a mapping or list this deep is a mistake")) from None
    if node is None:
        return None
    problems: list[Problem] = []
    data = _convert(node, file, problems, set())
    if problems:
        raise BridgelawError(_once(problems))
    return data


def _once(problems: list[Problem]) -> list[Problem]:
    """Each message once, at its first place, saying how many more there are (an alias bomb: one line, not 72)."""
    first: dict[str, Problem] = {}
    count: dict[str, int] = {}
    for p in problems:
        first.setdefault(p.message, p)
        count[p.message] = count.get(p.message, 0) + 1
    out = []
    for message, p in first.items():
        more = count[message] - 1
        if more:
            p = Problem(p.loc, p.message, p.breadcrumb, "\n".join(filter(None, [p.hint, f"and {more} more like it"])))
        out.append(p)
    return out


def load(path: str | Path, display: str | None = None) -> Any:
    """Read and parse a YAML file (read-only); ``display`` is the name used in messages."""
    return loads(read_text(path, display), display or str(path))


def read_text(path: str | Path, display: str | None = None, limit: int = MAX_BYTES, what: str = "a bridgelaw file",
              hint: str = "an incident, a law file or an answers file is a few kilobytes",
              regular: bool = False) -> str:
    """A file's UTF-8 text, read no further than ``limit`` bytes; BridgelawError naming the file otherwise.  A folder is
    refused; ``regular``: anything but a regular file too (a FIFO nobody writes to, a device), opened without
    blocking so as not to wait on it (board files)."""
    path = Path(path)
    name = display or str(path)
    try:
        fd = os.open(path, os.O_RDONLY | (os.O_NONBLOCK if regular else 0))  # a pipe of a shell's <(...) is read
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode) or (regular and not stat.S_ISREG(mode)):
            os.close(fd)
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode) else "a device" \
                if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
            raise BridgelawError(Problem(Loc(name), f"cannot read: {kind}, not a file"))
        with os.fdopen(fd, "rb") as f:
            raw = f.read(limit + 1)
        if len(raw) > limit:
            size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"
            raise BridgelawError(Problem(Loc(name), f"larger than {size}: not {what}", hint=hint))
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise BridgelawError(Problem(Loc(name), "no such file")) from None
    except UnicodeDecodeError as e:
        raise BridgelawError(Problem(Loc(name), f"not UTF-8 text ({e.reason} at byte {e.start})")) from None
    except OSError as e:
        raise BridgelawError(Problem(Loc(name), f"cannot read: {e.strerror}")) from None
    return text


def dumps(data: Any) -> str:
    """YAML text for plain data (mappings keep their order; innermost collections on one line), which load reads back."""
    if yaml is None:  # the offline page: JSON is YAML too, and `bridgelaw rule` reads it back the same
        import json
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
