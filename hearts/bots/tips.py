"""The nine strategy tips of the tutorials as named switches for :class:`~hearts.bots.RuleBot`.

Each tip is a boolean field of the frozen :class:`Tips` record; a few tips
also have a number you can change (how many spades keep the queen safe, how
short a suit must be to pass it away, ...). The names are stable: they are
used as experiment names and as values in self-play data.

>>> t = Tips()
>>> t.void_short_suit, t.keep_queen_with
(True, 4)
>>> t.without("void_short_suit").void_short_suit
False
>>> Tips.none().enabled
()
>>> Tips.only("flush_queen").enabled
('flush_queen',)
>>> Tips(keep_queen_with=3).keep_queen_with
3
>>> tip_title("stop_moon", "es")
'cortar la luna de un rival llevándote un corazón'
>>> Tips().without("void_shortsuit")
Traceback (most recent call last):
...
hearts.bots.tips.TipError: unknown tip 'void_shortsuit'; tips are: pass_high_spades, ..., stop_moon; habits: ...

Each tip does what the page says and nothing else. A habit the page does
not state is its own switch, off by default, with its own experiment
(``habit_experiment``); it acts only while its tip is on:

>>> Tips().hold_queen_for_leader, Tips().with_("hold_queen_for_leader").habits
(False, ('hold_queen_for_leader',))
"""

from __future__ import annotations

import dataclasses

from hearts.errors import OptionError
from hearts.messages import text

__all__ = ["HABIT_NAMES", "HABIT_TIPS", "MOON_HUNTER_STRENGTH", "TIP_NAMES", "TipError", "Tips", "tip_title"]

#: The nine tips, in the order the tutorials give them.
TIP_NAMES: tuple[str, ...] = (
    "pass_high_spades",
    "pass_queen_when_short",
    "void_short_suit",
    "dump_high_first_trick",
    "flush_queen",
    "queen_to_leader",
    "watch_voids",
    "shoot_moon",
    "stop_moon",
)

#: Habits a tip's page does not state: each its own switch (off by default), acting only with its tip on.
HABIT_NAMES: tuple[str, ...] = (
    "hold_queen_for_leader",  # with queen_to_leader: keep Q♠ while the trick is not the leader's
    "stop_moon_discards",  # with stop_moon: discard hearts onto a third player's trick, none onto the shooter's
)

#: The tip each habit belongs to.
HABIT_TIPS: dict[str, str] = {"hold_queen_for_leader": "queen_to_leader", "stop_moon_discards": "stop_moon"}

#: The moon hunter's bar (:meth:`Tips.moon_hunter`): the moon strength from which it tries the moon. Chosen on
#: 1000 deals of seed 1 (12 took the fewest points against rule bots among 6, 8, 10, 12, 14); the default
#: rule bot's bar is 20.
MOON_HUNTER_STRENGTH = 12

# Numeric settings: name -> (lowest allowed, highest allowed).
_SETTINGS: dict[str, tuple[int, int]] = {
    "high_spade_guards": (0, 12),
    "keep_queen_with": (0, 12),
    "void_min_length": (1, 3),
    "void_max_length": (1, 3),
    "moon_min_strength": (0, 100),
    "stop_moon_hearts": (0, 13),
}


class TipError(OptionError):
    """A tip name or setting that does not exist or is out of range; ``.option`` (also ``.field``) names it."""

    @property
    def field(self) -> str:
        """The tip or setting at fault (the same as ``.option``)."""
        return self.option


@dataclasses.dataclass(frozen=True)
class Tips:
    """Which strategy tips a :class:`~hearts.bots.RuleBot` follows, and their settings.

    Switches (all on by default):

    - ``pass_high_spades``: pass A♠ and K♠ when fewer than ``high_spade_guards``
      lower spades could protect them (and you do not keep Q♠ yourself).
    - ``pass_queen_when_short``: pass Q♠ unless at least ``keep_queen_with``
      other spades come with it.
    - ``void_short_suit``: pass away all your clubs or diamonds when you hold
      two or three of them (``void_min_length`` to ``void_max_length``; the
      fewest first). A single card is not a short suit on the page.
    - ``dump_high_first_trick``: on the first trick, play your highest club
      (or discard your highest safe card): no points can fall there.
    - ``flush_queen``: while Q♠ is out and your top spade is J♠ or lower,
      lead spades to force it out.
    - ``queen_to_leader``: get rid of Q♠ as soon as you cannot follow suit
      (to the player with the fewest points when the trick is theirs), but
      never onto a player it would push past the target while you are not
      lowest. Without it Q♠ is discarded like any other card, by rank.
    - ``watch_voids``: avoid leading a suit an opponent has shown out of while
      hearts or Q♠ could still be dropped on you.
    - ``shoot_moon``: with a hand of strength ``moon_min_strength`` or more
      (judged before passing), pass low cards and try to take every point.
    - ``stop_moon``: when one opponent holds Q♠ and every heart taken so far
      (at least ``stop_moon_hearts`` of them), win a trick with a heart in it.

    Habits (off by default; each acts only while its tip is on):

    - ``hold_queen_for_leader``: keep Q♠ while the trick is not going to the
      player with the fewest points, as long as two spades guard it and more
      than three tricks are left.
    - ``stop_moon_discards``: against a moon shot, discard a heart onto a third
      player's trick, and no heart onto the shooter's.

    Baseline play (no tip) never passes spades, ducks under the winning card,
    and wins pointless tricks with its highest card when it plays last.
    """

    pass_high_spades: bool = True
    pass_queen_when_short: bool = True
    void_short_suit: bool = True
    dump_high_first_trick: bool = True
    flush_queen: bool = True
    queen_to_leader: bool = True
    watch_voids: bool = True
    shoot_moon: bool = True
    stop_moon: bool = True
    hold_queen_for_leader: bool = False
    stop_moon_discards: bool = False
    high_spade_guards: int = 3
    keep_queen_with: int = 4
    void_min_length: int = 2
    void_max_length: int = 3
    moon_min_strength: int = 20
    stop_moon_hearts: int = 3

    def __post_init__(self) -> None:
        for name in TIP_NAMES + HABIT_NAMES:
            if not isinstance(getattr(self, name), bool):
                raise TipError(f"tip {name} must be True or False, not {getattr(self, name)!r}", name)
        for name, (lo, hi) in _SETTINGS.items():
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise TipError(f"{name} must be a whole number from {lo} to {hi}, not {v!r}", name)
        if self.void_min_length > self.void_max_length:
            raise TipError(
                f"void_min_length ({self.void_min_length}) must not be above void_max_length ({self.void_max_length})",
                "void_min_length",
            )

    @staticmethod
    def _check(names: tuple[str, ...]) -> None:
        for name in names:
            if name not in TIP_NAMES and name not in HABIT_NAMES:
                raise TipError(
                    f"unknown tip {name!r}; tips are: {', '.join(TIP_NAMES)}; habits: {', '.join(HABIT_NAMES)}", name
                )

    def without(self, *names: str) -> Tips:
        """A copy with the named tips switched off."""
        self._check(names)
        return dataclasses.replace(self, **dict.fromkeys(names, False))

    def with_(self, *names: str) -> Tips:
        """A copy with the named tips switched on."""
        self._check(names)
        return dataclasses.replace(self, **dict.fromkeys(names, True))

    @classmethod
    def none(cls) -> Tips:
        """Every tip (and habit) off: baseline play only."""
        return cls(**dict.fromkeys(TIP_NAMES + HABIT_NAMES, False))

    @classmethod
    def only(cls, *names: str) -> Tips:
        """Only the named tips on (default settings)."""
        cls._check(names)
        return cls.none().with_(*names)

    @classmethod
    def moon_hunter(cls) -> Tips:
        """Every tip on, trying the moon from moon strength :data:`MOON_HUNTER_STRENGTH` (the default bar is 20).

        The bot of the ``"moon"`` style (:data:`hearts.bots.registry.STYLES`):
        a rule bot that goes for the moon whenever its hand suits it (A♥, Q♠
        or a higher spade, high cards, few low cards outside hearts; see
        :func:`~hearts.bots.rule_bot.moon_strength`), judged before passing
        like the ``shoot_moon`` tip, only with a lower bar. About 4% of dealt
        hands reach strength 12, under 1% reach 20.

        >>> Tips.moon_hunter().moon_min_strength, Tips.moon_hunter().enabled == Tips().enabled
        (12, True)
        """
        return cls(moon_min_strength=MOON_HUNTER_STRENGTH)

    @property
    def enabled(self) -> tuple[str, ...]:
        """Names of the tips that are on, in the seed's order."""
        return tuple(n for n in TIP_NAMES if getattr(self, n))

    @property
    def habits(self) -> tuple[str, ...]:
        """Names of the habits that are on."""
        return tuple(n for n in HABIT_NAMES if getattr(self, n))


def tip_title(name: str, lang: str = "en") -> str:
    """The short title of a tip for people, e.g. for plots and hints."""
    Tips._check((name,))
    return text(f"bot.tip.{name}", lang)
