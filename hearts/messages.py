"""The message catalogue: every sentence a person reads, in English and Spanish.

Texts live in ``hearts/locale/<area>.<lang>.json`` (one file per area and
language, e.g. ``rules.en.json``); keys are unique across areas. Placeholders
use ``str.format`` names. A test checks that both languages have the same keys
and the same placeholders.

A sentence with a count has one key per form: ``<key>.one`` and
``<key>.other``, and optionally ``<key>.zero`` when "no points" reads better
than "0 points". :func:`text_n` picks the form for the count:

>>> text_n("display.cards", 1, "en", count=1), text_n("display.cards", 13, "es", count=13)
('1 card', '13 cartas')

>>> text("seat.0", "es")
'Sur'
>>> card_name(51, "es")
'as de corazones'
"""

from __future__ import annotations

import functools
import json
import math
import string
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

from hearts.errors import HeartsError, OptionError, Rule
from hearts.stats import decimals

__all__ = [
    "LANGUAGES",
    "bot_name",
    "card_name",
    "catalogue",
    "check_language",
    "figures",
    "number",
    "percent",
    "plural_form",
    "plural_key",
    "rule_message",
    "seat_name",
    "text",
    "text_n",
]

LANGUAGES = ("en", "es")
_LOCALE_DIR = Path(__file__).parent / "locale"


def check_language(lang: str, error: type[OptionError] = OptionError) -> str:
    """Return ``lang`` if supported, else raise ``error`` (an :class:`~hearts.errors.OptionError`) for option ``lang``.

    >>> check_language("es")
    'es'
    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    hearts.errors.OptionError: language must be one of en, es, not 'fr'
    """
    if lang not in LANGUAGES:
        raise error(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}", "lang")
    return lang


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """All messages of one language, merged from every area file."""
    check_language(lang)
    merged: dict[str, str] = {}
    for path in sorted(_LOCALE_DIR.glob(f"*.{lang}.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in merged:
                raise HeartsError(f"message key {key!r} is defined twice ({path.name})")
            merged[key] = value
    return merged


def placeholders(template: str) -> set[str]:
    """Names used as ``{name}`` in a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``values``."""
    cat = catalogue(lang)
    try:
        template = cat[key]
    except KeyError:
        raise HeartsError(f"no message {key!r} in language {lang!r}") from None
    return template.format(**values) if values else template


def plural_form(n: int, lang: str = "en") -> str:
    """The plural category of the count ``n`` in ``lang``: ``'one'`` or ``'other'``.

    English and Spanish agree: ``'one'`` for 1 (and -1), ``'other'`` for
    everything else, 0 included.

    >>> [plural_form(n, "es") for n in (0, 1, 2)]
    ['other', 'one', 'other']
    """
    check_language(lang)
    return "one" if abs(n) == 1 else "other"


def plural_key(key: str, n: int, lang: str = "en") -> str:
    """The key of the form of message ``key`` that suits the count ``n``.

    ``<key>.zero`` for 0 when the catalogue has one, else ``<key>.one`` or
    ``<key>.other`` by :func:`plural_form`. Both languages have the same keys
    and choose their forms alike, so a key chosen here (e.g. by a bot, which
    does not know the reader's language) is right in either language.

    >>> plural_key("review.summary", 0), plural_key("review.summary", 1), plural_key("display.cards", 0)
    ('review.summary.zero', 'review.summary.one', 'display.cards.other')
    """
    cat = catalogue(lang)
    if n == 0 and f"{key}.zero" in cat:
        return f"{key}.zero"
    form = f"{key}.{plural_form(n, lang)}"
    if form not in cat:
        raise HeartsError(f"no message {form!r} in language {lang!r}: {key!r} has no plural forms")
    return form


def text_n(key: str, n: int, lang: str = "en", **values: Any) -> str:
    """The message ``key`` in the form that suits the count ``n`` (see :func:`plural_key`), filled with ``values``.

    >>> text_n("review.summary", 0, "es", decisions=14, threshold=number(1, "es", 1))
    'Ninguna de las 14 decisiones costó claramente más de 1,0 puntos esperados.'
    """
    return text(plural_key(key, n, lang), lang, **values)


def number(x: float, lang: str = "en", digits: int = 2) -> str:
    """``x`` with ``digits`` decimals, written the reader's way: a decimal comma in Spanish, and no "-0".

    >>> number(2.345, "en"), number(2.345, "es"), number(-0.001, "es"), number(7.1, "es", 1)
    ('2.35', '2,35', '0,00', '7,1')
    """
    s = f"{x:.{digits}f}"
    if s.lstrip("-").strip("0.") == "":
        s = s.lstrip("-")
    return s.replace(".", ",") if check_language(lang) == "es" else s


def figures(values: Sequence[float], lang: str = "en", digits: int = 2) -> list[str]:
    """``values`` written with the same decimals: ``digits``, or more so that no value but zero reads 0.

    A rounded interval end must not hide its sign: -0.001 written "0.00" (or
    "-0.00") would say that an interval touches zero when it lies below it.
    The decimals come from :func:`hearts.stats.decimals` (up to 6); a value
    too small for six (below 5e-7) is written in scientific notation and does
    not widen the others. ``NaN`` stays ``nan``.

    >>> figures([0.34, -0.001, 0.681]), figures([0.004, -0.7], "es")
    (['0.340', '-0.001', '0.681'], ['0,004', '-0,700'])
    >>> figures([0.0, -0.25, float("nan")]), figures([-3.2e-9, 1.5], "es")
    (['0.00', '-0.25', 'nan'], ['-3,2e-09', '1,50'])
    """
    tiny = [v != 0 and abs(v) < 5e-7 for v in values]
    d = decimals([v for v, t in zip(values, tiny, strict=True) if not t], digits)
    out = []
    for v, t in zip(values, tiny, strict=True):
        if t:
            s = f"{v:.1e}"
            out.append(s.replace(".", ",") if check_language(lang) == "es" else s)
        else:
            out.append(number(v, lang, d))
    return out


def percent(share: float, lang: str = "en", digits: int = 1) -> str:
    """A share (0 to 1) as a percentage with ``digits`` decimals, the number a table's share column shows.

    The share is rounded as a table writes it (``digits + 2`` decimals), then
    multiplied by 100, so a sentence never contradicts its table: 0.1325 is
    ``13.3`` beside a table's ``0.133`` (rounding 13.25 half to even would say
    ``13.2``). A share above 0 or below 1 never reads as ``0.0`` or ``100.0``:
    it gets more decimals (up to 6) until it does not.

    >>> percent(0.1325), percent(0.1325, "es"), percent(0.00025), percent(0.0), percent(0.9996)
    ('13.3', '13,3', '0.03', '0.0', '99.96')
    """
    if math.isnan(share):
        return number(share, lang, digits)
    for d in range(digits, 7):
        value = float(Decimal(f"{share:.{d + 2}f}") * 100)
        if (share > 0 and value == 0) or (share < 1 and value == 100):
            continue
        return number(value, lang, d)
    return number(100 * share, lang, 6)


def card_name(c: int, lang: str = "en") -> str:
    """``'queen of spades'`` / ``'reina de picas'``."""
    rank = text(f"rank.{c % 13 + 2}", lang)
    suit = text(f"suit.{c // 13}", lang)
    return text("card.name", lang, rank=rank, suit=suit)


def seat_name(seat: int, lang: str = "en", num_players: int = 4) -> str:
    """South, West, North, East with four players; Player 1… otherwise."""
    if num_players == 4:
        return text(f"seat.{seat}", lang)
    return text("seat.player", lang, number=seat + 1)


_BUILT_IN_LABELS = {"Random": "random", "Rule bot": "rule", "Expert": "expert", "Moon hunter": "moon"}


def bot_name(label: str, lang: str = "en") -> str:
    """A bot's label for people: the built-in bots' names in ``lang``, any other label as it is.

    >>> bot_name("Rule bot", "es"), bot_name("Expert", "es"), bot_name("rule:-flush_queen", "es")
    ('Bot de reglas', 'Experto', 'rule:-flush_queen')
    """
    key = _BUILT_IN_LABELS.get(label)
    return text(f"bot.label.{key}", lang) if key else label


def rule_message(rule: Rule, lang: str = "en", **details: Any) -> str:
    """The learner's explanation of a broken rule.

    A seat number (``seat``, with ``players`` at the table, 4 by default) and a
    phase value (``phase``) are named in the learner's language. ``variant``
    picks the wording of a rule that a variant changes (key ``rule.<rule>.<variant>``).

    >>> rule_message(Rule.NOT_YOUR_TURN, "es", seat=2)
    'No es tu turno: ahora juega Norte.'
    >>> rule_message(Rule.HEARTS_NOT_BROKEN, "en", card="2♥", variant="queen_breaks").split(":")[1]
    ' you may lead a heart only after a heart or Q♠ has been played, or when you hold nothing but hearts.'
    """
    variant = details.pop("variant", None)
    key = f"rule.{rule.value}" if variant is None else f"rule.{rule.value}.{variant}"
    seat = details.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        details["seat"] = seat_name(seat, lang, details.get("players", 4))
    phase = details.get("phase")
    if isinstance(phase, str) and f"phase.{phase}" in catalogue(lang):
        details["phase"] = text(f"phase.{phase}", lang)
    return text(key, lang, **details)
