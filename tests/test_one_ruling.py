"""One ruling per incident: an incident told in each of its true ways gets one ruling.

Each entry is one incident at the table and the descriptions of it a director could
truthfully give (the vocabulary lets him classify it more than one way); every
description must give the same ruling elements (kind, arguments, citation).
"""
from __future__ import annotations

import pytest

from bridgelaw.read.incident import incident_from_facts

_DEAL = {"declarer": "N", "contract": "4S", "play_ended": True}
_REVOKE = {"offender": "E", "establishing_act": "played_to_next_trick",
           "revoke_trick_winner": "offender", "offending_side_won_later_trick": True}

# (incident, [its true descriptions as incident facts])
TELLINGS = [
    ("a defender's only card of the suit led was his faced major penalty card, and he did not play it (64B3)",
     [{"deal": _DEAL, "revoke": {**_REVOKE, "failure": failure, "required_card_was_faced": True}}
      for failure in ("failed_to_play_penalty_card", "failed_to_follow_suit", "failed_required_lead_or_play")]),
    ("a defender faces his cards as if giving up the rest and partner objects at once (68B2)",
     [{"deal": _DEAL, "claim": {"claimer": "E", "about_current_trick_only": False, "action": action,
                                "tricks_remaining": 4, "tricks_claimed": 0, "partner_objected_at_once": True}}
      for action in ("showed_cards", "abandoned_hand", "stated_tricks_lost", ["stated_tricks_lost", "showed_cards"],
                     ["abandoned_hand", "showed_cards", "stated_tricks_lost"])]),
    ("declarer says the rest are his and faces his hand, then says he meant no claim (68A: the statement is a claim)",
     [{"deal": _DEAL, "claim": {"claimer": "N", "about_current_trick_only": False, "action": action,
                                "tricks_remaining": 4, "tricks_claimed": 4, "demonstrably_not_intended": True,
                                "statement": "complete", "response": "doubted", "after_doubt": "director_called"}}
      for action in ("stated_tricks_won", ["stated_tricks_won", "showed_cards"], ["showed_cards", "stated_tricks_won"])]),
]


def _ruling(engine, knowledge, facts: dict) -> list:
    incident = incident_from_facts("telling", facts, knowledge.vocabulary)
    return sorted((e.kind, sorted(e.args.items()), e.cite) for e in engine.rule(incident).elements)


@pytest.mark.parametrize("name,tellings", TELLINGS, ids=[t[0][:60] for t in TELLINGS])
def test_every_true_telling_gives_one_ruling(name, tellings, engine, knowledge):
    rulings = [_ruling(engine, knowledge, facts) for facts in tellings]
    assert rulings[0], name
    for facts, ruling in zip(tellings[1:], rulings[1:]):
        assert ruling == rulings[0], f"{name}: {facts} rules differently"
