"""hearts: the card game Hearts, its rules as code, bots and self-play.

>>> from hearts import Card, Deal, HandState
>>> str(Card.parse("QS"))
'Q♠'
>>> HandState(Deal.from_number(1)).phase.value
'passing'
"""

from __future__ import annotations

from hearts.cards import QUEEN_OF_SPADES, TWO_OF_CLUBS, Card, CardSet, Suit, card
from hearts.deal import Deal
from hearts.errors import (
    CardParseError,
    DealError,
    HeartsError,
    IllegalMoveError,
    RecordError,
    Rule,
    RulesError,
)
from hearts.game import Game, GameOutcome
from hearts.hand import Action, HandResult, HandState, Phase, Trick
from hearts.observation import Observation
from hearts.rules import DEFAULT_RULES, MoonScoring, PassDirection, Rules, legal_mask

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_RULES",
    "QUEEN_OF_SPADES",
    "TWO_OF_CLUBS",
    "Action",
    "Card",
    "CardParseError",
    "CardSet",
    "Deal",
    "DealError",
    "Game",
    "GameOutcome",
    "HandResult",
    "HandState",
    "HeartsError",
    "IllegalMoveError",
    "MoonScoring",
    "Observation",
    "PassDirection",
    "Phase",
    "RecordError",
    "Rule",
    "Rules",
    "RulesError",
    "Suit",
    "Trick",
    "card",
    "legal_mask",
]
