"""The worst board the limits allow: every template an incident may state, each ``many`` one at its
``max`` (one board: 13 tricks, 52 cards), every slot filled, values varied across the facts.

    facts = worst_board(vocabulary)     # an incident's facts mapping, valid by construction
    uv run python bench/worst.py        # rules it and prints the time (the limit: WORST_LIMIT seconds)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgelaw.read.slots import Vocabulary  # noqa: E402

SHIFTS = 6  # boards tried: each turns every slot's values one step further
WORST_LIMIT = 0.5  # seconds: the bound on ruling the worst board the limits allow
_CARDS = [s + r for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
_CONTRACTS = ["4S", "3NT", "6HX", "1C", "7NTXX"]


_IN_ORDER = {("replacement", "of"): 40, ("event", "after_call"): 40, ("event", "trick"): 13}


def _value(slot, n: int, ids: dict):
    """The n-th value of a slot: its allowed values in turn (refs name the facts of their template)."""
    if slot.type == "ref":
        names = ids.get(slot.template) or [slot.template]
        return names[n % len(names)]
    if slot.type == "card":
        return _CARDS[(n * 5) % 52]
    if slot.type == "contract":
        return _CONTRACTS[n % len(_CONTRACTS)]
    if slot.type == "text":
        return f"note {n}"
    if (slot.owner, slot.name) in _IN_ORDER:  # an auction's replacement and events: values that agree
        return _IN_ORDER[slot.owner, slot.name]   # with the auction and with each other (read/auction.py)
    if slot.type == "call":
        return ["4C", "P", "X", "1D"][n % 4]
    if slot.type == "calls":  # 40 calls, the last insufficient (read/auction.py derives a call fact for each)
        return " ".join([c for b in ("1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C 3D 3H 3S 3NT 4C 4D 4H 4S".split())
                         for c in (b, "P")] + ["X", "3NT"])
    choices = slot.choices()
    if not choices and slot.type == "int":  # a range too wide to list (a day, minutes): a number within it
        return slot.min + n % 100
    return choices[n % len(choices)]


def worst_board(vocab: Vocabulary, shift: int = 0) -> dict:
    """Every template an incident may state, each at its limit, every slot given a value
    (``shift`` turns the values, for boards whose facts meet differently)."""
    stated = [t for t in vocab.templates.values()  # not "not_encoded": it names an irregularity from a list
              if not t.derived and t.name != "not_encoded"]
    ids = {t.name: ([f"{t.name}-{i}" for i in range(1, t.max + 1)] if t.many else [t.name]) for t in stated}
    facts: dict = {}
    for t in stated:
        items = []
        for i in range(t.max if t.many else 1):
            item = {"id": ids[t.name][i]} if t.many else {}
            item.update({name: _value(slot, i + k + shift, ids) for k, (name, slot) in enumerate(t.slots.items())})
            items.append(item)
        facts[t.name] = items if t.many else items[0]
    return facts


def measure(root: Path = ROOT, shifts: int = SHIFTS, repeat: int = 3) -> dict:
    """Wall time to rule the worst boards (the least of ``repeat`` runs each, engines warm): the slowest."""
    from bridgelaw.engine import Engine, load
    knowledge = load(root)
    engine = Engine(knowledge)
    boards = []
    for shift in range(shifts):
        incident = engine.incident(f"worst board {shift}", worst_board(knowledge.vocabulary, shift))
        engine.rule(incident)  # compiles the parts it needs
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            engine.rule(incident)
            times.append(time.perf_counter() - t)
        boards.append(min(times))
    return {"facts": len(incident.facts), "boards": len(boards), "slowest_s": max(boards), "limit_s": WORST_LIMIT}


def line(result: dict) -> str:
    return (f"worst board the limits allow ({result['facts']} facts, {result['boards']} boards):"
            f" ruled in {result['slowest_s']:.3f} s at the slowest (limit {result['limit_s']} s)")


def main() -> int:
    result = measure()
    print(line(result))
    return 0 if result["slowest_s"] < WORST_LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
