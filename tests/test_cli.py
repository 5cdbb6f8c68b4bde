"""The command line: it runs, writes Parquet, explains every option, and names bad ones."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest

from hearts.cli import build_parser, main, parse_bot
from hearts.experiment import ExperimentResult, GameExperimentResult
from hearts.selfplay import SelfPlayError, SelfPlayResult

QUIET = ["--no-progress", "--workers", "1"]


def run_error(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


def test_selfplay_writes_parquet_and_prints_a_summary(tmp_path, capsys) -> None:
    out = tmp_path / "run"
    assert (
        main(["selfplay", "--hands", "12", "--bots", "rule", "random", "random", "random", "--out", str(out), *QUIET])
        == 0
    )
    printed = capsys.readouterr().out
    assert "Played 12 hands" in printed and "Rule bot" in printed and str(out) in printed
    r = SelfPlayResult.from_parquet(out)
    assert len(r.hands) == 48 and len(r.plays) == 12 * 52
    assert r.meta["bots"] == ["Rule bot", "Random", "Random", "Random"]


def test_selfplay_games_in_spanish(capsys) -> None:
    assert main(["selfplay", "--games", "2", "--bots", "random", "--target-score", "30", "--lang", "es", *QUIET]) == 0
    printed = capsys.readouterr().out
    assert "Se jugaron 2 partidas" in printed and "partidas ganadas" in printed and "--out" in printed


def test_every_variant_from_the_command_line(tmp_path, capsys) -> None:
    out = tmp_path / "v"
    argv = ["selfplay", "--games", "1", "--players", "5", "--target-score", "40", "--queen-breaks-hearts",
            "--moon", "subtract", "--jack-of-diamonds", "--no-passing", "--out", str(out), *QUIET]  # fmt: skip
    assert main(argv) == 0
    r = SelfPlayResult.from_parquet(out)
    assert r.meta["rules"] == {"num_players": 5, "target_score": 40, "qs_breaks_hearts": True, "moon": "subtract",
                               "passing": False, "jack_of_diamonds": True}  # fmt: skip
    assert (r.hands["pass_direction"] == "none").all() and r.hands["seat"].nunique() == 5
    assert r.games.groupby("game")["total"].max().ge(40).all()
    capsys.readouterr()
    argv = ["experiment", "--tip", "void_short_suit", "--players", "3", "--deals", "4", "--lang", "es", *QUIET]
    assert main(argv) == 0
    assert "3 asientos" in capsys.readouterr().out


def test_spanish_output_has_spanish_headers_and_bot_names(capsys) -> None:
    assert main(["selfplay", "--games", "2", "--bots", "rule", "random", "rule", "random",
                 "--target-score", "30", "--lang", "es", *QUIET]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    for english in ("Rule bot", "Random", "points_per_hand", "hands ", "took_qs", "bot\n"):
        assert english not in printed, english
    assert "Bot de reglas" in printed and "Aleatorio" in printed and "puntos_por_mano" in printed


def test_selfplay_counts_one_game_and_one_hand_in_the_singular(capsys) -> None:
    assert main(["selfplay", "--games", "1", "--bots", "random", "--target-score", "30", *QUIET]) == 0
    assert "Played 1 game (" in capsys.readouterr().out
    assert main(["selfplay", "--hands", "1", "--bots", "random", "--lang", "es", *QUIET]) == 0
    assert "Se jugó 1 mano en" in capsys.readouterr().out


def test_experiment_for_a_tip_writes_data_and_a_plot(tmp_path, capsys) -> None:
    out, plot = tmp_path / "exp", tmp_path / "effect.png"
    argv = ["experiment", "--tip", "stop_moon", "--deals", "8", "--out", str(out), "--plot", str(plot), *QUIET]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "8 deals" in printed and "95% interval" in printed
    assert plot.stat().st_size > 1000
    assert ExperimentResult.from_parquet(out).meta["tip"] == "stop_moon"


def test_experiment_a_against_b(capsys) -> None:
    argv = ["experiment", "--a", "random", "--b", "rule", "--field", "random", "--deals", "10", "--lang", "es", *QUIET]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "Bot de reglas frente a Aleatorio" in printed
    assert "intervalo del 95 %" in printed
    # Spanish numbers have a decimal comma, the time too
    assert re.search(r"10 repartos en \d+,\d s\.", printed), printed
    assert not re.search(r"\d\.\d", printed), printed


def test_spanish_selfplay_writes_decimal_commas(capsys) -> None:
    assert main(["selfplay", "--hands", "8", "--bots", "rule", "random", "random", "random", "--lang", "es",
                 *QUIET]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert re.search(r"Se jugaron 8 manos en \d+,\d s", printed) and re.search(r"\d,\d{3}", printed), printed
    assert not re.search(r"\d\.\d", printed), printed
    assert main(["selfplay", "--hands", "8", *QUIET]) == 0
    assert re.search(r"Played 8 hands in \d+\.\d s", capsys.readouterr().out)


def _no_run(monkeypatch) -> None:
    """Make any self-play or experiment run fail the test: options must be refused before running."""

    def ran(*args, **kwargs):
        raise AssertionError("the run started before the options were checked")

    import hearts.experiment
    import hearts.selfplay

    for module, name in ((hearts.selfplay, "play_hands"), (hearts.selfplay, "play_games"),
                         (hearts.experiment, "compare"), (hearts.experiment, "tip_experiment")):  # fmt: skip
        monkeypatch.setattr(module, name, ran)


def test_out_and_plot_are_checked_before_running(tmp_path, capsys, monkeypatch) -> None:
    _no_run(monkeypatch)
    a_file = tmp_path / "taken"
    a_file.write_text("not a directory")
    cases = [
        (["selfplay", "--hands", "5", "--out", str(a_file)], "--out", "is a file"),
        (["selfplay", "--hands", "5", "--out", str(a_file / "run")], "--out", "is a file"),
        (["experiment", "--tip", "stop_moon", "--out", str(a_file)], "--out", "is a file"),
        (["experiment", "--tip", "stop_moon", "--plot", str(tmp_path / "missing" / "x.png")], "--plot", "does not"),
        (["experiment", "--tip", "stop_moon", "--plot", str(tmp_path / "x.docx")], "--plot", ".docx"),
        (["experiment", "--tip", "stop_moon", "--plot", str(tmp_path)], "--plot", "is a directory"),
        (["experiment", "--tip", "stop_moon", "--unit", "games", "--plot", str(tmp_path / "no" / "g.svg")],
         "--plot", "does not"),
    ]  # fmt: skip
    for argv, option, says in cases:
        err = run_error([*argv, *QUIET], capsys)
        assert f"argument {option}:" in err and says in err, err
        assert "Traceback" not in err


def test_experiment_in_whole_games(tmp_path, capsys) -> None:
    out, plot = tmp_path / "games", tmp_path / "games.png"
    argv = ["experiment", "--tip", "queen_to_leader", "--unit", "games", "--games", "4", "--target-score", "30",
            "--out", str(out), "--plot", str(plot), *QUIET]  # fmt: skip
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "4 whole games (target score 30)" in printed and "Share of games won" in printed
    assert "final score" in printed and "4 whole games, each played in every seat by both" in printed
    assert plot.stat().st_size > 1000
    back = GameExperimentResult.from_parquet(out)
    assert back.n_games == 4 and back.meta["tip"] == "queen_to_leader"
    argv = ["experiment", "--a", "random", "--b", "rule", "--field", "random", "--unit", "games", "--games", "3",
            "--target-score", "30", "--lang", "es", *QUIET]  # fmt: skip
    assert main(argv) == 0
    assert "3 partidas completas" in capsys.readouterr().out


def test_list_tips(capsys) -> None:
    assert main(["experiment", "--list-tips"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 11 and lines[-2].startswith("hold_queen_for_leader")  # nine tips, then the two habits


def test_tip_all_reports_holm_adjusted_verdicts(capsys) -> None:
    assert main(["experiment", "--tip", "all", "--deals", "3", "--lang", "es", *QUIET]) == 0
    printed = capsys.readouterr().out
    assert "9 consejos probados a la vez" in printed and "Holm" in printed and "p_ajustada_holm" in printed


def test_rule_bot_switches_on_the_command_line() -> None:
    spec = parse_bot("rule:none,+stop_moon,stop_moon_hearts=3")
    tips = dict(spec.kwargs)["tips"]
    assert tips.enabled == ("stop_moon",) and tips.stop_moon_hearts == 3
    for bad in ("rule:-nope", "rule:stop_moon=1", "rule:keep_queen_with=x", "rule:frobnicate=2", "rule:flush"):
        with pytest.raises(ValueError):
            parse_bot(bad)


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["selfplay"], "--hands"),
        (["selfplay", "--hands", "-1"], "--hands"),
        (["selfplay", "--hands", "ten"], "--hands"),
        (["selfplay", "--hands", "3", "--games", "2"], "--games"),
        (["selfplay", "--hands", "3", "--bots", "chess"], "--bots"),
        (["selfplay", "--hands", "3", "--bots", "rule", "rule"], "--bots"),
        (["selfplay", "--hands", "3", "--bots", "rule:-nope"], "--bots"),
        (["selfplay", "--hands", "3", "--workers", "0"], "--workers"),
        (["selfplay", "--hands", "3", "--detail", "all"], "--detail"),
        (["selfplay", "--hands", "3", "--target-score", "50"], "--target-score"),
        (["selfplay", "--games", "3", "--pass", "left"], "--pass"),
        (["selfplay", "--hands", "3", "--pass", "up"], "--pass"),
        (["selfplay", "--hands", "3", "--lang", "fr"], "--lang"),
        (["experiment"], "--tip"),
        (["experiment", "--tip", "pass_everything"], "--tip"),
        (["experiment", "--a", "random"], "--a/--b"),
        (["experiment", "--tip", "stop_moon", "--b", "random"], "--b"),
        (["experiment", "--tip", "stop_moon", "--a", "random"], "--a"),
        (["experiment", "--tip", "stop_moon", "--deals", "1"], "--deals"),
        (["experiment", "--tip", "stop_moon", "--field", "random", "random"], "--field"),
        (["experiment", "--tip", "stop_moon", "--field", "chess"], "--field"),
        (["experiment", "--a", "random", "--b", "chess"], "--b"),
        (["experiment", "--tip", "stop_moon", "--measure", "fun"], "--measure"),
        (["experiment", "--tip", "stop_moon", "--unit", "rounds"], "--unit"),
        (["experiment", "--tip", "stop_moon", "--unit", "games", "--deals", "5"], "--deals"),
        (["experiment", "--tip", "stop_moon", "--games", "5"], "--games"),
        (["experiment", "--tip", "stop_moon", "--unit", "hands", "--games", "5"], "--games"),
        (["experiment", "--tip", "stop_moon", "--unit", "games", "--games", "1"], "--games"),
        (["experiment", "--tip", "stop_moon", "--unit", "games", "--measure", "points"], "--measure"),
        (["experiment", "--tip", "stop_moon", "--target-score", "50"], "--target-score"),
        (["selfplay", "--hands", "3", "--players", "8"], "--players"),
        (["selfplay", "--hands", "3", "--players", "5", "--bots", "rule", "rule", "rule", "rule"], "--bots"),
        (["selfplay", "--hands", "3", "--no-passing", "--pass", "left"], "--pass"),
        (["selfplay", "--hands", "3", "--players", "3", "--pass", "across"], "--pass"),
        (["selfplay", "--hands", "3", "--moon", "double"], "--moon"),
        (["experiment", "--tip", "stop_moon", "--moon", "subtract", "--measure", "points"], "--moon"),
        (["experiment", "--tip", "stop_moon", "--players", "3", "--field", "rule", "rule", "rule"], "--field"),
        (["frobnicate"], "COMMAND"),
    ],
)
def test_bad_options_exit_2_naming_the_option(argv, option, capsys) -> None:
    err = run_error(argv, capsys)
    assert "error:" in err and option in err, err


def test_every_option_is_explained() -> None:
    parser = build_parser()
    subs = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(subs) == {"selfplay", "experiment", "room", "tournament", "info", "site"}
    for name, sub in subs.items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help and len(action.help) > 10, (name, action.dest)
        text = sub.format_help()
        for action in sub._actions:
            for flag in action.option_strings:
                assert flag in text


def test_python_dash_m_hearts_help() -> None:
    done = subprocess.run([sys.executable, "-m", "hearts", "selfplay", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "--hands" in done.stdout and "--workers" in done.stdout


def test_experiment_help_explains_whole_games(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["experiment", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())
    assert "--unit {hands,games}" in helptext and "whole games" in helptext and "counts 1/k" in helptext
    assert "--games N" in helptext and "queen_to_leader" in helptext
    assert "95%%" not in helptext and "minus A's with a 95% interval" in helptext


def test_errors_from_the_library_carry_their_option() -> None:
    with pytest.raises(SelfPlayError) as err:
        parse_bot("rule:keep_queen_with=99")
    assert err.value.option == "bots"


# ----- results written whole or not at all (issue 11, findings 5 and 11) -------------------------------------

FAILING_BOT = """
from hearts.bots.random_bot import RandomBot

class Failing(RandomBot):
    plays = 0

    def decide_play(self, obs):
        Failing.plays += 1
        if Failing.plays > 30:
            raise RuntimeError("this bot gives up half way")
        return super().decide_play(obs)
"""


def test_a_failed_run_leaves_earlier_results_as_they_were(tmp_path, capsys, monkeypatch) -> None:
    out = tmp_path / "run"
    main(["selfplay", "--hands", "4", "--bots", "random", "--out", str(out), "--quiet", *QUIET])
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (tmp_path / "failing_bot.py").write_text(FAILING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises((SystemExit, Exception)):
        main(["selfplay", "--hands", "8", "--bots", "failing_bot:Failing", "--out", str(out), "--force", *QUIET])
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # untouched, and it still loads
    SelfPlayResult.from_parquet(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["failing_bot.py", "run"]  # no temporary left
    fresh = tmp_path / "fresh"
    with pytest.raises((SystemExit, Exception)):
        main(["selfplay", "--hands", "8", "--bots", "failing_bot:Failing", "--out", str(fresh), *QUIET])
    assert not fresh.exists()  # the folder made for the run is taken away again


def test_results_are_not_replaced_without_force(tmp_path, capsys) -> None:
    out = tmp_path / "run"
    main(["selfplay", "--hands", "4", "--bots", "random", "--out", str(out), "--quiet", *QUIET])
    first = (out / "hands.parquet").read_bytes()
    err = run_error(["selfplay", "--hands", "4", "--seed", "1", "--bots", "random", "--out", str(out), *QUIET], capsys)
    assert "argument --out:" in err and "--force" in err and (out / "hands.parquet").read_bytes() == first
    main(["selfplay", "--hands", "4", "--seed", "1", "--bots", "random", "--out", str(out), "--force", "--quiet",
          *QUIET])  # fmt: skip
    assert (out / "hands.parquet").read_bytes() != first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run"]


def test_an_out_that_cannot_be_created_is_refused_before_the_run(tmp_path, capsys, monkeypatch) -> None:
    _no_run(monkeypatch)
    for out, says in ((str(tmp_path / ("x" * 300)), "too long"), ("/proc/x/y", "No such file")):
        for argv in (["selfplay", "--hands", "5"], ["experiment", "--tip", "stop_moon"]):
            err = run_error([*argv, "--out", out, *QUIET], capsys)
            assert "argument --out:" in err and says in err, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["selfplay", "--hands", "2", "--bots", ".relative:X"], "--bots"),
        (["selfplay", "--hands", "2", "--bots", "..:X"], "--bots"),
        (["experiment", "--a", "rule", "--b", ".relative:X"], "--a/--b"),
        (["experiment", "--tip", "stop_moon", "--field", "..:X"], "--field"),
        (["experiment", "--a", "rule", "--b", "hearts.bots:Nope"], "--a/--b"),
    ],
)
def test_bots_that_cannot_be_imported_name_their_option(argv, option, capsys, monkeypatch) -> None:
    _no_run(monkeypatch)
    err = run_error([*argv, *QUIET], capsys)
    assert f"argument {option}:" in err and "cannot import bot" in err and "Traceback" not in err
