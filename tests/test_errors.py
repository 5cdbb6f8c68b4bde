"""The error family: one base for bad options, and every error of the project rebuilt whole after pickling."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
from pathlib import Path

import pytest

import hearts
import hearts_widgets
from hearts.bots.registry import bot_spec
from hearts.errors import HeartsError, IllegalMoveError, OptionError, Rule
from hearts.selfplay import play_hands

# One instance of every exception class the project defines (a new class must be added here).
EXAMPLES = {
    "CommandLineError": lambda cls: cls("--workers", "expected a whole number, not 'x'"),
    "OpenSpielError": lambda cls: cls("OpenSpiel refused action 7"),
    "BotError": lambda cls: cls("Lowest chose ['Q♠'], not one legal card"),
    "ExpertError": lambda cls: cls("worlds must be a whole number 1 or more, not 0", "worlds"),
    "TipError": lambda cls: cls("unknown tip 'x'", "x"),
    "HeartsError": lambda cls: cls("something the package refused"),
    "OptionError": lambda cls: cls("level must be one of random, rule", "level"),
    "CardParseError": lambda cls: cls("cannot read 'ZZ' as a card", "ZZ"),
    "DealError": lambda cls: cls("seat 2: a hand is a list of cards"),
    "RulesError": lambda cls: cls("these rules never pass left", "pass_direction"),
    "SelfPlayError": lambda cls: cls("seed must be a whole number 0 or more, not -1", "seed"),
    "ParquetReadError": lambda cls: cls(Path("run/plays.parquet"), "file too small"),
    "RecordError": lambda cls: cls("expected a list", "hands[0].plays"),
    "IllegalMoveError": lambda cls: cls(Rule.MUST_FOLLOW_SUIT, suit="♣", card="Q♠"),
    "ReviewError": lambda cls: cls("hand must be a finished hand", "hand"),
    "OwnGamesError": lambda cls: cls("window must be a whole number 1 or more, not 0", "window"),
    "TutorError": lambda cls: cls("exercise must be one of 02, 03, not '99'", "exercise"),
    "SiteError": lambda cls: cls("--lang must name en or es, not 'fr'", "--lang"),
    "_TimeUp": lambda cls: cls(),  # hearts.tutor.checking: a learner's answer out of time (a BaseException)
    "UnsupportedClaim": lambda cls: cls("the data do not support this sentence"),
    "DisplayError": lambda cls: cls("width must be a positive number", "width"),
    "ExperimentError": lambda cls: cls("n_deals must be 2 or more", "n_deals"),
    "TournamentError": lambda cls: cls("a tournament needs 2 bots or more, not 1", "bots"),
    "ExperimentWarning": lambda cls: cls("A and B played all 8 paired hands exactly alike"),
    "TournamentWarning": lambda cls: cls("one and two scored the same on every deal played (3)"),
    "PolicyError": lambda cls: cls("weights have the wrong shape"),
    "EnvError": lambda cls: cls("illegal must be one of raise, penalty", "illegal"),
    "EncodingError": lambda cls: cls("a vector of 10 numbers is not an observation"),
    "ParallelError": lambda cls: cls("workers must be a whole number 1 or more", "workers"),
    "WorkerError": lambda cls: cls("a worker process died", "workers"),
    "FileContentError": lambda cls: cls("not_utf8", "not UTF-8 text at byte 0", "saved.json", position=0),
    "ResultsFolderError": lambda cls: cls("foreign", "holds notes.txt", "run", files=["notes.txt"], kept="run.new"),
    "_Stopped": lambda cls: cls(15),  # the CLI's SIGTERM, raised as Ctrl+C is
    "RoomError": lambda cls: cls("seat_taken", "seat", seat=2),
    "StoreError": lambda cls: cls("ui.store.setting_choice", "settings.json", "table_colour", **_store_values()),
}


def _store_values() -> dict[str, object]:
    from hearts_widgets.store import _choices, setting_name, shown

    return {
        "setting": setting_name("table_colour"),
        "value": shown("pink"),
        "choices": _choices("ui.colour.", ("green",)),
    }


def _project_errors() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for package in (hearts, hearts_widgets):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.endswith("__main__"):
                continue
            module = importlib.import_module(info.name)
            for obj in vars(module).values():
                if isinstance(obj, type) and issubclass(obj, BaseException) and obj.__module__ == info.name:
                    found[obj.__qualname__] = obj
    return list(found.values())


def test_every_error_of_the_project_survives_pickling_whole() -> None:
    classes = _project_errors()
    assert {c.__qualname__ for c in classes} == set(EXAMPLES)
    for cls in classes:
        err = EXAMPLES[cls.__qualname__](cls)
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is cls and str(back) == str(err) and back.args == err.args
        assert vars(back).keys() == vars(err).keys()
        if isinstance(err, OptionError):
            assert back.option == err.option
        if hasattr(err, "explain"):
            assert back.explain("es") == err.explain("es")


def test_bad_options_share_one_base_and_one_attribute() -> None:
    option_errors = [c for c in _project_errors() if issubclass(c, OptionError)]
    names = {c.__qualname__ for c in option_errors}
    assert {"RulesError", "SelfPlayError", "ExperimentError", "ExpertError", "TipError", "ReviewError"} <= names
    assert {"DisplayError", "ParallelError", "EnvError"} <= names
    for cls in option_errors:
        assert issubclass(cls, HeartsError) and issubclass(cls, ValueError)
        assert EXAMPLES[cls.__qualname__](cls).option
    # the older attribute names stay readable
    from hearts.bots.expert import ExpertError
    from hearts.bots.tips import TipError
    from hearts.review import ReviewError

    assert ExpertError("x", "worlds").parameter == "worlds"
    assert ReviewError("x", "hand").parameter == "hand"
    assert TipError("x", "moon").field == "moon"
    assert (
        pickle.loads(pickle.dumps(IllegalMoveError(Rule.HEARTS_NOT_BROKEN, card="2♥"))).rule is Rule.HEARTS_NOT_BROKEN
    )


def test_a_bot_error_in_a_worker_reads_as_in_this_process() -> None:
    """A bad expert budget says the same with two worker processes as with one (it used to break the pool)."""
    reports = []
    for workers in (1, 2):
        with pytest.raises(HeartsError) as info:
            play_hands(bot_spec("expert", worlds=0), 4, workers=workers, progress=False)
        reports.append((type(info.value).__name__, str(info.value), getattr(info.value, "option", None)))
    assert reports[0] == reports[1]
    assert reports[0] == ("ExpertError", "worlds must be a whole number 1 or more, not 0", "worlds")
