"""The board's result: what the table writes on the scoresheet, computed from the ruling's own elements.

Shape::

    board_result(knowledge, working, elements, open_questions) -> Result | None

The director states the board in the deal context (contract with its doubles,
declarer, vulnerability, the tricks declarer's side won as played: before any
transfer, and before the claim when play ended with one).  The result counts
every trick the ruling itself moves (``transfer_tricks`` of 64A and 67B's
deemed revokes; a claim's ``claim_result`` of 69-71), checks a director's
judged claim split against the program's own 70C awards, and scores the
contract by Law 77 (explain/score.py).  A ruling that settles no tricks has
no result (None); a board still in play has "play continues"; a result an
open question could change is provisional, naming that question; an adjusted
score says it replaces the table result.  ``Result.status`` is one of
STATUSES.  Run after the engine, over elements only, so every back end
shares it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..read.incident import in_number_order
from ..read.scoring import Scoring, load_scoring
from ..values import SIDE_LABELS, SIDES, _CONTRACT, other_side, render_contract, side_of
from ..words import LANGS, count, word
from .score import Score, contract_score, imps

STATUSES = ("settled", "stands", "adjusted", "play_continues", "incomplete")
MOVES = ("transfer_tricks", "claim_result")  # elements that move tricks between the sides
STANDS = ("no_rectification", "result_stands", "award_tricks", "tricks_conceded")
ADJUSTS = ("adjust_score", "weighted_score")
IN_PLAY = ("play_continues", "correct_revoke")  # the board is not finished
SETTLES = MOVES + STANDS + ADJUSTS + IN_PLAY
BOARD = ("contract", "declarer", "declarer_tricks")  # the deal slots a result needs; vulnerability for the score
DOUBLING = {None: "undoubled", "X": "doubled", "XX": "redoubled"}


@dataclass
class Result:
    """The board's result after the ruling (see the module docstring); ``text`` {ru, en} is the scoresheet line."""

    status: str
    text: dict
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None          # declarer's side, every transfer and award counted
    table_tricks: int | None = None    # as the director stated them
    made: int | None = None            # tricks over the contract, or minus the tricks down
    score: dict | None = None          # {NS, EW}
    steps: list = field(default_factory=list)        # [{cite, tricks (to declarer's side, signed), text {ru,en}}]
    notes: list = field(default_factory=list)        # [{ru, en}]: contradictions said plainly
    missing: list = field(default_factory=list)      # FACT.SLOT the result still needs: deal.vulnerability...
    provisional: dict | None = None                  # {fact, slot, question, would_change}
    outcomes: list = field(default_factory=list)     # an adjusted score's outcomes: [{weight, contract, declarer,
    #                                                  tricks, made, score {NS, EW}, text {ru, en}}]
    imps: dict | None = None                         # a weighted score at teams: {NS, EW} IMPs against the other table
    artificial: dict | None = None                   # 12C2: {NS, EW: {grade, percent, imps}} by each side's fault

    def render(self, lang: str) -> list[str]:
        """The result's lines as a director reads them: the scoresheet line first."""
        lines = [f"{word('result.result', lang)}: {self.text[lang]}"]
        if self.provisional:
            lines.append(f"  ({self.provisional['would_change'][lang]})")
        lines += [f"  {n[lang]}" for n in self.notes]
        return lines


@cache
def _scoring(root: Path) -> Scoring:
    return load_scoring(root)


ROOT = Path(__file__).resolve().parents[2]


def _both(fn) -> dict:
    return {lang: fn(lang) for lang in LANGS}


def board_result(knowledge, working: list, elements: list, open_questions: list) -> Result | None:
    """The result the ruling settles, or None when it settles no tricks."""
    scoring = knowledge.scoring or _scoring(ROOT)  # the page ships it inside the knowledge (no files there)
    kinds = {e.kind for e in elements}
    deal_t = knowledge.vocabulary.templates.get("deal")
    given = _given_artificial(knowledge, working, elements, open_questions)
    if given:
        return given
    if not kinds & set(SETTLES) or deal_t is None or not all(s in deal_t.slots for s in (*BOARD, "vulnerability")):
        return None  # no tricks settled, or a vocabulary that cannot state the board
    facts = {f.template: f for f in working if f.template in ("deal", "claim")}
    deal = facts["deal"].known() if "deal" in facts else {}
    claim = facts["claim"].known() if "claim" in facts else {}
    claimed = [e for e in elements if e.kind == "claim_result"]
    ended = deal.get("play_ended", False if deal.get("current_trick") else None)  # a trick in play: not ended
    if kinds & set(IN_PLAY) or (ended is False and not claim):
        return Result("play_continues", _both(lambda lang: word("result.play_continues", lang)))
    provisional = _provisional(knowledge, open_questions)
    adjusted = next((e for e in elements if e.kind in ADJUSTS), None)
    missing = [f"deal.{s}" for s in BOARD if deal.get(s) is None]
    if claim and not claimed:
        missing.append(f"{facts['claim'].id}.result")  # the claim's split is not settled yet (the open questions)
    if missing:
        what = _both(lambda lang: ", ".join(_label(knowledge, working, m, lang) for m in missing))
        text = _both(lambda lang: word("result.missing", lang, what=what[lang]))
        if adjusted:
            text = _both(lambda lang: f"{word('result.adjusted', lang, cite=adjusted.cite)}; {text[lang]}")
        return Result("adjusted" if adjusted else "incomplete", text, deal.get("contract"), deal.get("declarer"),
                      missing=missing, provisional=provisional)
    side = side_of(deal["declarer"])
    table = deal["declarer_tricks"]
    steps, notes = _steps(elements, side, claim)
    tricks = max(0, min(13, table + sum(s["tricks"] for s in steps)))
    score = _score(deal, tricks, scoring)
    first = "result.before_claim" if claim else "result.table"
    board = _both(lambda lang: _board(deal, table, tricks, score, steps, lang, first))
    missing = [] if score else ["deal.vulnerability"]
    equity = _revoke_equity(elements, working, side, tricks)
    if equity and equity.get("need"):
        missing.append(equity["need"])
    if equity and "note" in equity:
        notes.append(equity["note"])
        adjusted = None if equity["tricks"] is None else adjusted  # 64C: the automatic result stands
    artificial = _artificial(knowledge, working, deal) if adjusted and not equity else None
    if artificial:  # a side's grade the director has not settled ("?"): asked for, its figure not given
        f = next(f for f in working if f.template == "artificial_score")
        missing += [f"{f.id}.{side}" for side in SIDES if artificial[side]["grade"] not in ARTIFICIAL]
    unsettled = [f"{f.id}.{s}" for f in working if f.template == "adjusted_outcome"
                 for s in ("contract", "declarer", "tricks") if f.get(s) is None]
    missing += unsettled  # an outcome the director has not settled (its tricks "?") is not scored
    outcomes = [] if artificial or unsettled else _outcomes(working, deal, first, scoring) if adjusted and not equity else []
    if outcomes and any(o["for_side"] for o in outcomes):
        return _each_side(deal, outcomes, adjusted.cite, board, table, steps, notes, missing, provisional, scoring)
    imps = _weighted_imps(deal, outcomes, scoring)
    vps = _vp_note(deal, imps, scoring)
    if vps:
        notes.append(vps)
    if artificial:
        at = board
        text = _both(lambda lang: f"{word('result.artificial', lang, **artificial['text'][lang])};"
                                  f" {word('result.at_table', lang, board=at[lang])}")
        return Result("adjusted", text, deal["contract"], deal["declarer"], None, table, None, None, steps, notes,
                      missing, provisional, artificial={s: artificial[s] for s in SIDES})
    if outcomes:
        at = board
        weighted = len(outcomes) > 1
        if weighted:
            board = _both(lambda lang: " + ".join(word("result.weight", lang, weight=o["weight"], board=o["text"][lang])
                                                  for o in outcomes))
        else:
            board = outcomes[0]["text"]
            tricks, score = outcomes[0]["tricks"], outcomes[0]["score_"]
        key = "result.weighted" if weighted else "result.equity_adjusted"
        shown = {s: f"{v:+.2f}".rstrip("0").rstrip(".") for s, v in (imps or {}).items()}
        tail = _both(lambda lang: ("; " + word("result.each_imps", lang, other=deal["other_table_score"], **shown))
                     if imps and not weighted else "" if not weighted else "; " + (
            word("result.imps", lang, imps=shown["NS"], other=deal["other_table_score"])
            if imps else word("result.matchpoints", lang)))
        cite = next((e.cite for e in elements if e.kind == "weighted_score"), adjusted.cite) if weighted else adjusted.cite
        revoke = adjusted.cite.startswith("64C")  # 64C2(b): the revokes' own rectification, then the adjustment
        moved = revoke and not any(e.kind == "no_rectification" for e in elements)  # 64B: no trick moved
        before = "result.after_transfer" if moved else "result.at_table"
        stands = _both(lambda lang: f"; {word('result.adjusted_stands', lang, cite=adjusted.cite)}" if moved else "")
        text = _both(lambda lang: f"{word(key, lang, cite=cite, board=board[lang])}{tail[lang]};"
                                  f" {word(before, lang, board=at[lang])}{stands[lang]}")
        status = "adjusted"
        if weighted:
            score = None
    elif adjusted and equity and equity.get("tricks") is not None:
        after = board
        tricks, score = equity["tricks"], _score(deal, equity["tricks"], scoring)
        board = _both(lambda lang: _board(deal, tricks, tricks, score, [], lang, first))
        text = _both(lambda lang: f"{word('result.equity_adjusted', lang, cite=adjusted.cite, board=board[lang])};"
                                  f" {word('result.after_transfer', lang, board=after[lang])}")
        status = "adjusted"
    elif adjusted:
        status = "adjusted"
        at = "result.after_transfer" if equity else "result.at_table"
        text = _both(lambda lang: f"{word('result.adjusted', lang, cite=adjusted.cite)};"
                                  f" {word(at, lang, board=board[lang])}")
    elif steps or claimed:
        status, text = "settled", board
    else:
        status = "stands"
        text = _both(lambda lang: f"{word('result.stands', lang)}: {board[lang]}")
    if missing:
        what = _both(lambda lang: ", ".join(_label(knowledge, working, m, lang) for m in missing))
        text = _both(lambda lang: f"{text[lang]}; {word('result.missing', lang, what=what[lang])}")
    if outcomes and len(outcomes) == 1:
        o = outcomes[0]
        return Result(status, text, o["contract"], o["declarer"], o["tricks"], table, o["made"], o["score"], steps,
                      notes, missing, provisional, [_public(o)], imps)
    if outcomes:  # weighted: each outcome has its score; the sides' figures are the scorer's (or the IMPs)
        return Result(status, text, deal["contract"], deal["declarer"], None, table, None, None, steps, notes,
                      missing, provisional, [_public(o) for o in outcomes], imps)
    return Result(status, text, deal["contract"], deal["declarer"], tricks, table,
                  tricks - (int(deal["contract"][0]) + 6), _sides(score, side) if score else None,
                  steps, notes, missing, provisional)


def _outcomes(working: list, deal: dict, first: str, scoring: Scoring) -> list:
    """The outcomes the director states for an adjusted score (12C1(b); several with weights: 12C1(c)), scored."""
    out = []
    for f in sorted((f for f in working if f.template == "adjusted_outcome"), key=lambda f: in_number_order(f.id)):
        board = {**deal, "contract": f.get("contract"), "declarer": f.get("declarer")}
        t, sc = f.get("tricks"), _score(board, f.get("tricks"), scoring)
        out.append({"weight": f.get("weight") or 100, "for_side": f.get("for_side"),
                    "contract": board["contract"], "declarer": board["declarer"],
                    "tricks": t, "made": t - (int(board["contract"][0]) + 6), "score_": sc,
                    "score": _sides(sc, side_of(board["declarer"])) if sc else None,
                    "text": _both(lambda lang: _board(board, t, t, sc, [], lang, first))})
    return out


def _vp_note(deal: dict, imps_: dict | None, scoring: Scoring) -> dict | None:
    """78D: where the incident names the event's VP scale, the match's boards and North-South's IMPs on its other
    boards, the match margin with this board's IMPs and each team's Victory Points on that scale; else None."""
    scale = scoring.vp_scale(deal.get("vp_scale") or "") if imps_ else None
    boards, others = deal.get("match_boards"), deal.get("match_imps_other_boards")
    if scale is None or boards is None or others is None:
        return None
    margin = round(others + imps_["NS"], 2)
    won, lost = scale.victory_points(margin, boards)
    ns, ew = (won, lost) if margin >= 0 else (lost, won)
    fig = {"NS": f"{ns:.2f}", "EW": f"{ew:.2f}", "margin": f"{margin:+.2f}".rstrip("0").rstrip(".")}
    point = {lang: word("number.decimal_point", lang) for lang in LANGS}  # Russian writes a decimal comma
    return _both(lambda lang: word("result.vps", lang, boards=boards, scale=scale.title[lang],
                                   **{k: v.replace(".", point[lang]) for k, v in fig.items()}))


def _each_side(deal: dict, outcomes: list, cite: str, at: dict, table: int, steps: list, notes: list,
               missing: list, provisional, scoring: Scoring) -> Result:
    """Each side its own adjusted score (12C1(b): the two sides may receive different scores; 82C: both treated
    as non-offending): a side's outcomes are those stated for it or for both; its score is its one outcome's
    (the two need not balance), or, weighted, each outcome with its weight (at teams the weighted IMPs)."""
    score, parts, imps_ = {}, {}, {}
    for side in SIDES:
        mine = [o for o in outcomes if o["for_side"] in (side, None)]
        score[side] = mine[0]["score"][side] if len(mine) == 1 and mine[0]["score"] else None
        parts[side] = (mine[0]["text"] if len(mine) == 1 else
                       _both(lambda lang: " + ".join(word("result.weight", lang, weight=o["weight"], board=o["text"][lang])
                                                     for o in mine)) if mine else
                       _both(lambda lang: word("result.no_outcome", lang)))
        other = deal.get("other_table_score")
        if deal.get("scoring") == "teams" and other is not None and mine and all(o["score"] for o in mine):
            ns = sum(o["weight"] * imps(scoring.imps, o["score"]["NS"] - other) for o in mine) / 100
            imps_[side] = round(ns if side == "NS" else -ns, 2)
    vps = _vp_note(deal, imps_ if len(imps_) == 2 else None, scoring)
    if vps:
        notes = [*notes, vps]
    shown = {side: f"{v:+.2f}".rstrip("0").rstrip(".") for side, v in imps_.items()}
    tail = _both(lambda lang: "" if len(imps_) < 2 else "; " + word(
        "result.each_imps", lang, other=deal["other_table_score"], **shown))
    text = _both(lambda lang: f"{word('result.each_side', lang, cite=cite, NS=parts['NS'][lang], EW=parts['EW'][lang])}"
                              f"{tail[lang]}; {word('result.at_table', lang, board=at[lang])}")
    return Result("adjusted", text, deal["contract"], deal["declarer"], None, table, None,
                  score if None not in score.values() else None, steps, notes, missing, provisional,
                  [_public(o) for o in outcomes], imps_ if len(imps_) == 2 else None)


ARTIFICIAL = {"average_plus": (60, 3), "average": (50, 0), "average_minus": (40, -3)}  # pairs %, teams IMPs (86A)
FIGURES = "artificial_figures"  # the Regulating Authority's or organizer's figures, the sides' session percentages


def _figure(grade: str, side: str, scoring: str | None, figs: dict) -> dict:
    """One side's artificial score (12C2): at pairs 60/50/40% (12C2(a): at least 60, at most 40, as the
    regulations set them), at teams +3/0/-3 IMPs (12C2(b), varied by the organizer with the Regulating
    Authority's approval); 12C2(c): a side given average-plus whose session percentage is higher gets that
    percentage, a side given average-minus whose session percentage is lower gets that.  A grade not known (the
    director's "?") has no figure yet."""
    if grade not in ARTIFICIAL:
        return {"grade": grade, "percent": None, "imps": None, "session": False}
    pct = {"average_plus": figs.get("average_plus_percent", 60), "average": 50,
           "average_minus": figs.get("average_minus_percent", 40)}[grade]
    imp = {"average_plus": figs.get("average_plus_imps", 3), "average": 0,
           "average_minus": figs.get("average_minus_imps", -3)}[grade]
    session = figs.get(f"{side}_session_percent")
    by_session = session is not None and ((grade == "average_plus" and session > pct)
                                          or (grade == "average_minus" and session < pct))
    return {"grade": grade, "percent": (session if by_session else pct) if scoring == "pairs" else None,
            "imps": imp if scoring == "teams" else None, "session": bool(by_session and scoring == "pairs")}


def _artificial_scores(knowledge, working: list, grades: dict, scoring: str | None) -> dict:
    """Each side's artificial score by its grade, with its text; the figures of an ``artificial_figures`` fact."""
    figs = next((f.known() for f in working if f.template == FIGURES), {})
    out = {side: _figure(grades[side], side, scoring, figs) for side in SIDES}
    labels = knowledge.vocabulary.templates["artificial_score"].slots["NS"]

    def shown(side, lang):
        g, o = labels.label_of(out[side]["grade"], lang), out[side]
        if o["grade"] not in ARTIFICIAL:
            return g
        if scoring == "pairs":
            key = "result.session" if o["session"] else "result.percent"
            return word(key, lang, grade=g, n=o["percent"])
        return word("result.imp", lang, grade=g, n=f"{o['imps']:+d}") if scoring == "teams" else g
    out["text"] = _both(lambda lang: {side: shown(side, lang) for side in SIDES})
    return out


def _artificial(knowledge, working: list, deal: dict) -> dict | None:
    """12C2: the artificial score the director gives each side by its share of fault (an ``artificial_score``
    fact), in figures (``_figure``)."""
    f = next((f for f in working if f.template == "artificial_score"), None)
    if f is None:
        return None
    return _artificial_scores(knowledge, working, {side: f.get(side) for side in SIDES}, deal.get("scoring"))


def _given_artificial(knowledge, working: list, elements: list, open_questions: list) -> Result | None:
    """The artificial adjusted scores a ruling's own elements give each side (13B2, 15B3, 87B: 12C2), each
    side's figure by its share of fault; no contract is needed, the board having no result of its own."""
    given = {e.args.get("side"): e.args.get("level") for e in elements if e.kind == "artificial_score"}
    slots = getattr(knowledge.vocabulary.templates.get("artificial_score"), "slots", {})
    if set(given) != set(SIDES) or "NS" not in slots:
        return None
    deal = next((f.known() for f in working if f.template == "deal"), {})
    scoring = deal.get("scoring")
    out = _artificial_scores(knowledge, working, given, scoring)
    text = _both(lambda lang: word("result.artificial", lang, **out["text"][lang]))
    missing = [] if scoring or "scoring" not in getattr(knowledge.vocabulary.templates.get("deal"), "slots", {}) \
        else ["deal.scoring"]  # the figures (60/40%, +3/-3 IMPs) need the form of scoring
    if missing:
        what = _both(lambda lang: _label(knowledge, working, missing[0], lang))
        text = _both(lambda lang: f"{text[lang]}; {word('result.missing', lang, what=what[lang])}")
    return Result("adjusted", text, deal.get("contract"), deal.get("declarer"), missing=missing,
                  provisional=_provisional(knowledge, open_questions), artificial={s: out[s] for s in SIDES})


def _public(o: dict) -> dict:
    return {k: v for k, v in o.items() if k != "score_"}


def _weighted_imps(deal: dict, outcomes: list, scoring: Scoring) -> dict | None:
    """At teams, with the other table's score given: the IMPs of the assigned outcome against it (86B1), or
    the weighted IMPs of several outcomes (12C1(c), 78B)."""
    other = deal.get("other_table_score")
    if not outcomes or deal.get("scoring") != "teams" or other is None or not all(o["score"] for o in outcomes):
        return None
    ns = round(sum(o["weight"] * imps(scoring.imps, o["score"]["NS"] - other) for o in outcomes) / 100, 2)
    return {"NS": ns, "EW": -ns}


EQUITY = ("64C1", "64C2(a)")  # the adjusted scores the director gives as the revoke's tricks, not as an outcome


def _revoke_equity(elements: list, working: list, side: str, tricks: int) -> dict | None:
    """64C: the director's judged tricks for the non-offending side without the revoke, against what it has
    after the automatic rectification.  None when no 64C adjustment applies (64C2(b) restores a board where
    both sides revoked: its outcome is the director's); else {need} while the number is unknown, or {tricks,
    note}: declarer's tricks under the adjusted score, None when the result after the rectification stands."""
    adj = next((e for e in elements if e.kind == "adjust_score" and e.cite in EQUITY), None)
    revoke = next((f for f in working if f.template == "revoke" and f.get("offender")
                   and (not adj or not adj.about or f.id == adj.about)), None)
    if adj is None or revoke is None:
        return None
    judged = revoke.get("tricks_without_revoke")
    if judged is None:
        return {"need": f"{revoke.id}.tricks_without_revoke"}
    nos = other_side(revoke.get("offender"))
    first = sum(e.args["count"] for e in elements if e.kind == "transfer_tricks" and e.args["to_side"] == nos
                and e.about and e.about != revoke.id) if adj.cite == "64C2(a)" else 0
    target, after = min(13, judged + first), tricks if nos == side else 13 - tricks
    key = "result.equity_enough" if target <= after else "result.equity_short"
    note = _both(lambda lang: word(key, lang, side=SIDE_LABELS[nos][lang], judged=count(target, "tricks", lang),
                                   after=after, cite=adj.cite))
    return {"tricks": None if target <= after else target if nos == side else 13 - target, "note": note}


def _label(knowledge, working: list, missing: str, lang: str) -> str:
    """A missing fact as the director reads it: a deal slot's label, or a fact's slot (``revoke-1.slot``)."""
    fid, _, slot = missing.rpartition(".")
    template = next((f.template for f in working if f.id == fid), "deal")
    t = knowledge.vocabulary.templates.get(template)
    if t is None or slot not in t.slots:
        return word("result.claim_open", lang)
    return t.slots[slot].label[lang]


def _steps(elements: list, side: str, claim: dict) -> tuple[list, list]:
    """The tricks the ruling moves to (+) or from (-) declarer's side, each with its law; contradictions said."""
    steps, notes = [], []
    for e in elements:
        if e.kind == "transfer_tricks":
            n = e.args["count"] if e.args["to_side"] == side else -e.args["count"]
            steps.append({"cite": e.cite, "tricks": n,
                          "text": _both(lambda lang: word("result.step", lang, n=f"{n:+d}", cite=e.cite))})
        elif e.kind == "claim_result":
            ours, theirs = e.args["claimer_tricks"], e.args["other_tricks"]
            r = ours + theirs
            if e.cite.startswith("70"):  # a judged split: it cannot give the claimer tricks 70C awards away
                award = sum(a.args["count"] for a in elements if a.kind == "award_tricks" and a.cite.startswith("70")
                            and a.args["to_side"] == e.args["other_side"])
                if theirs < award:
                    most = r - award
                    notes.append(_both(lambda lang: word("result.contradiction", lang, judged=ours, r=r, award=award,
                                                         most=most, cite="70C")))
                    ours, theirs = most, award
            n = ours if e.args["claimer_side"] == side else theirs
            steps.append({"cite": e.cite, "tricks": n,
                          "text": _both(lambda lang: word("result.claim_step", lang, n=n, r=r, cite=e.cite))})
    return steps, notes


def _score(deal: dict, tricks: int, scoring: Scoring) -> Score | None:
    vul = deal.get("vulnerability")
    if vul is None:
        return None
    m = _CONTRACT.match(deal["contract"])
    strain = "N" if m.group("strain") == "NT" else m.group("strain")
    vulnerable = vul == "both" or vul == side_of(deal["declarer"])
    return contract_score(scoring.table, int(m.group("level")), strain, DOUBLING[m.group("dbl")],
                          vulnerable, tricks)


def _sides(score: Score, side: str) -> dict:
    return {s: score.points if s == side else -score.points for s in SIDES}


def _board(deal: dict, table: int, tricks: int, score: Score | None, steps: list, lang: str, start: str) -> str:
    """'4♠ by South, 10 tricks (9 at the table, +1 by 64A2), made; N-S +420'; ``start`` names the first count."""
    from ..values import SEAT_LABELS
    detail = f" ({', '.join([word(start, lang, n=table)] + [s['text'][lang] for s in steps])})" if steps else ""
    over = tricks - (int(deal["contract"][0]) + 6)
    outcome = (word("result.made", lang) if over == 0 else word("result.over", lang, n=over) if over > 0
               else word("result.down", lang, n=-over))
    text = word("result.board", lang, contract=render_contract(deal["contract"], lang),
                declarer=SEAT_LABELS[deal["declarer"]][lang], tricks=tricks, detail=detail, outcome=outcome)
    if score:
        side = side_of(deal["declarer"]) if score.points > 0 else ("EW" if side_of(deal["declarer"]) == "NS" else "NS")
        text += "; " + word("result.score", lang, side=word(f"result.{side}", lang), points=f"+{abs(score.points)}")
    return text


def _settling(production) -> bool:
    return any(el.kind in SETTLES for el in production.then)


def _provisional(knowledge, open_questions: list) -> dict | None:
    """The open questions a production that moves tricks or settles the score is waiting on (a 64B exception
    that would take away a 64A transfer, too): the first named as the fact and slot, every one in the words."""
    picked, cites = [], set()
    for q in open_questions:
        settling = {w["cite"] for w in q.why if _settling(knowledge.production(w["production"]))}
        if settling:
            picked.append(q)
            cites |= settling
    if not picked:
        return None
    first = picked[0]
    key = "result.provisional" if len(picked) == 1 else "result.provisional_many"
    return {"fact": first.fact, "slot": first.slot, "question": dict(first.question),
            "would_change": _both(lambda lang: word(key, lang, question="; ".join(
                word("result.quoted", lang, text=q.question[lang]) for q in picked), cites=", ".join(sorted(cites))))}
