"""A bot that plays by the nine strategy tips of the tutorials, each one a switch.

:class:`RuleBot` decides from its :class:`~hearts.observation.Observation`
only, working on card bitmasks so that self-play stays fast. Every
:class:`~hearts.bots.Decision` it returns names the tip that drove it
(``decision.tip``, ``None`` for baseline play) and explains itself in English
or Spanish.

>>> from hearts import Deal, HandState, PassDirection
>>> h = HandState(Deal.from_hands([
...     "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
...     "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
...     "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]), pass_direction=PassDirection.NONE)
>>> h.push(h.legal_moves.highest())  # 2♣, the only card South may lead
>>> d = RuleBot().decide_play(h.observation(1))
>>> str(d.card), d.tip
('A♦', 'dump_high_first_trick')
>>> d.explain("en")
'Dumping A♦ on the first trick, which almost never holds points. (Tip: dump high cards on the first trick.)'

Switch one tip off with :meth:`Tips.without` and compare:

>>> RuleBot(tips=Tips().without("dump_high_first_trick")).decide_play(h.observation(1)).tip is None
True

Writing your own bot takes a few lines: a function of the observation and a
random source (``obs.legal_moves`` already holds only the cards the rules allow),
or a subclass that falls back on the rule bot:

>>> from hearts.bots import bot_from_functions
>>> lowest = bot_from_functions("Lowest card", play=lambda obs, rng: obs.legal_moves.lowest())
>>> class HighClubs(RuleBot):
...     name = "High clubs"
...     def decide_play(self, obs):
...         clubs = [c for c in obs.legal_moves if c.suit == 0]
...         return Decision((clubs[-1],)) if clubs else super().decide_play(obs)
>>> str(HighClubs().choose_play(h.observation(1))), str(lowest.choose_play(h.observation(1)))
('A♦', '2♦')
"""

from __future__ import annotations

import functools
from typing import Any

from hearts.bots.base import Bot, Decision
from hearts.bots.tips import TIP_NAMES, TipError, Tips
from hearts.cards import (
    ALL_CARDS_MASK,
    CARDS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    PENALTY_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    highest,
    iter_mask,
    lowest,
)
from hearts.messages import plural_key
from hearts.observation import Observation
from hearts.rules import trick_winner, winning_card

__all__ = ["RuleBot", "Tips", "moon_strength"]

_SUIT = SUIT_MASKS
_H = HEARTS_MASK
_QS = int(QUEEN_OF_SPADES)
_KS = _QS + 1
_AS = _QS + 2
_QS_BIT = 1 << _QS
_HIGH_SPADES = (1 << _KS) | (1 << _AS)
_LOW_SPADES = _SUIT[2] & ((1 << _QS) - 1)  # 2♠ .. J♠
_TOP_SPADES = _SUIT[2] & ~_LOW_SPADES  # Q♠ K♠ A♠
_JD_BIT = 1 << JACK_OF_DIAMONDS
_HCP = (0,) * 9 + (1, 2, 3, 4)  # J Q K A, by rank index 0..12
_SUIT_SYMBOL = ("♣", "♦", "♠", "♥")
_Why = tuple[str, "str | None", tuple[tuple[str, Any], ...]]
"""Why one card of a pass was chosen: its reason key, its tip (``None``: baseline) and the reason's values."""

_R = "bot.reason."
_EARLY_TRICKS = 3  # baseline: shed high cards on safe tricks up to this trick number


# Every one-card reason and the tip it belongs to (None: baseline play).
_REASONS: dict[str, str | None] = {
    "only_card": None,
    "duck": None,
    "early_high": None,
    "early_high_keep_queen": None,
    "early_high_keep_jack": None,  # the J♦ variant
    "last_pointless": None,
    "forced_win_high": None,
    "sure_win_high": None,
    "take_jack": None,  # the J♦ variant: win the trick with J♦ when it is safe
    "sure_win_keep_queen": None,
    "lowest_over": None,
    "lowest_over_keep_queen": None,
    "discard_queen": None,
    "discard_high_spade": None,
    "discard_high": None,
    "discard_heart": None,
    "lead_low": None,
    "lead_forced": None,
    "lead_no_points": None,
    "dump_first": "dump_high_first_trick",
    "flush_queen": "flush_queen",
    "queen_to_leader": "queen_to_leader",
    "queen_dump": "queen_to_leader",
    "queen_end_game": "queen_to_leader",
    "queen_hold": "hold_queen_for_leader",
    "queen_hold_target": "queen_to_leader",
    "moon_lead": "shoot_moon",
    "moon_lead_long": "shoot_moon",
    "moon_win": "shoot_moon",
    "moon_low": "shoot_moon",
    "moon_discard": "shoot_moon",
    "stop_moon_take": "stop_moon",
    "stop_moon_give": "stop_moon_discards",
    "stop_moon_lead": "stop_moon",
    "cancel_winner": None,  # Cancellation Hearts: RuleBot(cancel_winner=...)
    "twin_lead": None,  # Cancellation Hearts: RuleBot(twin_lead=...)
}
# Decisions are immutable, so each (reason, card) is made once: _D[reason][card].
_D: dict[str, tuple[Decision, ...]] = {
    key: tuple(Decision((CARDS[c],), _R + key, (("card", str(CARDS[c])),), tip) for c in range(52))
    for key, tip in _REASONS.items()
}
_ONLY = _D["only_card"]
_NAMES = tuple(str(c) for c in CARDS)
_WHY_HIGH: _Why = (_R + "pass_card.high", None, ())
# A pass's one-card parts, made once per card and reason: _PARTS[card, why].
_PARTS: dict[tuple[int, _Why], Decision] = {}


def moon_strength(mask: int) -> int:
    """How well a hand (before passing) suits a moon shot; 0 if it lacks the essentials.

    Needs A♥, and Q♠ or a spade above it. Counts high-card points (A 4, K 3,
    Q 2, J 1), two more per heart beyond four, and takes three off for each
    card below 10 outside hearts beyond the three that can be passed.

    >>> from hearts import CardSet
    >>> moon_strength(CardSet.parse("AH KH QH JH 10H 9H AS KS QS AC KC AD 2D").mask)
    34
    >>> moon_strength(CardSet.parse("KH QH JH 10H 9H 8H AS KS QS AC KC AD 2D").mask)
    0
    """
    if not mask >> 51 & 1 or not mask & (_QS_BIT | _HIGH_SPADES):
        return 0
    hcp = 0
    low_side = 0
    for suit in range(4):
        m = mask >> (13 * suit) & 0x1FFF  # the suit's ranks, bit 0 = the two
        while m:
            low = m & -m
            r = highest(low)
            hcp += _HCP[r]
            if suit != 3 and r < 8:
                low_side += 1
            m ^= low
    hearts = (mask & _H).bit_count()
    return max(0, hcp + 2 * max(0, hearts - 4) - 3 * max(0, low_side - 3))


# The same dealt hand is weighed when passing and again on every play while nobody has points.
_moon_strength = functools.lru_cache(maxsize=512)(moon_strength)


def lead_pick(hand: int, legal: int, unseen: int, avoid: int, flush: bool) -> tuple[int, int]:
    """The rule bot's lead, shared with the expert's rollouts: (the card, the card had no suit been avoided).

    Each suit's lowest legal card is scored: likely to be beaten (many higher
    cards still ``unseen``) is good, hearts a little better; a sure winner is
    fine only when no points are left to take; a spade that could draw Q♠
    onto our own Q♠ (or that is above an unseen Q♠) is bad. Ties go to the
    shorter suit, then the lower card. With ``flush`` (Q♠ out and none of
    Q♠ K♠ A♠ held) spades come first; suits in ``avoid`` (bit ``suit``: a
    player showed out of them while points are out) come last.

    >>> from hearts.cards import CardSet
    >>> hand = CardSet.parse("2C 8C 3D 4S").mask
    >>> unseen = CardSet.parse("QS KS AC 10C 9C 5D").mask
    >>> [str(CARDS[c]) for c in lead_pick(hand, hand, unseen, 0, True)]  # flush Q♠ out; else lead clubs
    ['4♠', '2♣']
    """
    penalty_out = unseen & PENALTY_MASK
    queen_out = unseen & _QS_BIT
    # Keys pack (score, shorter suit, lower card) into one int; scores are in hundredths.
    best = best_plain = -(1 << 60)
    pick = pick_plain = -1
    for suit in (0, 1, 2, 3):
        m = legal & _SUIT[suit]
        if not m:
            continue
        c = lowest(m)
        out = unseen & _SUIT[suit]
        higher = (out >> (c + 1)).bit_count()
        if higher:
            score = 1000 + higher * 1000 // out.bit_count() + 100 * (higher if higher < 6 else 6)
            if suit == 3:
                score += 200
        else:
            # A sure winner: fine only when no points are left to fall on the leader.
            score = -500 if penalty_out else 500
        if suit == 2 and (hand & _QS_BIT or (queen_out and c > _QS)):
            score -= 3000
        key = (score << 10) + ((13 - m.bit_count()) << 6) + 63 - c
        if key > best_plain:
            best_plain, pick_plain = key, c
        if flush and suit == 2:
            key += 4000 << 10
        elif avoid >> suit & 1:
            key -= 2000 << 10
        if key > best:
            best, pick = key, c
    return pick, pick_plain


class RuleBot(Bot):
    """Plays by the strategy tips of :class:`Tips` (all on by default), from its observation only.

    ``RuleBot(tips=Tips().without("void_short_suit"), seed=1)``. The bot keeps
    no memory between calls: the same observation always gives the same
    decision, and one bot object may play every seat.
    """

    name = "Rule bot"

    def __init__(
        self,
        tips: Tips | None = None,
        seed: int | None = 0,
        *,
        cancel_winner: bool = True,
        twin_lead: bool = True,
    ) -> None:
        super().__init__(seed)
        if tips is None:
            tips = Tips()
        elif not isinstance(tips, Tips):
            raise TipError(f"tips must be a Tips object, not {tips!r}", "tips")
        for name, value in (("cancel_winner", cancel_winner), ("twin_lead", twin_lead)):
            if not isinstance(value, bool):
                raise TipError(f"{name} must be True or False, not {value!r}", name)
        self.tips = tips
        self.cancel_winner = cancel_winner
        self.twin_lead = twin_lead

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}=False" for name in ("cancel_winner", "twin_lead") if not getattr(self, name, True)
        )
        if self.tips == Tips():
            return f"RuleBot(seed={self.seed!r}{extra})"
        return f"RuleBot(tips={self.tips!r}, seed={self.seed!r}{extra})"

    # ===== passing ===========================================================

    def decide_pass(self, obs: Observation) -> Decision:
        """Three cards to pass, by the passing tips, then the highest clubs, diamonds and hearts."""
        tips = self.tips
        if obs.rules.decks == 2:
            obs = _folded(obs)
        hand = obs.hand_mask
        need = obs.rules.pass_size
        why: dict[int, _Why] = {}  # each card chosen, with the rule that chose it
        if tips.shoot_moon and _moon_strength(hand) >= tips.moon_min_strength:
            chosen = self._moon_pass(hand, need, why)
            return self._pass_decision(chosen, _R + "pass_moon", "shoot_moon", (), why)
        chosen = 0
        first: tuple[str, str, tuple[tuple[str, Any], ...]] | None = None
        used: list[str] = []  # every tip that chose at least one of the cards
        spades = hand & _SUIT[2]
        keep_queen = False
        if hand & _QS_BIT:
            others = (spades & ~_QS_BIT).bit_count()
            if tips.pass_queen_when_short and others < tips.keep_queen_with:
                chosen |= _QS_BIT
                guarded = (("guards", others),)
                first = (plural_key(_R + "pass_queen", others), "pass_queen_when_short", guarded)
                why[_QS] = (plural_key(_R + "pass_card.queen", others), "pass_queen_when_short", guarded)
                used.append("pass_queen_when_short")
            else:
                keep_queen = True
        if tips.pass_high_spades and not keep_queen:
            high = spades & _HIGH_SPADES
            guards = (spades & _LOW_SPADES).bit_count()
            if high and guards < tips.high_spade_guards and (chosen | high).bit_count() <= need:
                chosen |= high
                used.append("pass_high_spades")
                each = (plural_key(_R + "pass_card.high_spade", guards), "pass_high_spades", (("guards", guards),))
                for c in iter_mask(high):
                    why[c] = each
                if first is None:
                    first = (plural_key(_R + "pass_high_spades", guards), "pass_high_spades", (("guards", guards),))
        if tips.void_short_suit:
            # Two or three clubs or diamonds (the page's short suit), the shortest first;
            # ties: the one with the higher top card.
            options = []
            for suit in (0, 1):
                m = hand & _SUIT[suit]
                if m and tips.void_min_length <= m.bit_count() <= tips.void_max_length:
                    options.append((m.bit_count(), -highest(m), suit, m))
            for _, _, suit, m in sorted(options):
                if (chosen | m).bit_count() <= need:
                    chosen |= m
                    for c in iter_mask(m):
                        why[c] = (_R + "pass_card.void", "void_short_suit", (("suit", _SUIT_SYMBOL[suit]),))
                    if "void_short_suit" not in used:
                        used.append("void_short_suit")
                    if first is None:
                        first = (_R + "pass_void", "void_short_suit", (("suit", _SUIT_SYMBOL[suit]),))
        if chosen.bit_count() < need:
            chosen = self._fill_pass(hand, chosen, need, keep_queen, why)
            if first is None:
                return self._pass_decision(chosen, _R + "pass_high_cards", None, (), why)
        assert first is not None
        return self._pass_decision(chosen, first[0], _joined(used), first[2], why)

    @staticmethod
    def _fill_pass(hand: int, chosen: int, need: int, keep_queen: bool, why: dict[int, _Why]) -> int:
        """Baseline: the highest clubs, diamonds and hearts (ties: shorter suit); spades only if nothing else.

        Each card added goes into ``why`` with the step that chose it.
        """
        pool = hand & ~_SUIT[2] & ~chosen
        lengths = [(hand & m).bit_count() for m in _SUIT]
        ranked = []
        while pool:
            low = pool & -pool
            pool ^= low
            c = low.bit_length() - 1
            ranked.append((c % 13, -lengths[c // 13], c))
        ranked.sort(reverse=True)
        for _, _, c in ranked:
            if chosen.bit_count() >= need:
                return chosen
            chosen |= 1 << c
            why[c] = _WHY_HIGH
        # Only spades left to give: the lowest ones, never Q♠ when keeping it.
        rest = hand & _SUIT[2] & ~chosen
        if keep_queen:
            rest &= ~_QS_BIT
        chosen = _add_lowest(chosen, rest, need, why, _R + "pass_card.low_spade", None)
        return _add_lowest(chosen, hand & ~chosen, need, why, _R + "pass_card.last", None)

    @staticmethod
    def _moon_pass(hand: int, need: int, why: dict[int, _Why]) -> int:
        """The lowest cards outside hearts and Q♠: they cannot win tricks (each goes into ``why``)."""
        ranked = sorted((c % 13, c) for c in iter_mask(hand & ~PENALTY_MASK))
        chosen = 0
        for _, c in ranked[:need]:
            chosen |= 1 << c
            why[c] = (_R + "pass_card.moon", "shoot_moon", ())
        return _add_lowest(chosen, hand & ~chosen, need, why, _R + "pass_card.last", None)

    @staticmethod
    def _pass_decision(
        chosen: int, key: str, tip: str | None, values: tuple[tuple[str, Any], ...], why: dict[int, _Why]
    ) -> Decision:
        """The pass, with its summary reason and, in ``parts``, each card's own reason from ``why``."""
        parts = []
        m = chosen
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            w = why[c]
            part = _PARTS.get((c, w))
            if part is None:  # one per card and rule: a few thousand at most
                part = _PARTS[c, w] = Decision((CARDS[c],), w[0], (("card", _NAMES[c]), *w[2]), w[1])
            parts.append(part)
        cards = tuple([p.cards[0] for p in parts])
        names = ", ".join([_NAMES[c] for c in cards])
        return Decision(cards, key, (("cards", names), *values), tip, tuple(parts))

    # ===== playing ===========================================================

    def forced_play(self, card: Card) -> Decision:
        """A forced play needs no observation: the one card, with the reason that it was the only one.

        >>> RuleBot().forced_play(Card.parse("QS")).explain("en")
        'Q♠ is the only card you can play here.'
        """
        return _ONLY[card]

    def decide_play(self, obs: Observation) -> Decision:
        """One legal card, with the tip (if any) that chose it."""
        legal = obs.legal_mask()
        if not legal & (legal - 1):
            return _ONLY[highest(legal)]
        if obs.rules.decks == 2:
            special = self._two_pack_play(obs, legal)
            if special is not None:
                return special
            obs = _folded(obs)
        tips = self.tips
        points = obs.points
        zeros = points.count(0)
        threat = -1
        if zeros >= len(points) - 1:
            # Moon chances: mine while nobody else has points; a rival's when one player has them all.
            mine = points[obs.seat]
            if (
                tips.shoot_moon
                and (mine or zeros == len(points))
                and (obs.hand_mask | obs.played_mask) >> 51 & 1  # a moon plan needs A♥
                and self._moon_plan(obs)
            ):
                return self._moon_play(obs, legal)
            if tips.stop_moon and zeros < len(points) and not mine:
                threat = self._moon_threat(obs, points)
        if obs.trick:
            return self._follow(obs, legal, threat)
        return self._lead(obs, legal, threat)

    # ----- Cancellation Hearts ------------------------------------------------

    def _two_pack_play(self, obs: Observation, legal: int) -> Decision | None:
        """The plays only two packs have, each a switch of the constructor (both on by default).

        ``cancel_winner``: following, holding the twin of the card that wins the trick so far, play it: the two
        cancel, so a high card goes without taking the trick (unless no card of the suit led is left alive:
        then the trick waits for the next one's winner). ``twin_lead``: leading after the first trick, lead the
        highest card that is neither a heart nor Q♠ and whose twin is still out: a rival playing the twin cancels
        it. Otherwise the one-pack play decides, on a view of each card once (see :func:`_folded`).
        """
        trick = obs.trick_cards
        if trick:
            if not self.cancel_winner:
                return None
            from hearts.rules import cancel_trick

            index = cancel_trick(trick)[0]
            if index >= 0 and legal >> trick[index] & 1:
                return _D["cancel_winner"][trick[index]]
            return None
        if not self.twin_lead or obs.trick_number == 0:
            return None
        out = obs.unseen_mask & ALL_CARDS_MASK  # cards with a copy still out
        twins = legal & out & ~PENALTY_MASK
        if twins:
            return _D["twin_lead"][highest(twins)]
        return None

    # ----- following ---------------------------------------------------------

    def _follow(self, obs: Observation, legal: int, threat: int) -> Decision:
        tips = self.tips
        trick = obs.trick
        led = obs.led_suit
        cards = obs.trick_cards
        wi, tmask = trick_winner(cards)
        winner = trick[wi][0]
        best = cards[wi]
        c: int
        if not legal & _SUIT[led]:
            return self._discard(obs, legal, winner, tmask, threat)
        number = obs.trick_number
        if number == 0 and tips.dump_high_first_trick:
            return _D["dump_first"][highest(legal)]
        below = legal & ((1 << best) - 1)
        above = legal & ~below
        remaining = len(obs.points) - len(trick) - 1
        if above & _JD_BIT and obs.rules.jack_of_diamonds and _jack_safe(obs.unseen_mask, tmask, remaining):
            return _D["take_jack"][JACK_OF_DIAMONDS]
        pts = obs.rules.points_of(tmask)
        early = pts <= 0 and remaining and 0 < number <= _EARLY_TRICKS and led != 3
        if remaining and (early or (threat >= 0 and above)):
            late_voids = 0  # suits that some player still to play has shown out of
            voids = obs.voids
            n = len(voids)
            s = obs.seat
            for _ in range(remaining):
                s = s + 1 if s + 1 < n else 0
                late_voids |= voids[s]
            if threat >= 0 and above and (tmask & _H or led == 3 or late_voids >> led & 1):
                # One player has every point: win a trick that holds a heart (or will: a later
                # player has shown out of the suit and can throw one in).
                return _D["stop_moon_take"][highest(above)]
            if early and not late_voids >> led & 1:
                # Early, nobody after me is out of the suit: shed the highest card while it is cheap.
                unseen = obs.unseen_mask
                keep = _QS_BIT | (_JD_BIT if obs.rules.jack_of_diamonds else 0)  # J♦ is not shed on a trick it may lose
                if not (led == 2 and unseen & _QS_BIT) and legal & ~keep:
                    c = highest(legal & ~keep)
                    kept = "early_high_keep_jack" if led == 1 else "early_high_keep_queen"
                    return _D["early_high" if legal >> (c + 1) == 0 else kept][c]
        elif threat >= 0 and above and (tmask & _H or led == 3):
            return _D["stop_moon_take"][highest(above)]
        if below:
            c = highest(below)
            if c == _QS and tips.queen_to_leader:
                verdict = self._queen_verdict(obs, winner)
                if verdict == "hold_target" and below & ~_QS_BIT:
                    return _D["queen_hold_target"][highest(below & ~_QS_BIT)]
                if verdict == "end_game":
                    return _D["queen_end_game"][c]
            if not remaining and pts <= 0 and above & ~_QS_BIT:
                # Last on a trick without points: win it with the highest card.
                return _D["last_pointless"][highest(above & ~_QS_BIT)]
            return _D["duck"][c]
        safe = above & ~_QS_BIT or above
        if not remaining:
            return _D["last_pointless" if pts <= 0 else "forced_win_high"][highest(safe)]
        low = lowest(safe)
        unseen = obs.unseen_mask
        if not unseen & _SUIT[led] & ~((2 << low) - 1):
            # Nobody can go over even my lowest card: the trick is mine, so shed the highest (not Q♠).
            c = highest(safe)
            return _D["sure_win_high" if above >> (c + 1) == 0 else "sure_win_keep_queen"][c]
        return _D["lowest_over" if above & ((1 << low) - 1) == 0 else "lowest_over_keep_queen"][low]

    # ----- discarding --------------------------------------------------------

    def _discard(self, obs: Observation, legal: int, winner: int, tmask: int, threat: int) -> Decision:
        tips = self.tips
        if obs.trick_number == 0 and tips.dump_high_first_trick:
            # Nothing can score here: shed the card most likely to win a trick later.
            return _D["dump_first"][self._most_dangerous(obs, legal)]
        cand = legal
        if threat >= 0 and tips.stop_moon_discards:
            # A habit, not the page's tip: feed hearts to a third player, none to the shooter.
            hearts = legal & _H
            if winner != threat and hearts:
                return _D["stop_moon_give"][highest(hearts)]
            if winner == threat and legal & ~_H:
                cand = legal & ~_H
        if cand & _QS_BIT and tips.queen_to_leader:
            # The tip: get rid of Q♠ now that you cannot follow suit (watching the target near the end).
            verdict = self._queen_verdict(obs, winner)
            if verdict == "leader":
                return _queen_to_leader(obs.points[winner] + (obs.totals[winner] if obs.totals else 0))
            if verdict == "end_game":
                return _D["queen_end_game"][_QS]
            if verdict == "hold_target" and cand & ~_QS_BIT:
                return _D["queen_hold_target"][self._most_dangerous(obs, cand & ~_QS_BIT)]
            if verdict == "hold" and cand & ~_QS_BIT and tips.hold_queen_for_leader:
                return _D["queen_hold"][self._most_dangerous(obs, cand & ~_QS_BIT)]
            return _D["queen_dump"][_QS]
        unseen = obs.unseen_mask
        if unseen & _QS_BIT and cand & _HIGH_SPADES:
            return _D["discard_high_spade"][highest(cand & _HIGH_SPADES)]
        # Without the tip Q♠ is an ordinary spade here: discarded when it is the highest card.
        c = self._most_dangerous(obs, cand, queen_special=tips.queen_to_leader)
        if c == _QS:
            return _D["discard_queen"][_QS]
        return _D["discard_heart" if c >= 39 else "discard_high"][c]

    @staticmethod
    def _most_dangerous(obs: Observation, cand: int, queen_special: bool = True) -> int:
        """The card most likely to win a trick later: highest rank; hearts and short suits first on ties.

        Q♠ is left out (it is the queen tip's to play) unless ``queen_special`` is false.
        """
        hand = obs.hand_mask
        pool = cand & ~_QS_BIT if queen_special else cand
        if pool & _JD_BIT and pool & ~_JD_BIT and obs.rules.jack_of_diamonds:
            pool &= ~_JD_BIT  # J♦ is worth taking in that variant: keep it
        if not pool:
            return highest(cand)
        best_key = -1
        best_c = -1
        for suit in (3, 2, 1, 0):
            m = pool & _SUIT[suit]
            if m:
                c = highest(m)
                # rank first, then hearts, then the shorter suit
                key = ((c % 13) << 5) + ((suit == 3) << 4) + 15 - (hand & _SUIT[suit]).bit_count()
                if key > best_key:
                    best_key, best_c = key, c
        return best_c

    # ----- leading -----------------------------------------------------------

    def _lead(self, obs: Observation, legal: int, threat: int) -> Decision:
        tips = self.tips
        hand = obs.hand_mask
        unseen = obs.unseen_mask
        if threat >= 0:
            hearts = legal & _H
            if hearts:
                top = highest(hearts)
                if not unseen & _H & ~((2 << top) - 1):
                    return _D["stop_moon_lead"][top]
        penalty_out = unseen & PENALTY_MASK
        queen_out = unseen & _QS_BIT
        avoid = 0
        if tips.watch_voids and penalty_out:
            for v in obs.voids:  # this seat's own void suits have nothing to lead anyway
                avoid |= v
        flush = tips.flush_queen and queen_out and not hand & _TOP_SPADES
        pick, pick_plain = lead_pick(hand, legal, unseen, avoid, bool(flush))
        if flush and pick // 13 == 2:
            return _D["flush_queen"][pick]
        if pick != pick_plain:
            return _void_avoided(pick, pick_plain // 13)  # watching voids changed the lead
        higher_out = unseen & _SUIT[pick // 13] & ~((2 << pick) - 1)
        return _D["lead_low" if higher_out else "lead_forced" if penalty_out else "lead_no_points"][pick]

    # ----- Q♠ and the leader -------------------------------------------------

    def _queen_verdict(self, obs: Observation, winner: int) -> str:
        """Whether to give Q♠ to ``winner`` now: leader / end_game / hold / hold_target / give."""
        points = obs.points
        totals = obs.totals
        me = obs.seat
        n = len(points)
        proj = [points[s] + (totals[s] if totals else 0) for s in range(n)]
        target = obs.rules.target_score
        if totals and proj[winner] + 13 >= target:
            mine = proj[me]
            lowest = all(mine < proj[s] + (13 if s == winner else 0) for s in range(n) if s != me)
            return "end_game" if lowest else "hold_target"
        low = min(proj[s] for s in range(n) if s != me)
        if proj[winner] == low:
            return "leader"
        guards = (obs.hand_mask & _SUIT[2] & ~_QS_BIT).bit_count()
        tricks_left = obs.hand_sizes[me]
        if guards >= 2 and tricks_left > 3:
            return "hold"
        return "give"

    # ----- the moon ----------------------------------------------------------

    def _moon_plan(self, obs: Observation) -> bool:
        """Was this hand, before passing, right for a moon shot? (Decided from the observation alone.)"""
        me = obs.seat
        mine = 0
        for t in obs.tricks:
            mine |= 1 << t.cards[(me - t.leader) % len(t.cards)]
        start = obs.hand_mask | mine
        if obs.received_mask:
            start = start & ~obs.received_mask | (obs.passed_mask or 0)
        return _moon_strength(start) >= self.tips.moon_min_strength

    def _moon_play(self, obs: Observation, legal: int) -> Decision:
        unseen = obs.unseen_mask
        trick = obs.trick
        if not trick:
            # Lead a sure winner, hearts first, else the top of the longest suit.
            pick = -1
            pick_key = (-1, -1)
            for suit in (3, 2, 1, 0):
                m = legal & _SUIT[suit]
                if not m:
                    continue
                top = highest(m)
                sure = not unseen & _SUIT[suit] & ~((2 << top) - 1)
                key = (int(sure) * 2 + (suit == 3 and sure), m.bit_count())
                if key > pick_key:
                    pick_key, pick = key, top
            # A sure winner if there is one, else the top of the longest suit.
            return _D["moon_lead" if pick_key[0] else "moon_lead_long"][pick]
        led = obs.led_suit
        best = winning_card([c for _, c in trick])
        if legal & _SUIT[led]:
            above = legal & ~((1 << best) - 1)
            if above:
                if len(trick) == len(obs.points) - 1:
                    return _D["moon_win"][lowest(above)]
                return _D["moon_win"][highest(above)]
            return _D["moon_low"][lowest(legal)]
        keep = legal & ~PENALTY_MASK or legal
        return _D["moon_discard"][lowest(keep)]

    def _moon_threat(self, obs: Observation, points: tuple[int, ...]) -> int:
        """The seat that has taken Q♠ and every heart so far (enough of them), else -1."""
        threat = -1
        for s, p in enumerate(points):
            if p:
                threat = s
        tmask = 0
        for c in obs.trick_cards:
            tmask |= 1 << c
        taken = obs.played_mask & ~tmask
        if not taken & _QS_BIT or (taken & _H).bit_count() < self.tips.stop_moon_hearts:
            return -1
        return threat


class _FoldedView(Observation):
    """A two-pack observation seen as each card once, for the one-pack tips (see :func:`_folded`)."""

    __slots__ = ("_unseen",)

    _unseen: int

    @property
    def unseen_mask(self) -> int:
        return self._unseen


def _folded(obs: Observation) -> Observation:
    """Cancellation Hearts for the one-pack tips: each card once. The hand is the cards held (a pair counts
    once: suit lengths undercount), "unseen" the cards with a copy still out, "played" those with none.

    Where a tip changes meaning with two packs: a suit length (voiding a short suit, guarding Q♠) counts a pair
    once; "nobody can go over my card" and "Q♠ is out" mean a copy is out; who wins a trick ignores
    cancelling, which only :meth:`RuleBot._two_pack_play` reads.
    """
    v = _FoldedView.__new__(_FoldedView)
    for name in Observation.__slots__:
        setattr(v, name, getattr(obs, name))
    hand = obs.hand_mask & ALL_CARDS_MASK
    unseen = obs.unseen_mask & ALL_CARDS_MASK & ~hand
    v.hand_mask = hand
    v.played_mask = ALL_CARDS_MASK & ~hand & ~unseen
    v._unseen = unseen
    return v


def _queen_to_leader(taker: int) -> Decision:
    """Q♠ discarded to the player with the fewest points, who has ``taker`` (this hand and the game's)."""
    return Decision(
        (CARDS[_QS],), _R + "queen_to_leader", (("card", _NAMES[_QS]), ("points", taker)), "queen_to_leader"
    )


def _void_avoided(card: int, suit: int) -> Decision:
    """The lead ``card``, chosen over the lead in ``suit`` because a player has shown out of ``suit``."""
    return Decision(
        (CARDS[card],), _R + "lead_void_avoid", (("card", _NAMES[card]), ("suit", _SUIT_SYMBOL[suit])), "watch_voids"
    )


def _jack_safe(unseen: int, tmask: int, remaining: int) -> bool:
    """Whether J♦, played now on a diamond trick it beats, surely wins it with no point card (the J♦ variant).

    The trick holds no heart and not Q♠, and either nobody plays after this
    seat, or no diamond above J♦ and no point card is still out.

    >>> _jack_safe(unseen=0, tmask=1 << 16, remaining=0)  # last on a trick of 5♦
    True
    >>> _jack_safe(unseen=PENALTY_MASK, tmask=1 << 16, remaining=1)  # someone may still throw Q♠ on it
    False
    """
    if tmask & PENALTY_MASK:
        return False
    return not remaining or not unseen & (PENALTY_MASK | _SUIT[1] & ~((_JD_BIT << 1) - 1))


# ----- the same plays in the native kernel -----------------------------------
#
# hearts/_kernel.c mirrors decide_play for self-play's loop (hearts.selfplay), which asks it instead of
# RuleBot.decide_play for a seat whose bot plays as written here (plays_as_written): the same decisions come
# out (tests/test_rule_bot_native.py compares the two in every rules variant, with tips drawn at random). The
# kernel names its reasons and the tips it reads (RULE_REASONS, RULE_TIPS); these give it the decision
# objects and tips.

# The methods a play goes through: a bot whose class or object replaces one of them is asked in Python.
_PLAY_METHODS = (
    "decide_play",
    "forced_play",
    "_follow",
    "_discard",
    "_most_dangerous",
    "_lead",
    "_queen_verdict",
    "_moon_plan",
    "_moon_play",
    "_moon_threat",
)
_AS_WRITTEN = tuple(RuleBot.__dict__[name] for name in _PLAY_METHODS)


def plays_as_written(bot: object) -> bool:
    """True for a bot that is exactly a :class:`RuleBot` whose play methods are the ones written here.

    A subclass, or a method replaced on the class (a patch) or on the object,
    may play otherwise, so the kernel's copy does not stand in for it.

    >>> plays_as_written(RuleBot(tips=Tips().without("flush_queen")))
    True
    >>> class Mine(RuleBot):
    ...     pass
    >>> plays_as_written(Mine())
    False
    """
    if type(bot) is not RuleBot:
        return False
    own = bot.__dict__
    for name, method in zip(_PLAY_METHODS, _AS_WRITTEN):
        if RuleBot.__dict__.get(name) is not method or name in own:
            return False
    return True


def native_decisions(reasons: tuple[str, ...]) -> tuple[tuple[Decision, ...] | None, ...]:
    """For each of the kernel's reason names, the decision of each card (``None``: a reason with a value)."""
    return tuple(_D.get(name) if name not in _VALUED else None for name in reasons)


def native_valued(reasons: tuple[str, ...]) -> Any:
    """The kernel's maker of the decisions that carry a value: ``f(reason index, card, value)``."""
    makers = {"queen_to_leader": lambda card, value: _queen_to_leader(value), "lead_void_avoid": _void_avoided}

    def valued(reason: int, card: int, value: int) -> Decision:
        return makers[reasons[reason]](card, value)

    return valued


_VALUED = ("queen_to_leader", "lead_void_avoid")


def native_tips(tips: Tips, names: tuple[str, ...]) -> tuple[int, ...]:
    """The values of ``tips`` that the kernel reads, in its order ``names`` (kept per Tips object: hashing one
    costs more than a hand's plays in the kernel)."""
    hit = _TIPS_VALUES.get(id(tips))
    if hit is not None and hit[0] is tips and hit[1] is names:
        return hit[2]
    values = tuple(int(getattr(tips, name)) for name in names)
    if len(_TIPS_VALUES) >= 256:
        _TIPS_VALUES.clear()
    _TIPS_VALUES[id(tips)] = (tips, names, values)  # holding tips keeps its id from being reused
    return values


_TIPS_VALUES: dict[int, tuple[Tips, tuple[str, ...], tuple[int, ...]]] = {}


def _joined(tips: list[str]) -> str:
    """Tip names in the order of :data:`~hearts.bots.tips.TIP_NAMES`, joined by ``+``: a pass can follow several."""
    return "+".join(t for t in TIP_NAMES if t in tips)


def _add_lowest(
    chosen: int, pool: int, need: int, why: dict[int, _Why] | None = None, key: str = "", tip: str | None = None
) -> int:
    """``chosen`` plus the lowest cards of ``pool`` (by card number) until it holds ``need`` or ``pool`` runs out.

    With ``why``, each card added goes into it with the reason ``key`` and ``tip``.
    """
    pool &= ~chosen
    while chosen.bit_count() < need and pool:
        low = pool & -pool
        chosen |= low
        pool ^= low
        if why is not None:
            why[highest(low)] = (key, tip, ())
    return chosen
