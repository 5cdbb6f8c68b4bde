"""The command line: ``python -m hearts selfplay …``, ``… experiment …``, ``… tournament …`` and
``python -m hearts room …``.

``selfplay`` plays hands or whole games between bots and writes the three
tables as Parquet; ``experiment`` runs an A/B comparison (or the ready
experiment of a strategy tip) and prints its effect in points per hand with
a 95% interval, or with ``--unit games --games N`` its effect on games won
and on the final score over N whole games. ``--help`` on each command
explains every option. ``room`` serves a room of tables to browsers (see
:mod:`hearts.room`).

Bots are written ``random``, ``rule``, ``expert`` or ``module:Class``; the
rule bot takes tip switches after a colon: ``rule:-flush_queen`` (that tip
off), ``rule:none,+stop_moon`` (only that tip), ``rule:keep_queen_with=3``
(a setting).

>>> main(["selfplay", "--hands", "4", "--bots", "random", "--workers", "1", "--no-progress", "--quiet"])
0
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from hearts import files
from hearts.bots.registry import LEVELS, STYLES, BotSpec, bot_spec
from hearts.bots.tips import HABIT_NAMES, TIP_NAMES, Tips, tip_title
from hearts.errors import OptionError, SelfPlayError
from hearts.experiment import (
    ExperimentResult,
    ExperimentWarning,
    GameExperimentResult,
    TipFamily,
    announce_time,
    compare,
    plot_effects,
    tip_experiment,
)
from hearts.messages import LANGUAGES, bot_name, catalogue, number, text, text_n
from hearts.room import run as room_run
from hearts.rules import MoonScoring, PassDirection, Rules
from hearts.selfplay import play_games, play_hands
from hearts.site import build as site_build
from hearts.tournament import TournamentWarning, tournament

__all__ = ["build_parser", "main", "parse_bot"]

_OPTION_NAMES = {
    "bots": "--bots",
    "n_hands": "--hands",
    "n_games": "--games",
    "n_deals": "--deals",
    "seed": "--seed",
    "workers": "--workers",
    "detail": "--detail",
    "chunk_size": "--chunk-size",
    "pass_direction": "--pass",
    "field": "--field",
    "a/b": "--a/--b",
    "tip": "--tip",
    "measure": "--measure",
    "unit": "--unit",
    "rules": "--target-score",
    "target_score": "--target-score",
    "directory": "--out",
    "labels": "--bots",
}


class CommandLineError(OptionError):
    """A bad command-line value; ``option`` is the flag to name in the message (the flag comes first here).

    >>> e = CommandLineError("--workers", "expected a whole number, not 'x'")
    >>> isinstance(e, OptionError), e.option
    (True, '--workers')
    """

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message, option)

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt whole when it crosses a process boundary
        return (type(self), (self.option, str(self)))


def _count(min_value: int) -> Any:
    def parse(value: str) -> int:
        try:
            n = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}") from None
        if n < min_value:
            raise argparse.ArgumentTypeError(f"must be {min_value} or more, not {n}")
        return n

    return parse


def parse_bot(text_: str) -> BotSpec:
    """A bot from its command-line form.

    >>> parse_bot("random").label
    'Random'
    >>> spec = parse_bot("rule:-flush_queen,keep_queen_with=3")
    >>> spec.label, dict(spec.kwargs)["tips"].flush_queen, dict(spec.kwargs)["tips"].keep_queen_with
    ('rule:-flush_queen,keep_queen_with=3', False, 3)
    """
    raw = text_.strip()
    kind, sep, opts = raw.partition(":")
    if kind.lower() != "rule" or not sep:
        return bot_spec(raw)
    tips = Tips()
    for item in (o.strip() for o in opts.split(",")):
        if not item:
            continue
        if item == "none":
            tips = Tips.none()
        elif item == "all":
            tips = Tips()
        elif item[0] in "+-":
            name = item[1:]
            tips = tips.with_(name) if item[0] == "+" else tips.without(name)
        elif "=" in item:
            name, _, value = item.partition("=")
            if name in TIP_NAMES:
                raise SelfPlayError(f"tip {name} is switched with +{name} or -{name}, not '='", "bots")
            try:
                tips = Tips(**{**_fields(tips), name.strip(): int(value)})
            except ValueError as e:
                raise SelfPlayError(f"in {raw!r}: {e}", "bots") from None
            except TypeError:
                raise SelfPlayError(f"in {raw!r}: the rule bot has no setting {name!r}", "bots") from None
        else:
            raise SelfPlayError(f"in {raw!r}: write tips as +name or -name, settings as name=number", "bots")
    return bot_spec("rule", tips=tips, label=raw)


def _fields(tips: Any) -> dict[str, Any]:
    return {f.name: getattr(tips, f.name) for f in dataclasses.fields(tips)}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m hearts``."""
    bots_help = _bots_help()
    parser = argparse.ArgumentParser(
        prog="python -m hearts",
        description="Hearts self-play and strategy experiments (results are written as Parquet files), "
        "and the room server where people play from their browsers.",
        epilog=bots_help,
    )
    parser.add_argument("--version", action=_Version, help="print the version and the kernel in use, and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    _add_selfplay(sub, bots_help)
    _add_experiment(sub, bots_help)
    _add_tournament(sub, bots_help)
    room_run.add_parser(sub)
    site_build.add_parser(sub)
    _add_info(sub)
    return parser


class _Version(argparse.Action):
    """``--version``: one line, unwrapped, with the kernel in use (argparse's own action wraps it)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(_version_line("en"))
        parser.exit()


def _add_info(sub: Any) -> None:
    """The ``info`` command: the version, and which simulation path (native kernel or pure Python) is in use."""
    ip = sub.add_parser(
        "info",
        help="the version, and whether the fast native kernel is in use (and how to build it if not)",
        description="Print the version of hearts, the Python it runs on, and whether self-play, experiments and "
        "tournaments run on the native kernel (hearts/_kernel.c) or on the pure-Python path, and why.",
    )
    ip.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text (en, es)")


def _kernel_state() -> dict[str, str]:
    """Which path runs the simulation here, and why: ``state`` is native, chosen, missing or unusable.

    >>> _kernel_state()["state"] in ("native", "chosen", "missing", "unusable")
    True
    """
    import importlib
    import importlib.util

    from hearts import native

    if native.MODULE is not None:
        where = str(getattr(native.MODULE, "__file__", "?"))
        return {"state": "native" if native.USE else "chosen", "file": where}
    spec = importlib.util.find_spec("hearts._kernel")
    if spec is None or spec.origin is None:
        return {"state": "missing"}
    try:  # a file is there, but hearts.native left it unused: built from an older _kernel.c, or broken
        api = getattr(importlib.import_module("hearts._kernel"), "API", 0)
        why = f"it was built from an older hearts/_kernel.c (API {api}; this code needs {native.API})"
    except ImportError as e:
        why = str(e)
    return {"state": "unusable", "file": spec.origin, "why": why}


def _build_command() -> str:
    """The command that builds the native kernel for this installation."""
    import shlex

    import hearts

    root = Path(hearts.__file__).resolve().parent.parent
    if (root / "setup.py").is_file() and (root / "hearts" / "_kernel.c").is_file():  # a checkout (editable install)
        return f"pip install -e {shlex.quote(str(root))}"
    return "pip install --force-reinstall --no-deps SOURCE (the hearts-tutor folder or archive it was installed from)"


def _kernel_line(lang: str) -> str:
    state = _kernel_state()
    return text(f"cli.kernel.{state['state']}", lang, **{k: v for k, v in state.items() if k != "state"})


def _version_line(lang: str) -> str:
    import importlib.metadata
    import platform

    try:
        version = importlib.metadata.version("hearts-tutor")
    except importlib.metadata.PackageNotFoundError:
        version = "?"
    return text("cli.version", lang, version=version, python=platform.python_version(), kernel=_kernel_line(lang))


def _info(args: argparse.Namespace) -> int:
    import platform

    import hearts
    from hearts.parallel import available_cores, start_method

    lang = args.lang
    print(_version_line(lang))
    print(text("cli.info.python", lang, python=platform.python_version(), executable=sys.executable))
    print(text("cli.info.package", lang, path=str(Path(hearts.__file__).parent)))
    if _kernel_state()["state"] in ("missing", "unusable"):
        print(text("cli.kernel.faster", lang, command=_build_command()))
    print(text("cli.info.cores", lang, cores=available_cores(), method=start_method(None)))
    return 0


def _kernel_notice(args: argparse.Namespace) -> None:
    """On the pure-Python path for want of a built kernel: say so once, on stderr, with how to build it."""
    state = _kernel_state()["state"]
    if args.quiet or state not in ("missing", "unusable"):
        return
    lang = args.lang
    line = text("cli.kernel.notice", lang, kernel=_kernel_line(lang), faster=text(
        "cli.kernel.faster", lang, command=_build_command()))  # fmt: skip
    print(line, file=sys.stderr, flush=True)


def _bots_help() -> str:
    """How bots are named on the command line (the epilog of every command that takes bots)."""
    return (
        f"bot names: {', '.join(LEVELS | STYLES)} or module:Class; the rule bot takes tip switches, "
        "e.g. rule:-flush_queen (that tip off), rule:none,+stop_moon (only that tip), rule:keep_queen_with=3"
    )


def _add_selfplay(sub: Any, bots_help: str) -> None:
    """The ``selfplay`` command: play hands or games between bots and save the tables."""
    sp = sub.add_parser(
        "selfplay",
        help="play many hands or games between bots and save the data",
        description="Play hands or whole games between bots, seeded, and save three tables "
        "(hands, tricks, plays) as Parquet. The same --seed gives the same data whatever --workers is.",
        epilog=bots_help,
    )
    amount = sp.add_mutually_exclusive_group(required=True)
    amount.add_argument("--hands", type=_count(0), metavar="N", help="play N independent hands")
    amount.add_argument("--games", type=_count(0), metavar="N", help="play N whole games to the target score")
    sp.add_argument(
        "--bots",
        nargs="+",
        default=["rule"],
        metavar="BOT",
        help="one bot for every seat, or one per seat in the order South West North East (default: rule)",
    )
    sp.add_argument(
        "--pass",
        dest="pass_direction",
        choices=[d.value for d in PassDirection],
        help="fix the pass direction of every hand (default: left, right, across, none in turn); --hands only",
    )
    sp.add_argument(
        "--detail",
        choices=["hands", "tricks", "plays"],
        default="plays",
        help="tables to fill: plays (all three, default), tricks (hands and tricks) or hands (fastest, smallest)",
    )
    _common(sp)


def _add_experiment(sub: Any, bots_help: str) -> None:
    """The ``experiment`` command: A/B test two strategies, or one tip, on the same deals."""
    ex = sub.add_parser(
        "experiment",
        help="A/B test two strategies, or one strategy tip, on the same deals",
        description="Play strategy A and strategy B on the same deals, each in every seat against the same "
        "field, and report B's points per hand minus A's with a 95% interval "
        "(negative: B takes fewer points). With --unit games, play whole games instead and report the "
        "effect on the share of games won and on the final score. --tip runs the ready experiment of a "
        "rule-bot tip: the rule bot with the tip (B) against without it (A).",
        epilog=bots_help,
    )
    which = ex.add_mutually_exclusive_group()
    which.add_argument(
        "--tip", metavar="NAME",
        help="a strategy tip or habit (see --list-tips), or 'all' for all nine tips, reported with Holm's "
        "adjustment for testing them at once",
    )  # fmt: skip
    which.add_argument("--a", dest="a", metavar="BOT", help="strategy A (use with --b)")
    ex.add_argument("--b", dest="b", metavar="BOT", help="strategy B (use with --a)")
    ex.add_argument("--list-tips", action="store_true", help="list the tips and exit")
    ex.add_argument(
        "--unit",
        choices=["hands", "games"],
        default="hands",
        help="hands (default): independent duplicate deals, effect in points per hand; games: whole games to "
        "the target score on duplicate deal sequences, effect on the share of games won (a win shared by k "
        "players counts 1/k) and on the final score: the test for tips that act through the game score "
        "(queen_to_leader, shoot_moon, stop_moon)",
    )
    ex.add_argument(
        "--deals", type=_count(2), default=None, metavar="N", help="deals to play with --unit hands (default 1000)"
    )
    ex.add_argument(
        "--games", type=_count(2), default=None, metavar="N", help="whole games to play with --unit games (default 200)"
    )
    ex.add_argument(
        "--field",
        nargs="+",
        default=None,
        metavar="BOT",
        help="the other seats: one bot for all, or one per other seat starting left of the tested seat "
        "(default: rule; with --tip, the tip's own field: moon hunters for stop_moon)",
    )
    ex.add_argument(
        "--measure",
        choices=["score", "points"],
        default=None,
        help="score after a moon is counted (default) or penalty points taken; --unit hands only",
    )
    ex.add_argument("--plot", metavar="FILE", help="save a plot of the effect with its 95%% interval (PNG, SVG, PDF)")
    _common(ex)


def _add_tournament(sub: Any, bots_help: str) -> None:
    """The ``tournament`` command: rank 2 or more bots on the same deals."""
    tp = sub.add_parser(
        "tournament",
        help="rank 2 or more bots, each in every seat against every other, on the same deals",
        description="Play a tournament: every deal once for every seating of a schedule in which each bot sits in "
        "every seat and meets every other bot equally often, with the same seeds in each seat. Prints the ranking "
        "(score per hand with 95% intervals and the range of places the data allow) and every pairwise effect "
        "(Holm-adjusted for testing all pairs at once).",
        epilog=bots_help,
    )
    tp.add_argument("--bots", nargs="+", required=True, metavar="BOT", help="two bots or more, e.g. random rule expert")
    tp.add_argument("--deals", type=_count(2), default=200, metavar="N", help="duplicate deals to play (default 200)")
    tp.add_argument(
        "--seatings",
        choices=["rotations", "permutations"],
        default="rotations",
        help="rotations (default): each table in its rotations, every bot once per seat; permutations: every "
        "order of each table, also balancing who sits next to whom (more hands)",
    )
    tp.add_argument(
        "--measure", choices=["score", "points"], default=None,
        help="score after a moon is counted (default) or penalty points taken",
    )  # fmt: skip
    tp.add_argument("--plot", metavar="FILE", help="save the ranking with its 95%% intervals (PNG, SVG, PDF)")
    _common(tp)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=_count(0), default=0, help="seed for deals and bots (default 0)")
    p.add_argument(
        "--workers",
        type=_count(1),
        default=None,
        metavar="N",
        help="processes to use (default: every core); the result does not depend on it",
    )
    p.add_argument("--chunk-size", type=_count(1), default=None, metavar="N", help="hands or deals per task")
    _variant_options(p)
    p.add_argument(
        "--out",
        metavar="DIR",
        help="write the results as Parquet into this new folder (made before the run; filled only if it succeeds)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="replace an existing --out folder of earlier results (listed in its hearts-results.json), only once the "
        "new results are complete; a folder with any file hearts did not write there is refused, and left as it is",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the printed summary (en, es)")
    p.add_argument("--no-progress", action="store_true", help="do not show a progress bar")
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")


def _variant_options(p: argparse.ArgumentParser) -> None:
    """The options of :class:`~hearts.rules.Rules`, one flag each (default: the game of the reference page)."""
    v = p.add_argument_group("game variant (default: four players, 100 points, the reference rules)")
    v.add_argument("--players", type=int, choices=range(3, 11), default=None, metavar="N",
                   help="3 to 7 players (low cards are removed so the deal comes out even; default 4); "
                   "6 to 10 with --cancellation (default 8)")  # fmt: skip
    v.add_argument("--cancellation", action="store_true",
                   help="Cancellation Hearts: two packs for 6 to 10 players; identical cards in a trick "
                   "cancel")  # fmt: skip
    v.add_argument("--target-score", type=_count(1), default=None, metavar="N",
                   help="a game ends when someone reaches N (default 100); for whole games only")  # fmt: skip
    v.add_argument("--queen-breaks-hearts", action="store_true", help="playing Q♠ breaks hearts too")
    v.add_argument("--moon", choices=[m.value for m in MoonScoring], default=None,
                   help="moon scoring: add 26 to the others (default), subtract 26 from the shooter, or the "
                   "shooter's choice")  # fmt: skip
    v.add_argument("--no-passing", action="store_true", help="no cards are passed before the hands")
    v.add_argument("--jack-of-diamonds", action="store_true", help="taking J♦ is worth -10 points (Omnibus)")


class _Stopped(KeyboardInterrupt):
    """A stop signal (``SIGTERM``, ``SIGHUP``) turned into what Ctrl+C raises, so a run stops the same way."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_stopped(signum: int, frame: Any) -> None:
    raise _Stopped(signum)


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """While a command runs, ``SIGTERM`` and ``SIGHUP`` stop it as Ctrl+C does (only in the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    names = ("SIGTERM", "SIGHUP")
    before = {}
    for name in names:
        number_ = getattr(signal, name, None)
        if number_ is not None and signal.getsignal(number_) is signal.SIG_DFL:
            before[number_] = signal.signal(number_, _raise_stopped)
    try:
        yield
    finally:
        for number_, handler in before.items():
            signal.signal(number_, handler)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 on bad options).

    Ctrl+C (or ``SIGTERM``) stops a run with one line on stderr, the worker
    processes stopped and the ``--out`` folder as it was, and returns 130
    (143 for ``SIGTERM``), the status a shell gives a command a signal ended.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    sub = parser._subparsers._group_actions[0].choices[args.command]  # type: ignore[union-attr, index]
    args.results = None
    try:
        signals = _stop_signals() if args.command != "room" else contextlib.nullcontext()  # the server has its own
        with signals, contextlib.ExitStack() as stack:  # an --out folder made for a run that fails is taken away
            args.results_stack = stack
            return _run(args, sub)
    except KeyboardInterrupt as e:
        signum = e.signum if isinstance(e, _Stopped) else signal.SIGINT
        print(_stopped_line(args, signum), file=sys.stderr, flush=True)
        return 128 + signum


def _stopped_line(args: argparse.Namespace, signum: int) -> str:
    """The one line said when a run is stopped: by what, and what became of its ``--out`` folder."""
    lang = getattr(args, "lang", "en")
    how = "Ctrl+C" if signum == signal.SIGINT else signal.Signals(signum).name
    out: _Results | None = args.results
    if out is None:
        return text("cli.stopped", lang, how=how)
    if out.committed:
        return text("cli.stopped_saved", lang, how=how, path=str(out.path))
    if out.existed:
        return text("cli.stopped_kept", lang, how=how, path=str(out.path))
    return text("cli.stopped_not_saved", lang, how=how, path=str(out.path))


def _run(args: argparse.Namespace, sub: argparse.ArgumentParser) -> int:
    try:
        if args.command == "room":
            return room_run.main(args)
        if args.command == "info":
            return _info(args)
        if args.command == "site":
            return site_build.main(args)
        if args.command == "selfplay":
            return _selfplay(args)
        if args.command == "tournament":
            return _tournament(args)
        return _experiment(args, sub)
    except CommandLineError as e:
        sub.error(f"argument {e.option}: {e}")
    except SelfPlayError as e:
        option = _OPTION_NAMES.get(e.option, "--" + e.option.replace("_", "-"))
        sub.error(f"argument {option}: {e}")
    except ValueError as e:  # typed errors from tips and rules name their field
        field = getattr(e, "field", None) or getattr(e, "option", None)
        sub.error(f"argument {_OPTION_NAMES.get(field, '--' + str(field))}: {e}" if field else str(e))
    return 2  # pragma: no cover - sub.error exits


def _say(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        try:
            print(message, flush=True)
        except BrokenPipeError:  # the reader went away (| head): the run goes on, silent, and still saves
            _stdout_to_devnull()


def _stdout_to_devnull() -> None:
    """Send what is still printed to nowhere: the reader of standard output went away (a closed pipe)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def _rules(args: argparse.Namespace, *, games: bool) -> Rules:
    """The variant the flags ask for; a flag that would change nothing is refused, never ignored."""
    if args.target_score is not None and not games:
        where = {"selfplay": "--hands", "experiment": "--unit hands"}.get(args.command, "a tournament of hands")
        raise CommandLineError(
            "--target-score", f"the target score ends whole games; with {where} no game is played to it "
            "(use --games N, or --unit games)",
        )  # fmt: skip
    if args.no_passing and getattr(args, "pass_direction", None):
        raise CommandLineError("--pass", "--pass fixes a pass direction, but --no-passing says nobody passes")
    if args.moon and getattr(args, "measure", None) == "points":
        raise CommandLineError(
            "--moon", "--moon changes only the score; --measure points counts penalty points taken, so it "
            "would have no effect (measure the score, or leave --moon out)",
        )  # fmt: skip
    players = args.players
    if args.cancellation:
        players = 8 if players is None else players
        if players < 6:
            raise CommandLineError("--players", f"Cancellation Hearts seats 6 to 10 players, not {players}")
    elif players is None:
        players = 4
    elif players > 7:
        raise CommandLineError(
            "--players", f"one pack seats 3 to 7 players, not {players} (8 to 10 play Cancellation Hearts: "
            "add --cancellation)",
        )  # fmt: skip
    options: dict[str, Any] = {"num_players": players}
    if args.cancellation:
        options["decks"] = 2
    if args.target_score is not None:
        options["target_score"] = args.target_score
    if args.queen_breaks_hearts:
        options["qs_breaks_hearts"] = True
    if args.moon:
        options["moon"] = MoonScoring(args.moon)
    if args.no_passing:
        options["passing"] = False
    if args.jack_of_diamonds:
        options["jack_of_diamonds"] = True
    return Rules(**options)


def _bots(items: Sequence[str], option: str) -> list[BotSpec]:
    try:
        specs = [parse_bot(b) for b in items]
        for spec in specs:
            spec.resolve()  # a bot that cannot be imported is named with its own option, before anything runs
    except ValueError as e:
        raise CommandLineError(option, str(e)) from None
    return specs


def _table(data: Any, lang: str) -> str:
    """A summary table as text in the reader's language: headers, built-in bot names and decimal marks."""
    words = catalogue(lang)

    def header(name: Any) -> Any:
        return words.get(f"selfplay.cli.col.{name}", name)

    data = data.copy()
    if isinstance(data.index, pd.CategoricalIndex) or data.index.dtype == object or data.index.name == "bot":
        data.index = pd.Index([bot_name(str(x), lang) for x in data.index], name=header(data.index.name))
    if isinstance(data, pd.DataFrame):
        data.columns = [header(c) for c in data.columns]
    else:
        data.name = header(data.name)
    return str(data.to_string(float_format=lambda x: number(x, lang, 3)))


class _Results:
    """The ``--out`` folder of a run, whole or not at all (:func:`hearts.files.results_folder`).

    Made before the run, so a name that cannot be created (too long, in a
    folder that does not exist or cannot be written) is refused at once; an
    existing folder is refused unless it is empty or ``--force`` is given, and
    ``--force`` replaces only earlier results (:func:`hearts.files.check_replaceable`).
    The results are written into a temporary folder beside it, renamed into
    place by :meth:`commit` only once all of them are written; a run that
    fails (or is stopped) leaves an earlier folder exactly as it was.
    """

    def __init__(self, value: str, *, force: bool, stack: contextlib.ExitStack[Any]) -> None:
        self.path = Path(value)
        self.committed = False
        self.existed = os.path.lexists(self.path)  # False too for a name that cannot exist
        self._cm = files.results_folder(self.path, replace=force)
        try:
            self.folder = self._cm.__enter__()
        except files.ResultsFolderError as e:
            raise CommandLineError(
                "--out", f"--force replaces only a folder of earlier results: {value!r}: {e.message}"
            ) from None
        except FileExistsError:
            raise CommandLineError(
                "--out", f"{value!r} already exists; add --force to replace it once the new results are complete"
            ) from None
        except NotADirectoryError:
            message = f"{value!r} is a file; give a folder to write the Parquet files into"
            raise CommandLineError("--out", message) from None
        except OSError as e:
            raise CommandLineError("--out", f"cannot create the folder {value!r}: {e.strerror or e}") from None
        self._open = True
        stack.push(self._abort)

    def commit(self) -> Path:
        """Rename the finished results into place."""
        self._open = False
        try:
            self._cm.__exit__(None, None, None)
        except files.ResultsFolderError as e:  # says what was changed, if anything, and where every folder is
            raise CommandLineError("--out", f"cannot put the results in {str(self.path)!r}: {e.message}") from None
        except OSError as e:
            raise CommandLineError(
                "--out", f"cannot put the results in {str(self.path)!r}: {e.strerror or e}; nothing there was changed"
            ) from None
        self.committed = True
        return self.path

    def _abort(self, kind: Any, error: BaseException | None, tb: Any) -> bool:
        if self._open:  # the run failed (or stopped): the temporary folder goes, an earlier one stays
            self._open = False
            error = error or RuntimeError("the run stopped before its results were written")
            with contextlib.suppress(BaseException):
                self._cm.__exit__(type(error), error, error.__traceback__)
        return False


def _results(args: argparse.Namespace) -> _Results | None:
    if args.out is None:
        return None
    results = _Results(args.out, force=args.force, stack=args.results_stack)
    args.results = results  # for the line said if the run is stopped
    return results


def _check_plot(value: str | None) -> None:
    """Refuse a ``--plot`` file that cannot be written (format, folder) before anything runs."""
    if value is None:
        return
    from matplotlib.backend_bases import FigureCanvasBase

    plot = Path(value)
    if plot.is_dir():
        raise CommandLineError("--plot", f"{value!r} is a directory; give a file name such as effect.png")
    kinds = FigureCanvasBase.get_supported_filetypes()
    suffix = plot.suffix.lower().lstrip(".")
    if suffix and suffix not in kinds:
        raise CommandLineError("--plot", f"cannot save a plot as .{suffix}: use .png, .svg or .pdf")
    folder = plot.absolute().parent
    if not folder.is_dir():
        raise CommandLineError("--plot", f"the folder {str(folder)!r} does not exist")
    try:  # checked by doing it: a file made in that folder (and taken away again)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".hearts-plot-check-"):
            pass
    except OSError as e:
        raise CommandLineError("--plot", f"cannot write into {str(folder)!r}: {e.strerror or e}") from None


def _selfplay(args: argparse.Namespace) -> int:
    rules = _rules(args, games=args.games is not None)
    n = rules.num_players
    bots = _bots(args.bots, "--bots")
    if len(bots) == 1:
        bots = bots * n
    if len(bots) != n:
        raise CommandLineError("--bots", f"give one bot for every seat, or one per seat ({n} with --players {n})")
    if args.games is not None and args.pass_direction:
        raise CommandLineError("--pass", "a fixed pass direction is for --hands only")
    _kernel_notice(args)
    out = _results(args)
    start = time.perf_counter()
    common = dict(
        seed=args.seed,
        rules=rules,
        workers=args.workers,
        progress=not (args.no_progress or args.quiet),
        detail=args.detail,
        chunk_size=args.chunk_size,
        lang=args.lang,
    )
    if args.games is not None:
        result = play_games(bots, args.games, **common)
        count, unit = args.games, "games"
    else:
        result = play_hands(bots, args.hands, pass_direction=args.pass_direction, **common)
        count, unit = args.hands, "hands"
    seconds = time.perf_counter() - start
    lang = args.lang
    hands_played = len(result.hands) // n
    rate = f"{hands_played / max(seconds, 1e-9):.0f}"
    _say(
        args,
        text_n(
            f"selfplay.cli.done_{unit}",
            count,
            lang,
            count=count,
            hands=hands_played,
            seconds=number(seconds, lang, 1),
            rate=rate,
        ),
    )
    if hands_played:
        _say(args, text("selfplay.cli.table", lang))
        _say(args, _table(result.summary(), lang))
    if args.games:
        games = result.games
        wins = games.groupby("bot", observed=True)["win_share"].mean()
        _say(args, text("selfplay.cli.wins", lang))
        _say(args, _table(wins, lang))
    if out is not None:
        result.to_parquet(out.folder)
        _say(args, text("selfplay.cli.saved", lang, path=str(out.commit())))
    else:
        _say(args, text("selfplay.cli.not_saved", lang))
    return 0


def _experiment(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import warnings

    warnings.simplefilter("ignore", ExperimentWarning)  # the summary says it, in the reader's language

    lang = args.lang
    if args.list_tips:
        for name in TIP_NAMES + HABIT_NAMES:
            print(f"{name:24} {tip_title(name, lang)}")
        return 0
    if args.tip is None and (args.a is None or args.b is None):
        if args.a is not None or args.b is not None:
            raise CommandLineError("--a/--b", "give both --a and --b (two strategies to compare)")
        raise CommandLineError("--tip", "say what to compare: --tip NAME, --tip all, or --a BOT --b BOT")
    if args.tip is not None and args.b is not None:
        raise CommandLineError("--b", "--b goes with --a, not with --tip")
    if args.tip is not None and args.tip != "all" and args.tip not in TIP_NAMES + HABIT_NAMES:
        raise CommandLineError(
            "--tip", f"unknown tip {args.tip!r}; tips are: {', '.join(TIP_NAMES)}, or all; "
            f"habits: {', '.join(HABIT_NAMES)}",
        )  # fmt: skip
    games = args.unit == "games"
    if games and args.deals is not None:
        raise CommandLineError("--deals", "--deals is for --unit hands; whole games are counted with --games")
    if games and args.measure == "points":
        raise CommandLineError("--measure", "whole games are measured by the game score, not by penalty points")
    if not games and args.games is not None:
        raise CommandLineError("--games", "--games goes with --unit games (whole games); hands are --deals")
    _check_plot(args.plot)
    rules = _rules(args, games=games)
    field = _bots(args.field or ["rule"], "--field")
    if len(field) not in (1, rules.num_players - 1):
        others = rules.num_players - 1
        raise CommandLineError("--field", f"give one bot for all the other seats, or one per other seat ({others})")
    count: dict[str, Any] = {"unit": "games", "n_games": args.games} if games else {"n_deals": args.deals}
    options = dict(
        **count,
        field=None if args.field is None and args.tip is not None else field[0] if len(field) == 1 else field,
        seed=args.seed,
        rules=rules,
        measure=args.measure or "score",
        workers=args.workers,
        progress=not (args.no_progress or args.quiet),
        chunk_size=args.chunk_size,
        lang=args.lang,
    )
    if args.tip is None:
        _bots([args.a, args.b], "--a/--b")  # both importable before the --out folder is made
    _kernel_notice(args)
    out = _results(args)
    start = time.perf_counter()
    if args.tip is None:
        a, b = _bots([args.a], "--a")[0], _bots([args.b], "--b")[0]
        if a.label == b.label:
            b = BotSpec(b.target, b.kwargs, b.label + " (B)")
        results: list[ExperimentResult | GameExperimentResult] = [compare(a, b, **options)]
    else:
        tips = TIP_NAMES if args.tip == "all" else (args.tip,)
        if not args.quiet:  # as tip_experiments: how long the run will take, before it starts
            announce_time(tips, args.unit, options, lang)
        results = []
        for i, t in enumerate(tips, 1):
            results.append(tip_experiment(t, **options))
            if len(tips) > 1:  # several tips: one line each as soon as it is known, no verdict before Holm's
                done = results[-1]
                effect = done.per_hand_effect if isinstance(done, GameExperimentResult) else done.effect
                _say(args, text("experiment.family.running", lang, tip=tip_title(t, lang), i=i, n=len(tips),
                                effect=number(effect, lang)))  # fmt: skip
                sys.stdout.flush()
        if len(tips) > 1:  # tested at once: every verdict, interval and line after Holm's adjustment
            family = TipFamily.tested_at_once(results)
            results = list(family.results)  # each tip's own files say it was one of a family
            _say(args, "\n" + family.summary(lang))
    seconds = time.perf_counter() - start
    if len(results) == 1:
        _say(args, results[0].summary(lang))
    if games:
        played = (args.games or 200) * len(results)
        _say(args, text_n("experiment.cli.games_time", played, lang, seconds=number(seconds, lang, 1), games=played))
    else:
        deals = (args.deals or 1000) * len(results)
        _say(args, text("experiment.cli.time", lang, seconds=number(seconds, lang, 1), deals=deals))
    if out is not None:
        for r in results:
            r.to_parquet(out.folder / r.meta["tip"] if len(results) > 1 else out.folder)
        if len(results) > 1:  # the family too, read back whole with TipFamily.from_parquet
            TipFamily(results).to_parquet(out.folder)
        _say(args, text("selfplay.cli.saved", lang, path=str(out.commit())))
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        ax = plot_effects(TipFamily(results) if len(results) > 1 else results, lang=lang)  # several: Holm's
        figure = ax[0].figure if games else ax.figure  # whole games: two panels
        try:
            kind = Path(args.plot).suffix.lower().lstrip(".") or "png"
            with files.replacing(args.plot, make_folder=False) as (tmp,):  # whole or not at all
                figure.savefig(tmp, dpi=120, format=kind)
        except (ValueError, OSError, RuntimeError) as e:
            raise CommandLineError("--plot", f"cannot save the plot to {args.plot!r}: {e}") from None
        _say(args, text("experiment.cli.plot_saved", lang, path=args.plot))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    import warnings

    warnings.simplefilter("ignore", TournamentWarning)  # the summary says it, in the reader's language
    _check_plot(args.plot)
    rules = _rules(args, games=False)
    bots = _bots(args.bots, "--bots")
    if len(bots) < 2:
        raise CommandLineError("--bots", "a tournament needs two bots or more")
    labels = [b.label for b in bots]
    if len(set(labels)) != len(labels):
        raise CommandLineError("--bots", f"each bot once, please: {' '.join(labels)} names one twice")
    _kernel_notice(args)
    out = _results(args)
    lang = args.lang
    start = time.perf_counter()
    result = tournament(
        bots, n_deals=args.deals, seatings=args.seatings, measure=args.measure or "score", seed=args.seed,
        rules=rules, workers=args.workers, progress=not (args.no_progress or args.quiet), chunk_size=args.chunk_size,
        lang=lang,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    _say(args, result.summary(lang))
    hands = result.n_deals * len(result.seatings)
    _say(args, text("tournament.cli.time", lang, hands=hands, seconds=number(seconds, lang, 1)))
    if out is not None:
        result.to_parquet(out.folder)
        _say(args, text("selfplay.cli.saved", lang, path=str(out.commit())))
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        ax = result.plot(lang=lang)
        try:
            kind = Path(args.plot).suffix.lower().lstrip(".") or "png"
            with files.replacing(args.plot, make_folder=False) as (tmp,):  # whole or not at all
                ax.figure.savefig(tmp, dpi=120, format=kind)
        except (ValueError, OSError, RuntimeError) as e:
            raise CommandLineError("--plot", f"cannot save the plot to {args.plot!r}: {e}") from None
        _say(args, text("experiment.cli.plot_saved", lang, path=args.plot))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
