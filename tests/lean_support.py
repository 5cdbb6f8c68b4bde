"""The core without the data stack: a blocker for numpy, pandas, pyarrow and matplotlib, and the work to run behind it.

:func:`run_blocked` runs Python in a fresh process where importing any module of :data:`DATA_STACK` (and,
unless told otherwise, of :data:`JUPYTER`) raises ``ImportError``, on the pure-Python path
(``HEARTS_KERNEL=python``, as on Pyodide, where neither the data stack nor the C kernel exists). The same
functions run in the test process, with everything there, so their results can be compared.

This module imports nothing of ``hearts`` at the top: the blocker must be in place before ``hearts`` is first
imported.
"""

from __future__ import annotations

import importlib.abc
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent

DATA_STACK = ("numpy", "pandas", "pyarrow", "matplotlib", "scipy")
JUPYTER = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm")

#: What the static site imports: the engine, the bots at every level, records, the review, the hint words and
#: the table's models. Nothing here may need the data stack or Jupyter.
CORE_MODULES = (
    "hearts",
    "hearts.cards",
    "hearts.rules",
    "hearts.deal",
    "hearts.hand",
    "hearts.game",
    "hearts.observation",
    "hearts.record",
    "hearts.examples",
    "hearts.messages",
    "hearts.errors",
    "hearts.files",
    "hearts.sim",
    "hearts.stats",
    "hearts.runs",
    "hearts.display",
    "hearts.bots",
    "hearts.bots.expert",
    "hearts.bots.registry",
    "hearts.review",
    "hearts.explain",
    "hearts_widgets",
    "hearts_widgets.table_model",
    "hearts_widgets.learn_model",
    "hearts_widgets.walkthrough_model",
    "hearts_widgets.store",
    "hearts_widgets.levels",
    "hearts_widgets.coach",
    "hearts_widgets.rule_notes",
    "hearts_widgets.speech",
    "hearts_widgets.text",
    "hearts_widgets.address",
)


class Blocker(importlib.abc.MetaPathFinder):
    """A meta-path finder that refuses the named top-level packages, as if they were not installed."""

    def __init__(self, blocked: tuple[str, ...]) -> None:
        self.blocked = frozenset(blocked)
        self.refused: list[str] = []

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname.partition(".")[0] in self.blocked:
            self.refused.append(fullname)
            raise ImportError(f"{fullname} is blocked (not installed here)", name=fullname)
        return None


def block(blocked: tuple[str, ...]) -> Blocker:
    """Put a :class:`Blocker` first on ``sys.meta_path`` (before any of them is imported)."""
    already = sorted(m for m in sys.modules if m.partition(".")[0] in blocked)
    assert not already, f"already imported: {already}"
    finder = Blocker(blocked)
    sys.meta_path.insert(0, finder)
    return finder


def run_blocked(call: str, *, jupyter: bool = True, timeout: float = 600) -> Any:
    """``call`` (an expression on this module, e.g. ``"decisions(10)"``) evaluated in a fresh process with the
    data stack blocked (and Jupyter too, with ``jupyter``); its JSON result, with ``loaded``: the blocked
    modules that were imported all the same (none, or the blocker failed) and ``refused``: what was asked for."""
    blocked = DATA_STACK + (JUPYTER if jupyter else ())
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(TESTS)!r})\n"
        "import lean_support as ls\n"
        f"finder = ls.block({blocked!r})\n"
        f"result = ls.{call}\n"
        f"loaded = sorted(m for m in sys.modules if m.partition('.')[0] in {blocked!r})\n"
        "print(json.dumps({'result': result, 'loaded': loaded, 'refused': finder.refused}))\n"
    )
    env = {**os.environ, "HEARTS_KERNEL": "python"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=timeout, check=False
    )
    assert done.returncode == 0, done.stderr[-4000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["loaded"] == [], f"imported although blocked: {out['loaded']}"
    return out


def import_all(modules: tuple[str, ...] = CORE_MODULES) -> dict[str, str]:
    """Import each module; ``{module: "ok"}`` or the error it raised."""
    import importlib

    out = {}
    for name in modules:
        try:
            importlib.import_module(name)
            out[name] = "ok"
        except Exception as exc:  # reported: the test names the module and the error
            out[name] = f"{type(exc).__name__}: {exc}"
    return out


def import_error(module: str) -> str:
    """The message of the ImportError importing ``module`` raises ('' when it imports)."""
    import importlib

    try:
        importlib.import_module(module)
    except ImportError as exc:
        return str(exc)
    return ""


def positions(count: int, seed: int) -> list[Any]:
    """Observations of the seat to act at random points of random hands, some before the pass (deterministic)."""
    import random

    from hearts import HandState, sim

    rng = random.Random(seed)
    out = []
    for rec in sim.random_hand_records(count, seed, path="python"):
        h = HandState(rec.deal)
        if rec.passes is not None:
            if rng.random() < 0.25:
                out.append(h.observation(rng.randrange(h.n)))
                continue
            for seat, cards in enumerate(rec.passes):
                h.pass_cards(seat, cards)
        for c in rec.plays[: rng.randrange(0, len(rec.plays))]:
            h.push(int(c))
        out.append(h.observation(h.to_play))
    return out


def decisions(count: int, seed: int = 5, worlds: int = 24, pass_worlds: int = 6) -> list[list[Any]]:
    """Every level's decision (expert and master at small budgets), the hint and its words in both languages,
    on ``count`` positions: one row of card codes and words per position."""
    from hearts import Phase
    from hearts.bots import ExpertBot, RandomBot, RuleBot
    from hearts.bots.base import Decision
    from hearts.explain import hint
    from hearts.observation import Observation

    def decide(bot: Any, obs: Observation) -> list[Any]:
        d: Decision = bot.decide_pass(obs) if obs.phase is Phase.PASSING else bot.decide_play(obs)
        return [[c.code for c in d.cards], d.explain("en"), d.explain("es")]

    rows = []
    for i, obs in enumerate(positions(count, seed)):
        bots = [
            RandomBot(seed=i),
            RuleBot(seed=i),
            ExpertBot(seed=i, worlds=worlds, pass_worlds=pass_worlds),
            ExpertBot(seed=i, worlds=2 * worlds, pass_worlds=2 * pass_worlds, pass_pool=7),
        ]
        said = hint(obs, worlds=worlds, pass_worlds=pass_worlds, seed=i)
        words = [[c.code for c in said.cards], said.words("en"), said.words("es")]
        rows.append([obs.phase.value, *(decide(b, obs) for b in bots), *words])
    return rows


def table_games(data_dir: str, levels: tuple[str, ...] | None = None, hints: int = 3) -> dict[str, Any]:
    """A whole game at each level through :class:`~hearts_widgets.table_model.TableModel`, as a learner plays it.

    South passes its first three cards, asks for a hint at its first ``hints`` decisions and plays the lowest
    legal card; the bots of the level play the other seats. ``random`` and ``rule`` play to 100;
    ``expert`` and ``master`` (at their real budgets) play to 1, a whole game of one hand. Returns, per level,
    every action of every hand, the final totals and the hints' words, English and Spanish.
    """
    from hearts import Phase
    from hearts_widgets.levels import available_levels
    from hearts_widgets.store import History
    from hearts_widgets.table_model import TableModel

    out: dict[str, Any] = {}
    for level in levels or tuple(available_levels()):
        folder = Path(data_dir) / level
        folder.mkdir(parents=True)
        quick = level in ("random", "rule")
        m = TableModel(number=21, level=level, target_score=100 if quick else 1, data_dir=folder, paced=False)
        said: list[list[str]] = []
        while not m.game.is_over:
            h = m.hand
            if len(said) < hints and m.can_hint:
                m.press("hint")
                assert m.message is not None
                english = m.message.text
                m.set_setting("lang", "es")
                assert m.message is not None
                said.append([english, m.message.text])
                m.set_setting("lang", "en")
            if h.phase is Phase.PASSING:
                for c in list(h.hand_of(0))[:3]:
                    m.click_card(c.code)
                m.press("pass")
            elif h.is_over:
                m.press("next")
            else:
                m.click_card(h.legal_moves.lowest().code)
        outcome = m.game.outcome()
        history = History.load(folder)
        out[level] = {
            "hands": [
                [[a.kind, a.seat, [c.code for c in a.cards], a.choice] for a in hand.history] for hand in m.game.hands
            ],
            "totals": list(outcome.totals),
            "winners": list(outcome.winners),
            "recorded": [g["final"] for g in history.games],
            "message": m.message.text if m.message else "",
            "hints": said,
        }
        m.close()
    return out


def reviewed_hand(number: int = 11, seat: int = 0) -> Any:
    """A finished hand of rule bots (deal ``number``): the hand a review is asked about."""
    from hearts import Deal, HandState
    from hearts.bots import RuleBot

    h = HandState(Deal.from_number(number))
    bots = [RuleBot(seed=s) for s in range(4)]
    for s in range(4):
        h.pass_cards(s, bots[s].choose_pass(h.observation(s)))
    while not h.is_over:
        h.play(bots[h.to_play].choose_play(h.observation(h.to_play)))
    return h


def review(number: int = 11, seat: int = 0) -> str:
    """The review of :func:`reviewed_hand` at small budgets, option rows and decision rows, as one ``repr``
    (floats to the last digit, NaN included)."""
    from hearts.review import decision_rows, review_rows

    rows = review_rows(reviewed_hand(number), seat, worlds=6, pass_worlds=2, check_worlds=30, seed=1)
    return repr((rows, decision_rows(rows)))


def lessons(data_dir: str) -> dict[str, Any]:
    """The learn-to-play walkthrough to its end in English and Spanish (titles and rule notes of every step), and
    a learn-mode game at the rule level (:class:`~hearts_widgets.table_model.TableModel` with ``learn=True``,
    to 50 points) with the notes it showed."""
    from hearts import Phase
    from hearts_widgets.table_model import TableModel
    from hearts_widgets.walkthrough_model import WalkthroughModel

    out: dict[str, Any] = {}
    for lang in ("en", "es"):
        w = WalkthroughModel(lang=lang)
        steps = []
        while True:  # the walkthrough draws its position (the engine replays it) for every step
            steps.append([w.title(), w.prompt(), w.step.caption, [list(n) for n in w.step.notes], len(w.hand.plays)])
            if not w.next():
                break
        out[f"walkthrough_{lang}"] = steps
    m = TableModel(number=5, level="rule", target_score=50, learn=True, data_dir=data_dir, paced=False)
    notes: list[Any] = []
    while not m.game.is_over:
        h = m.hand
        notes.extend(list(n) for n in m.notes if list(n) not in notes)
        if h.phase is Phase.PASSING:
            for c in list(h.hand_of(0))[:3]:
                m.click_card(c.code)
            m.press("pass")
        elif h.is_over:
            m.press("next")
        else:
            m.click_card(h.legal_moves.lowest().code)
    out["learn_game"] = {"totals": list(m.game.outcome().totals), "hands": len(m.game.hands), "notes": notes}
    m.close()
    return out
