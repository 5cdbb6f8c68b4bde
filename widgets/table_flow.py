"""The flow of a game at the table: dealing, the bots' moves, turns, the hand's end and the moon choice.

Split out of :mod:`hearts_widgets.table_model` (which imports everything here again); moved code only.
"""

# mypy: disable-error-code="misc"
# (each method takes ``self: TableModel``, the class it is mixed into: mypy calls that an error of kind misc)

from __future__ import annotations

import copy
import functools
import uuid
from typing import TYPE_CHECKING, Any

from hearts.bots.base import Bot
from hearts.cards import Card
from hearts.deal import StableRandom
from hearts.game import Game
from hearts.hand import Phase, Trick
from hearts.rules import MoonScoring, Rules

from . import game_log, levels
from .rule_notes import Move
from .table_saving import (
    _Claim,
    _seated,
)
from .table_words import (
    Phrase,
    TableState,
    Words,
    _button,
    _Line,
    _seat,
    _seats,
    say,
)
from .variants import preset_rules, rules_words

_QS = 36

if TYPE_CHECKING:
    from .table_model import TableModel


class FlowMixin(TableState):
    """The game's flow: dealing, the bots' moves, whose turn it is, the hand's end, the moon choice, the rules in
    force.

    A part of :class:`~hearts_widgets.table_model.TableModel`, which is the only class that uses it.
    """

    def _start(
        self: TableModel, number: int, *, said: tuple[Words, ...] = (), abandon: bool = False, left: bool = False
    ) -> None:
        """Deal game ``number``, this table's own, and save it over whatever the file holds (see :class:`_Claim`;
        ``abandon``: the learner said yes to leaving a game in progress at another table; ``left``: the table
        opens over the file, so a game in progress a closed table left is recorded too).

        ``said`` is the message line (the hand's intro by default); a save that fails comes after it.
        """
        self._learn_start()
        self._displaced = ""  # a game of this table's own
        self._replaced_by = None
        self.game_id = uuid.uuid4().hex
        self.rules = self._rules_in_force()
        if self._asked_rules is not None:  # the new rules are the table's now
            self._keep_rules(*self._asked_rules)
            self._asked_rules = None
        self.pending = None
        self.confirming = None
        people = _seated(self.humans, self.rules.num_players)
        if people != self.humans:  # fewer seats than before: the people beyond them leave, bots take none of theirs
            self.humans = people
            self.seat = people[0]
            self.covered = False
        self.game = Game(number, self.rules)
        self.recorded = False
        self.selection = 0
        self.hint = None
        self.received_flash = 0
        self._make_bots()
        self._begin_hand()
        self._line = _Line("info", said or (self._hand_intro(),))
        self.actions += 1
        self._save_game(claim=_Claim("start", abandon=abandon, left=left))
        if self._claim is not None and self._line is not None and self._line.kind == "error":
            self._line = _Line("error", (*said, *self._line.parts))  # the game is dealt here, but not saved yet

    def _begin_hand(self: TableModel) -> None:
        self.selection = 0
        self.hint = None
        self.received_flash = 0
        h = self.hand
        if len(self.humans) > 1:  # a new hand on a shared screen: the first person to act takes it, covered
            first = [s for s in self.humans if s in h.waiting_to_pass] or [self.humans[0]]
            self.seat = first[0]
            self.covered = True
        if self.learning:
            self.lesson.dealt(self.game)
        if self.paced:  # the bots choose their passes after the people's, one step each
            self.pending = self._next_pending()
        else:
            self._bots_pass()
            self._run_bots()
        self._learn_decide()

    def _bots_pass(self: TableModel) -> None:
        h = self.hand
        if h.phase is Phase.PASSING:
            for s in self.bot_seats:
                if h.passes[s] is None:
                    bot = self._seeded(s)
                    h.pass_cards(s, list(bot.choose_pass(h.observation(s))))

    def _hand_intro(self: TableModel) -> Phrase:
        h = self.hand
        if self.covered:
            return self._cover_prompt()
        if h.phase is Phase.PASSING:
            return say(
                "ui.msg.choose_pass",
                hand=h.hand_number,
                direction=say(f"pass.{h.pass_direction.value}"),
                to=self._seat_of(h.pass_target(self.seat)),
                button=_button("pass"),
            )
        return say("ui.msg.no_pass", hand=h.hand_number)

    def _seed_of(self: TableModel, s: int) -> int:
        """The seed of seat ``s``'s bot in this position, so a resumed game plays on identically."""
        h = self.hand
        return StableRandom(f"hearts-table/v1/{self.number}/{h.hand_number}/{s}/{h.cards_played}").bits64()

    def _seeded(self: TableModel, s: int) -> Bot:
        """The bot at seat ``s``, reseeded from the position (see :meth:`_seed_of`)."""
        bot = self.bots[s]
        bot.reseed(self._seed_of(s))
        return bot

    def _bot_move(self: TableModel, chosen: Card | None = None) -> None:
        h = self.hand
        s = h.to_play
        if h.phase is Phase.PLAYING:
            c = self._seeded(s).choose_play(self.game.observation(s)) if chosen is None else chosen
            before = h.copy()
            h.play(c, seat=s)
            self._learn_event(before, Move("play", s, c))
            if not self.paced:  # paced, every card is its own drawing already
                self.frames.append(h.copy())

    def _run_bots(self: TableModel) -> None:
        """Bots move until a person must act (or the hand ends). Not in step mode."""
        if not self.settings.step_bots:
            while True:
                h = self.hand
                if h.phase is Phase.PLAYING and h.to_play in self.bot_seats:
                    self._bot_move()
                else:
                    break
        self._next_person()

    def _person_to_act(self: TableModel) -> int:
        """The person who acts next (or, when no person must act, the one at the screen if still playing)."""
        h = self.hand
        waiting = [s for s in self.humans if s in h.waiting_to_pass]
        if waiting:
            return self.seat if self.seat in waiting else waiting[0]
        if h.phase is Phase.PLAYING and h.to_play in self.humans:
            return h.to_play
        return self.seat if self.seat in self.humans else self.humans[0]

    def _next_person(self: TableModel) -> None:
        """When another person is to play, the screen goes to them (covered)."""
        h = self.hand
        if h.phase is Phase.PLAYING and h.to_play in self.humans and h.to_play != self.seat:
            self._hand_to(h.to_play)

    def _hand_to(self: TableModel, seat: int) -> None:
        """The screen goes to the person at ``seat``: their hand stays covered until they press Ready."""
        self.seat = seat
        self.covered = len(self.humans) > 1
        self.selection = 0
        self.hint = None
        self.received_flash = 0

    def _cover_prompt(self: TableModel) -> Phrase:
        return say("ui.msg.covered", seat=self._seat_of(self.seat), button=_button("ready"))

    def _card_events(self: TableModel, hearts_were_broken: bool) -> None:
        """The sounds a card just played calls for."""
        h = self.hand
        if h.hearts_broken and not hearts_were_broken:
            self.events.append("hearts")
        if not h.trick and h.tricks:
            self.events.append("trick")
            if _QS in h.tricks[-1].cards:
                self.events.append("queen")

    def _trick_text(self: TableModel, trick: Trick) -> tuple[Words, ...]:
        """Who took the trick, with which card, and its points (and where Q♠ went); then how to go on."""
        high = trick.played_by(trick.winner)
        you = trick.winner == self.seat and len(self.humans) == 1
        if you:
            parts: list[Words] = [say("ui.msg.trick_you", trick.points, card=str(high), points=trick.points)]
        else:
            parts = [say("ui.msg.trick_taken", trick.points, seat=self._seat_of(trick.winner), card=str(high),
                         points=trick.points)]
        if _QS in trick.cards:
            parts.append(say("ui.msg.queen_you" if you else "ui.msg.queen_to", seat=self._seat_of(trick.winner)))
        last = self.hand.is_over
        parts.append(say("ui.msg.collect_last" if last else "ui.msg.collect", button=say("ui.button.collect")))
        return tuple(parts)

    def trick_words(self: TableModel) -> Phrase:
        """The finished trick on show, in a few words for the board: who took it and how to go on."""
        trick = self.hand.tricks[-1]
        if trick.winner < 0:  # Cancellation Hearts: every card of the suit led cancelled, nobody takes it yet
            return say("ui.msg.banner_trick_waits")
        who = say("ui.msg.you") if trick.winner == self.seat and len(self.humans) == 1 else self._seat_of(trick.winner)
        return say("ui.msg.banner_trick", trick.points, seat=who, points=trick.points)

    def _after_move(self: TableModel, *, keep_message: bool = False) -> None:
        self._settle_moon()
        h = self.hand
        self._learn_decide()
        if h.is_over:
            game_log.keep_table_hand(self)  # the person's finished hand, for my_games() (kept once)
        if h.is_over and self.pending == "trick":
            if self.game.is_over:
                self._record_finished_game()
            self._save_game()
            return
        if h.is_over:
            self.lesson.finished_hand(self.game)
            self.received_flash = 0
            if self.game.is_over:
                self._record_finished_game()
            s = self.summary()
            assert s is not None
            if not keep_message or self._line is None or self._line.kind != "error":
                self._line = _Line("ok", self._summary_text(s))
        elif self.covered:
            self._line = _Line("info", (self._cover_prompt(),))
        elif not keep_message:
            self._line = self._turn_message()
        self._save_game()
        self._learn_write_error()

    def _turn_message(self: TableModel) -> _Line:
        h = self.hand
        if self.pending in ("pass", "bot"):
            words = self.thinking_words()
            assert words is not None
            return _Line("info", (words,))
        if h.phase is Phase.PASSING and h.passes[self.seat] is None:
            return _Line("info", (self._hand_intro(),))
        if h.phase is Phase.PLAYING and h.to_play == self.seat:
            key = "ui.msg.your_lead" if not h.trick else "ui.msg.your_turn"
            return _Line("info", (say(key),))
        if self.moon_to_choose:
            return _Line("info", (self._moon_words("ui.msg.moon_ask"),))
        if h.phase is Phase.PLAYING:
            return _Line("info", (say("ui.msg.waiting", seat=self._seat_of(h.to_play), button=_button("continue")),))
        return _Line("info")

    def _summary_text(self: TableModel, s: dict[str, Any]) -> tuple[Words, ...]:
        shooter = s["shooter"]
        if shooter is None:
            parts: list[Words] = [
                say(
                    "ui.msg.hand_done",
                    s["points"][self.seat],
                    hand=s["hand_number"],
                    points=s["points"][self.seat],
                    total=s["totals"][self.seat],
                )
            ]
        else:  # the moon: say where the 26 went, and what it did to the learner's total
            full = self.rules.moon_points
            added = self.hand.result().moon is MoonScoring.ADD_TO_OTHERS
            who = "you" if shooter == self.seat else "other"
            parts = [
                say("ui.msg.hand_over_moon", hand=s["hand_number"]),
                say(f"ui.msg.moon_{'add' if added else 'subtract'}_{who}", seat=self._seat_of(shooter), full=full),
                say("ui.msg.moon_total", score=f"{s['scores'][self.seat]:+d}", total=s["totals"][self.seat]),
            ]
        if s["game_over"]:
            if self.seat in s["winners"]:
                key = "ui.msg.game_won_shared" if s["shared"] else "ui.msg.game_won"
            else:
                key = "ui.msg.game_lost_shared" if s["shared"] else "ui.msg.game_lost"
            parts.append(say(key, winners=_seats(s["winners"], self.rules.num_players)))
        else:
            parts.append(say("ui.msg.press_next", button=_button("next")))
        return tuple(parts)

    def moon_outcomes(self: TableModel) -> dict[str, tuple[int, ...]]:
        """The game totals each moon choice would give (``'add'``, ``'subtract'``), while the shooter chooses."""
        h = self.hand
        if h.phase is not Phase.MOON_CHOICE:
            return {}
        shooter, full, totals = h.to_play, self.rules.moon_points, self.game.totals_before_hand
        pts = [p - (full if s == shooter else 0) for s, p in enumerate(h.points)]  # J♦ still counts
        add = tuple(t + p + (0 if s == shooter else full) for s, (t, p) in enumerate(zip(totals, pts, strict=True)))
        sub = tuple(t + p - (full if s == shooter else 0) for s, (t, p) in enumerate(zip(totals, pts, strict=True)))
        return {"add": add, "subtract": sub}

    def _moon_words(self: TableModel, key: str) -> Phrase:
        """The shooter's question (or reminder): both choices, with what each does to the totals."""
        full = self.rules.moon_points
        out = self.moon_outcomes()
        me, n = self.seat, self.rules.num_players
        add, sub = out["add"], out["subtract"]
        others: list[Words] = [
            say("ui.msg.moon_ask_others", seat=self._seat_of(s), total=add[s]) for s in range(n) if s != me
        ]
        if max(add) >= self.rules.target_score:
            others.append(say("ui.msg.moon_ask_ends"))
        before = self.game.totals_before_hand[me]  # adding leaves it unless the shooter's own J♦ (Omnibus) moves it
        if key == "ui.msg.moon_ask" and add[me] != before:
            key = "ui.msg.moon_ask_moved"
        return say(
            key,
            before=before,
            subtract=say("ui.button.moon_subtract", points=full),
            add=say("ui.button.moon_add", points=full),
            total=add[me],
            minus=sub[me],
            others=lambda lang: ", ".join(w(lang) for w in others),
        )

    def _press_moon_add(self: TableModel) -> None:
        self._choose_moon("add")

    def _press_moon_subtract(self: TableModel) -> None:
        self._choose_moon("subtract")

    def _choose_moon(self: TableModel, choice: str) -> None:
        if self.pending is not None:
            self._refuse_while_busy()
            return
        if not self.moon_to_choose:
            self._error(say("ui.msg.no_moon_choice"))
            return
        h = self.hand
        self._learn_start()
        before = h.copy()
        h.choose_moon(self.seat, choice)
        self._learn_event(before, Move("moon", self.seat))  # the hand is scored now: its notes come
        self._accepted(None)
        self._after_move()

    def _settle_moon(self: TableModel) -> None:
        """A hand that ends in a moon under the shooter's choice: a bot chooses at once (by the rules' own
        :func:`~hearts.rules.moon_choice`, through its ``choose_moon``); another person gets the screen."""
        h = self.hand
        if h.phase is not Phase.MOON_CHOICE or self.pending is not None:
            return
        s = h.to_play
        if s in self.bot_seats:
            before = h.copy()
            h.choose_moon(s, self._seeded(s).choose_moon(self.game.observation(s)))
            self._learn_event(before, Move("moon", s))
        elif s != self.seat:
            self._hand_to(s)

    def _keep_rules(self: TableModel, rules: Rules, preset: str | None) -> None:
        """``rules`` are the table's from now on (a preset goes into the settings)."""
        if preset is not None:
            self._own_rules = None
            if self.settings.rules != preset:
                self.settings.rules = preset
                self._save_settings("rules")
        else:
            self._own_rules = rules

    def _seat_of(self: TableModel, s: int) -> Words:
        """Seat ``s``'s name, for the number of players at this table (Player 2… beside South, West…)."""
        return _seat(s, self.rules.num_players)

    @staticmethod
    def _rules_words(rules: Rules) -> Words:
        return functools.partial(rules_words, rules)

    def _rules_in_force(self: TableModel) -> Rules:
        """The rules a new game gets: the table's own, or the settings' preset at the target score."""
        if self._asked_rules is not None:
            return self._asked_rules[0]
        if self._own_rules is not None:
            return self._own_rules
        target = self._target if self._target_given and self._target is not None else self.settings.target_score
        return preset_rules(self.settings.rules, target)

    def _make_bots(self: TableModel) -> None:
        self.bots: dict[int, Bot] = {}
        for s in self.bot_seats:
            own = self.own_bots.get(s)
            if own is None:
                self.bots[s] = levels.make(self.level, seed=s)
            else:
                self.bots[s] = copy.deepcopy(own)
                self.bots[s].reseed(s)

    @property
    def opponents_label(self: TableModel) -> str:
        """Who the bots are, for the history: the level, or the names of the bots given with ``bots=``."""
        if not self.own_bots:
            return self.level
        return ", ".join(dict.fromkeys(str(b.name) for b in self.own_bots.values()))

    def _new_number(self: TableModel) -> int:
        return self.rng.randrange(1, 1_000_000)
