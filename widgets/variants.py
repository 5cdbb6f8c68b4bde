"""The rule variants the tables offer: named presets, their words, and the check of a :class:`~hearts.rules.Rules`.

Every variant of ``docs/rules.md`` can be played at the game table, in Learn by
playing, in pass-and-play and in a room (``rules=Rules(...)``). The Settings
panel offers the variants by name (:data:`PRESETS`): only games the rules
pages describe (the default game, Omnibus with J♦ worth −10, the rules page
where Q♠ breaks hearts and the shooter chooses, 3, 5, 6 or 7 players, no
passing, and Cancellation Hearts, the two-pack game, for 6 to 10 players). The
target score stays a setting of its own.

>>> from hearts.rules import Rules
>>> preset_rules("omnibus").jack_of_diamonds
True
>>> preset_name(Rules(num_players=3, target_score=50))
'three'
>>> rules_words(Rules(num_players=3, moon="choice"), "en")
'3 players (2♦ taken out, 17 cards each), the shooter of the moon chooses, games to 100 points'
>>> rules_words(Rules.cancellation(6), "en").split(", games")[0]
'Cancellation Hearts: 6 players, two packs (17 cards each, 2 left over for the widow), identical cards cancel'
>>> preset_name(Rules.cancellation(10, target_score=50)), preset_label("cancellation_10", "es")
('cancellation_10', 'Hearts de cancelación (10 jugadores, dos barajas)')
>>> check_table_rules("omnibus")
Traceback (most recent call last):
...
hearts.errors.OptionError: rules must be a hearts.rules.Rules (such as Rules(num_players=3)), not 'omnibus'
"""

from __future__ import annotations

import dataclasses
import functools
import json
from typing import Any

from hearts.cards import CardSet
from hearts.errors import OptionError
from hearts.messages import text, text_n
from hearts.rules import DEFAULT_RULES, PRESETS, MoonScoring, Rules

__all__ = [
    "PRESETS",
    "check_table_rules",
    "preset_label",
    "preset_name",
    "preset_rules",
    "rules_words",
    "variant_key",
]

# PRESETS, the named variants of the Settings panel (their target score is the setting's), are
# hearts.rules.PRESETS: a room's friends' tables offer the same ones.

_TABLE_FIELDS = frozenset(DEFAULT_RULES.to_dict()) | {"decks"}
"""The options of :class:`Rules` the tables know how to play and put into words."""


def preset_rules(name: str, target_score: int = 100) -> Rules:
    """The rules of preset ``name`` for games to ``target_score``.

    >>> preset_rules("three", 50).num_players, preset_rules("three", 50).target_score
    (3, 50)
    >>> preset_rules("black_maria")
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: rules: no preset named 'black_maria' (standard, omnibus, queen_breaks, no_passing, ...)
    """
    if not isinstance(name, str) or name not in PRESETS:
        raise OptionError(f"rules: no preset named {name!r} ({', '.join(PRESETS)})", "rules")
    return dataclasses.replace(PRESETS[name], target_score=target_score)


def preset_name(rules: Rules) -> str | None:
    """The preset these rules are, whatever their target score (``None``: rules of their own).

    >>> preset_name(Rules()), preset_name(Rules(num_players=3, jack_of_diamonds=True)) is None
    ('standard', True)
    """
    for name, r in PRESETS.items():
        if dataclasses.replace(r, target_score=rules.target_score) == rules:
            return name
    return None


def preset_label(name: str, lang: str) -> str:
    """The preset's name as the Settings panel shows it.

    >>> preset_label("omnibus", "en"), preset_label("omnibus", "es")
    ('Omnibus (J♦ −10)', 'Ómnibus (J♦ −10)')
    """
    return text(f"ui.rules.preset.{name}", lang)


def rules_words(rules: Rules, lang: str) -> str:
    """The rules in force in a player's words: what differs from the default game, then the target.

    >>> rules_words(Rules(), "en")
    'the standard game (4 players, Q♠ does not break hearts, a moon adds 26 to the others), games to 100 points'
    >>> rules_words(Rules(jack_of_diamonds=True, passing=False, target_score=50), "es")
    'sin pase de cartas, la J♦ vale −10, partidas a 50 puntos'
    """
    parts: list[str] = []
    if rules.decks == 2:  # Cancellation Hearts: two packs, every card twice, so nothing is taken out
        key = "ui.rules.cancellation" if rules.widow_size else "ui.rules.cancellation.no_widow"
        parts.append(text(key, lang, count=rules.num_players, size=rules.hand_size, widow=rules.widow_size))
    elif rules.num_players != 4:
        parts.append(
            text(
                "ui.rules.players",
                lang,
                count=rules.num_players,
                removed=" ".join(str(c) for c in CardSet(rules.removed_cards.mask)),
                size=rules.hand_size,
            )
        )
    if not rules.passing:
        parts.append(text("ui.rules.no_passing", lang))
    if rules.qs_breaks_hearts:
        parts.append(text("ui.rules.queen_breaks", lang))
    if rules.moon is not MoonScoring.ADD_TO_OTHERS:
        parts.append(text(f"ui.rules.moon.{rules.moon.value}", lang, points=rules.moon_points))
    if rules.jack_of_diamonds:
        parts.append(text("ui.rules.jack", lang))
    if not parts:
        parts.append(text("ui.rules.standard", lang, points=rules.moon_points))
    parts.append(text_n("ui.rules.target", rules.target_score, lang, target=rules.target_score))
    return ", ".join(parts)


@functools.lru_cache(maxsize=256)
def _key_of_dict(rules: str) -> str:
    return variant_key(Rules.from_dict(json.loads(rules)))


def variant_key(rules: Rules | dict[str, Any] | None) -> str:
    """A short stable name of a variant, target included, for History (``None``: the default game).

    >>> variant_key(Rules()), variant_key(Rules(num_players=3, target_score=50, moon="subtract"))
    ('p4-t100', 'p3-t50-msubtract')
    """
    if rules is None:
        rules = DEFAULT_RULES
    if isinstance(rules, dict):  # a History game's rules: thousands of games share a few, read once each
        return _key_of_dict(json.dumps(rules, sort_keys=True))
    key = f"p{rules.num_players}-t{rules.target_score}"
    if rules.decks == 2:
        key += "-x2"  # Cancellation Hearts
    if rules.qs_breaks_hearts:
        key += "-qs"
    if rules.moon is not MoonScoring.ADD_TO_OTHERS:
        key += f"-m{rules.moon.value}"
    if not rules.passing:
        key += "-nopass"
    if rules.jack_of_diamonds:
        key += "-jd"
    return key


def check_table_rules(rules: object) -> Rules:
    """``rules`` if a table can play and draw them, else :class:`~hearts.errors.OptionError` naming ``rules``.

    A table plays every option of ``docs/rules.md`` it knows; rules with an option
    it does not know (set away from its default) are refused rather than
    played wrongly.

    >>> check_table_rules(Rules(num_players=5)).hand_size
    10
    """
    if not isinstance(rules, Rules):
        raise OptionError(f"rules must be a hearts.rules.Rules (such as Rules(num_players=3)), not {rules!r}", "rules")
    unknown = []
    for f in dataclasses.fields(rules):
        if f.init and f.name not in _TABLE_FIELDS and getattr(rules, f.name) != f.default:
            unknown.append(f.name)
    if unknown:
        raise OptionError(f"rules: the table cannot play the option {', '.join(unknown)} of {rules!r}", "rules")
    return rules

