"""A claim's lines as the ruling shows them: read/dd.py's ClaimLines in words and as plain data (the JSON's
``claim_lines``).  Evidence beside the director's 70D1 question, never a ruling element: the productions decide.

    claim_lines(lines) -> {"claimer", "side", "first_trick", "remaining", "worst", "best", "worst_line",
                           "best_line", "diverge", "lines", "complete", "text": {ru: [...], en: [...]}} or None
    revoke_tricks(refs) -> [{"offender", "trick", "side", "before", "by_card", "at_table", "text"}, ...]

64C's reference (read/dd.py RevokeTricks) likewise stands beside the 64C1 question, never as an element.
"""
from __future__ import annotations

from ..values import SEAT_LABELS, SIDE_LABELS, render_card, side_of
from ..words import LANGS, word


def revoke_tricks(refs) -> list:
    """Each revoke's double-dummy reference in words and as data (the JSON's ``revoke_tricks``)."""
    out = []
    refs = list(refs or ())
    told = set()  # the table's tricks from one trick on: said once, whichever revokes were at that trick
    for i, r in enumerate(refs):
        text = {}
        groups: dict = {}
        for card, n in r.by_card:
            groups.setdefault(n, []).append(card)
        tricks = sorted(groups)
        for lang in LANGS:
            by_card = "; ".join(word("revoke.by_card", lang, n=n, seat=SEAT_LABELS[r.offender][lang], cards=_or(
                [render_card(c, lang) for c in groups[n]], lang)) for n in reversed(tricks))
            total = f"{r.before + tricks[0]}" + (f"–{r.before + tricks[-1]}" if len(tricks) > 1 else "")
            said = [word("revoke.reference", lang, seat=SEAT_LABELS[r.offender][lang], trick=r.trick,
                         side=SIDE_LABELS[r.declarer_side][lang], by_card=by_card, total=total)]
            if r.at_table is not None and (r.trick, r.at_table, lang) not in told:
                told.add((r.trick, r.at_table, lang))
                said.append(word("revoke.at_table", lang, n=r.at_table, total=r.before + r.at_table))
            if i == len(refs) - 1:  # what the evidence is, once after the last revoke's
                said.append(word("revoke.finding", lang))
            text[lang] = said
        out.append({"offender": r.offender, "trick": r.trick, "side": r.declarer_side, "before": r.before,
                    "by_card": [[c, n] for c, n in r.by_card], "at_table": r.at_table, "text": text})
    return out


def claim_lines(lines) -> dict | None:
    if lines is None:
        return None
    worst, best = [list(p) for p in lines.worst_line], [list(p) for p in lines.best_line]
    diverge = None
    if lines.diverge is not None:
        i = lines.diverge
        diverge = {"trick": _trick_of(lines, i), "seat": best[i][0], "best": best[i][1], "worst": worst[i][1]}
    side = side_of(lines.claimer)
    text = {}
    for lang in LANGS:
        out = [word("lines.claim", lang, trick=lines.first_trick, n=lines.remaining, side=SIDE_LABELS[side][lang],
                    best=lines.best, worst=lines.worst)]
        if diverge:
            out.append(word("lines.diverge", lang, trick=diverge["trick"], seat=SEAT_LABELS[diverge["seat"]][lang],
                            best=render_card(diverge["best"], lang), worst=render_card(diverge["worst"], lang)))
            out.append(word("lines.best", lang, line=_line(lines, best, lang)))
            out.append(word("lines.worst", lang, line=_line(lines, worst, lang)))
        else:
            out.append(word("lines.one", lang, line=_line(lines, best, lang)))
        out.append(word("lines.all", lang, n=lines.lines) if lines.complete
                   else word("lines.cut", lang, n=lines.lines, budget=f"{lines.budget:g}"))
        out.append(word("lines.finding", lang))
        text[lang] = out
    return {"claimer": lines.claimer, "side": side, "first_trick": lines.first_trick, "remaining": lines.remaining,
            "worst": lines.worst, "best": lines.best, "worst_line": worst, "best_line": best, "diverge": diverge,
            "lines": lines.lines, "complete": lines.complete, "text": text}


def _trick_of(lines, i: int) -> int:
    """The number of the trick the line's i-th card is played to."""
    return lines.first_trick + (i + _played_before(lines)) // 4


def _played_before(lines) -> int:
    """Cards already played to the trick in progress at the claim."""
    return lines.remaining * 4 - len(lines.best_line)


def _line(lines, plays: list, lang: str) -> str:
    """'10 (S): ♦A ♠J ♠2 ♦10; 11 (S): ...': each trick from its leader, the claim's own trick from its first card
    played after the claim."""
    out, trick, n = [], [], lines.first_trick
    before = _played_before(lines)
    for i, (seat, card) in enumerate(plays):
        trick.append(render_card(card, lang))
        if (i + before) % 4 == 3 or i == len(plays) - 1:
            lead = plays[i - len(trick) + 1][0]
            out.append(f"{n} ({SEAT_LABELS[lead][lang][0]}): {' '.join(trick)}")
            trick, n = [], n + 1
    return "; ".join(out)


def _or(said: list[str], lang: str) -> str:
    """Cards listed with commas, and the word for "or" (revoke.or) before the last one."""
    return f"{', '.join(said[:-1])}{word('revoke.or', lang)}{said[-1]}" if len(said) > 1 else said[0]
