"""Small policies to train with numpy: a softmax over the allowed actions of a linear score.

Both policies score every allowed action, turn the scores into
probabilities (actions the mask forbids get none), and play the most likely
action (``greedy=True``) or draw one. A policy-gradient step needs
:meth:`SoftmaxPolicy.grad_log_prob`, the gradient of the log-probability of
the action taken with respect to each array of :attr:`SoftmaxPolicy.params`.

- :class:`LinearPolicy` scores action ``a`` as ``weights[a] @ x + bias[a]``
  from the whole vector ``x`` of :func:`~hearts.rl.encoding.encode`: general,
  but it learns every card separately (54 × 534 numbers with four players).
- :class:`CardPolicy` scores a card by a few features of that card in its
  position (:data:`CARD_FEATURES`: is it a heart, would it win the trick,
  how many higher cards are still out...), read from the same vector, with
  one weight per feature: it learns in minutes what a card is worth.

They are plain objects (numpy arrays), so they pickle: wrapped in
:class:`~hearts.rl.adapters.PolicyBot` they travel to the worker processes of
:func:`~hearts.experiment.compare`.

>>> import numpy as np
>>> p = LinearPolicy(4)
>>> x, mask = np.zeros(p.weights.shape[1], np.float32), np.zeros(54, np.int8)
>>> mask[[3, 7]] = 1
>>> p.probabilities(x, mask)[[3, 7]].tolist()
[0.5, 0.5]
>>> p(x, mask)
3
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from hearts import files
from hearts.cards import CARDS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Card
from hearts.errors import HeartsError
from hearts.messages import text
from hearts.rl.encoding import MOON_ADD, MOON_SUBTRACT, NUM_ACTIONS, layout, size

__all__ = ["CARD_FEATURES", "CardPolicy", "LinearPolicy", "PolicyError", "SoftmaxPolicy", "feature_name"]


class PolicyError(HeartsError):
    """A policy file or array that does not fit (wrong shape, not a policy file of this kind)."""


class SoftmaxPolicy:
    """What both policies share: probabilities, choosing, the gradient, files.

    Subclasses define :attr:`params` (the arrays training changes) and
    :meth:`_scores_and_features`.
    """

    kind = "softmax"

    def __init__(self, num_players: int = 4, *, greedy: bool = True, seed: int | None = 0, decks: int = 1) -> None:
        size(num_players, decks=decks)  # checks the count (two packs: 6 to 10 players)
        self.num_players = num_players
        self.decks = decks
        self.greedy = greedy
        self.reseed(seed)

    @property
    def params(self) -> dict[str, np.ndarray]:
        """The arrays that training changes (in place), by name."""
        raise NotImplementedError

    def reseed(self, seed: int | None) -> None:
        """Restart the random source used when not greedy."""
        self.rng = np.random.default_rng(seed)

    def _scores_and_features(self, x: np.ndarray, actions: np.ndarray) -> tuple[np.ndarray, Any]:
        """The score of each allowed action, and what :meth:`_grad` needs to differentiate it."""
        raise NotImplementedError

    def _grad(self, x: np.ndarray, actions: np.ndarray, feats: Any, g: np.ndarray) -> dict[str, np.ndarray]:
        """The gradient of ``g @ scores`` with respect to :attr:`params`."""
        raise NotImplementedError

    def _allowed(self, mask: np.ndarray) -> np.ndarray:
        actions = np.flatnonzero(np.asarray(mask) > 0)
        if not len(actions):
            raise PolicyError("the mask allows no action")
        return actions

    def _softmax(self, x: np.ndarray, actions: np.ndarray) -> tuple[np.ndarray, Any]:
        scores, feats = self._scores_and_features(np.asarray(x, np.float64), actions)
        e = np.exp(scores - scores.max())
        return e / e.sum(), feats

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The probability of every action; zero where ``mask`` is 0."""
        actions = self._allowed(mask)
        out = np.zeros(NUM_ACTIONS, np.float64)
        out[actions] = self._softmax(x, actions)[0]
        return out

    def card(self, x: np.ndarray, mask: np.ndarray) -> Card | str:
        """The chosen action for people: a card, or ``'add'`` / ``'subtract'`` for a moon choice."""
        a = self(x, mask)
        return CARDS[a] if a < 52 else ("add" if a == MOON_ADD else "subtract")

    def __call__(self, x: np.ndarray, mask: np.ndarray, /) -> int:
        actions = self._allowed(mask)
        p = self._softmax(x, actions)[0]
        if self.greedy:
            return int(actions[np.argmax(p)])
        return int(self.rng.choice(actions, p=p))

    def grad_log_prob(self, x: np.ndarray, mask: np.ndarray, action: int) -> dict[str, np.ndarray]:
        """Gradient of ``log p(action)`` with respect to each array of :attr:`params` (same names and shapes)."""
        actions = self._allowed(mask)
        hit = np.flatnonzero(actions == action)
        if not len(hit):
            raise PolicyError(f"action {action} is not allowed by the mask")
        xx = np.asarray(x, np.float64)
        p, feats = self._softmax(xx, actions)
        g = -p
        g[hit[0]] += 1.0
        return self._grad(xx, actions, feats, g)

    # ----- files -------------------------------------------------------------

    def save(self, path: str | Path) -> Path:
        """Write the policy to a ``.npz`` file (atomically: a crash leaves any old file whole).

        A ``path`` that is a folder, under a file or in a missing folder raises :class:`PolicyError` naming it.
        """
        target = Path(path)
        if target.is_dir():
            raise PolicyError(f"cannot save the policy to {target}: this is a folder, not a file")
        try:
            with files.replacing(target, make_folder=False) as (tmp,), open(tmp, "wb") as fh:  # synced, then renamed
                arrays: dict[str, Any] = {"kind": np.asarray(self.kind), "num_players": np.asarray(self.num_players),
                                          "decks": np.asarray(self.decks)}  # fmt: skip
                np.savez(fh, **(arrays | self.params))
        except NotADirectoryError as e:
            raise PolicyError(f"cannot save the policy to {target}: a folder above it is a file") from e
        except FileNotFoundError as e:
            raise PolicyError(f"cannot save the policy to {target}: its folder does not exist") from e
        return target

    @classmethod
    def load(cls, path: str | Path, *, greedy: bool = True, seed: int | None = 0) -> Any:
        """A policy from a file written by :meth:`save` (of the same kind)."""
        try:
            with np.load(Path(path)) as data:
                kind, n = str(data["kind"]), int(data["num_players"])
                decks = int(data["decks"]) if "decks" in data.files else 1  # files written before two packs: one
                arrays = {k: data[k] for k in data.files if k not in ("kind", "num_players", "decks")}
        except (OSError, ValueError, KeyError) as e:
            raise PolicyError(f"{path}: not a policy file ({e})") from None
        if kind != cls.kind:
            raise PolicyError(f"{path}: a {kind} policy, not a {cls.kind} one")
        policy = cls(n, greedy=greedy, seed=seed, decks=decks)
        for name, array in policy.params.items():
            if name not in arrays or arrays[name].shape != array.shape:
                raise PolicyError(f"{path}: {name!r} missing or of the wrong shape (expected {array.shape})")
            array[...] = arrays[name]
        return policy

    def __repr__(self) -> str:
        packs = ", decks=2" if self.decks == 2 else ""
        return f"{type(self).__name__}({self.num_players}, greedy={self.greedy}{packs})"


class LinearPolicy(SoftmaxPolicy):
    """``softmax(weights @ x + bias)`` over the allowed actions (``weights``: one row per action).

    >>> import numpy as np
    >>> p = LinearPolicy(3)
    >>> x, mask = np.ones(p.weights.shape[1]), np.ones(54)
    >>> g = p.grad_log_prob(x, mask, 5)
    >>> round(float(g["bias"][5]), 4), g["weights"].shape == p.weights.shape
    (0.9815, True)

    ``decks=2`` sizes it for the two-pack vector of Cancellation Hearts (6 to 10 players):

    >>> LinearPolicy(8, decks=2).weights.shape
    (54, 1267)
    """

    kind = "linear"

    def __init__(self, num_players: int = 4, *, greedy: bool = True, seed: int | None = 0, decks: int = 1) -> None:
        super().__init__(num_players, greedy=greedy, seed=seed, decks=decks)
        self.weights = np.zeros((NUM_ACTIONS, size(num_players, decks=decks)), np.float64)
        self.bias = np.zeros(NUM_ACTIONS, np.float64)

    @property
    def params(self) -> dict[str, np.ndarray]:
        return {"weights": self.weights, "bias": self.bias}

    def _scores_and_features(self, x: np.ndarray, actions: np.ndarray) -> tuple[np.ndarray, Any]:
        return self.weights[actions] @ x + self.bias[actions], None

    def _grad(self, x: np.ndarray, actions: np.ndarray, feats: Any, g: np.ndarray) -> dict[str, np.ndarray]:
        gb = np.zeros(NUM_ACTIONS)
        gb[actions] = g
        return {"weights": np.outer(gb, x), "bias": gb}


CARD_FEATURES = (
    "pass_rank",
    "pass_heart",
    "pass_queen",
    "pass_high_spade",
    "pass_suit_left",
    "pass_jack",
    "lead_rank",
    "lead_heart",
    "lead_low_spade",
    "lead_boss",
    "lead_suit_left",
    "lead_suit_out",
    "follow_wins",
    "follow_wins_points",
    "follow_wins_last",
    "follow_rank",
    "follow_queen",
    "follow_higher_out",
    "discard_points",
    "discard_rank",
    "discard_queen",
    "discard_suit_left",
    "moon_add",
    "moon_subtract",
)
"""The features of :class:`CardPolicy`, one weight each: for a card to pass, lead, follow with or discard.

Ranks are scaled to 0–1 (2 is 0, ace is 1); counts of cards to 0–1 by 13;
points by 26. "Out" means neither in the player's hand nor played.
:func:`feature_name` says each in English or Spanish.
"""


def feature_name(feature: str, lang: str = "en") -> str:
    """What a feature of :data:`CARD_FEATURES` means, for people.

    >>> feature_name("follow_wins"), feature_name("follow_wins", "es")
    ('follow: wins the trick so far', 'seguir: gana la baza por ahora')
    """
    if feature not in CARD_FEATURES:
        raise PolicyError(f"no feature {feature!r}: the features are {', '.join(CARD_FEATURES)}")
    return text(f"rl.feature.{feature}", lang)


class CardPolicy(SoftmaxPolicy):
    """One weight per feature of a card in its position (:data:`CARD_FEATURES`), read from the vector.

    ``weights[i]`` is what feature ``i`` adds to a card's score; the
    features come from :func:`~hearts.rl.encoding.encode`'s fields (own hand,
    cards played, the trick in progress, the led suit), so the policy sees
    nothing the vector does not hold.

    >>> from hearts import Deal, HandState
    >>> from hearts.rl.encoding import action_mask, encode
    >>> p = CardPolicy(4)
    >>> p.weights[CARD_FEATURES.index("pass_rank")] = 5.0  # a policy that passes its highest cards
    >>> obs = HandState(Deal.from_number(1)).observation(0)
    >>> str(obs.hand), str(p.card(encode(obs), action_mask(obs)))
    ('7♣ 10♣ J♣ A♣ 9♦ 10♦ Q♦ K♦ Q♠ 6♥ 7♥ 10♥ Q♥', 'A♣')
    """

    kind = "card"

    def __init__(self, num_players: int = 4, *, greedy: bool = True, seed: int | None = 0, decks: int = 1) -> None:
        if decks != 1:
            raise PolicyError("the card policy reads the one-pack vector's fields; with two packs use LinearPolicy")
        super().__init__(num_players, greedy=greedy, seed=seed)
        self.weights = np.zeros(len(CARD_FEATURES), np.float64)
        f = layout(num_players)
        self._at = {name: (fld.start, fld.stop) for name, fld in f.items()}

    @property
    def params(self) -> dict[str, np.ndarray]:
        return {"weights": self.weights}

    def _get(self, x: np.ndarray, name: str) -> np.ndarray:
        start, stop = self._at[name]
        return x[start:stop]

    def features(self, x: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """The feature rows (one per action in ``actions``) of the vector ``x``."""
        phi = np.zeros((len(actions), len(CARD_FEATURES)))
        moon = actions >= 52
        phi[actions == MOON_ADD, 22] = 1
        phi[actions == MOON_SUBTRACT, 23] = 1
        cards = actions[~moon]
        if not len(cards):
            return phi
        rows = np.flatnonzero(~moon)
        n = self.num_players
        hand = self._get(x, "hand")
        played = self._get(x, "played").reshape(n, 52).sum(axis=0)
        trick = self._get(x, "trick")
        out = (1 - hand - played - self._get(x, "pass_chosen") * (1 - self._get(x, "pass_done")[0])) > 0.5
        suit, rank = cards // 13, cards % 13
        by_suit_hand = hand.reshape(4, 13)
        by_suit_out = out.reshape(4, 13)
        suit_left = by_suit_hand.sum(axis=1)[suit] / 13
        ranks = np.arange(13)
        higher_out = np.array([by_suit_out[s, ranks > r].sum() for s, r in zip(suit, rank)]) / 13
        rank01 = rank / 12
        is_heart = suit == 3
        is_qs = cards == QUEEN_OF_SPADES
        phase = int(np.argmax(self._get(x, "phase")))
        if phase == 0:  # passing
            cols = [rank01, is_heart, is_qs, (suit == 2) & (rank >= 11), suit_left, cards == JACK_OF_DIAMONDS]
            for j, col in enumerate(cols):
                phi[rows, j] = col
            return phi
        led = self._get(x, "led_suit")
        if not led.any():  # leading
            queen_out = bool(out[QUEEN_OF_SPADES])
            cols = [rank01, is_heart, (suit == 2) & (rank < 10) & queen_out, higher_out == 0, suit_left,
                    by_suit_out.sum(axis=1)[suit] / 13]
            for j, col in enumerate(cols):
                phi[rows, 6 + j] = col
            return phi
        led_suit = int(np.argmax(led))
        in_trick = trick.reshape(4, 13)
        best = np.flatnonzero(in_trick[led_suit])
        best_rank = int(best.max()) if len(best) else -1
        trick_points = (in_trick[3].sum() + 13 * trick[QUEEN_OF_SPADES]
                        - 10 * trick[JACK_OF_DIAMONDS] * self._get(x, "jack_of_diamonds")[0]) / 26
        last = trick.sum() == n - 1
        follow = suit == led_suit
        wins = follow & (rank > best_rank)
        points = is_heart / 26 + is_qs * 0.5
        cols_follow = [wins, wins * trick_points, wins & last, rank01, is_qs, higher_out]
        cols_discard = [points, rank01, is_qs, suit_left]
        for j, col in enumerate(cols_follow):
            phi[rows, 12 + j] = np.where(follow, col, 0)
        for j, col in enumerate(cols_discard):
            phi[rows, 18 + j] = np.where(follow, 0, col)
        return phi

    def _scores_and_features(self, x: np.ndarray, actions: np.ndarray) -> tuple[np.ndarray, Any]:
        phi = self.features(x, actions)
        return phi @ self.weights, phi

    def _grad(self, x: np.ndarray, actions: np.ndarray, feats: Any, g: np.ndarray) -> dict[str, np.ndarray]:
        return {"weights": g @ feats}
