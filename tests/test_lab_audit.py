"""Audit of the lab after issue 33 (data side): what a user still found contradictory or left unsaid."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from hearts.cli import main
from hearts.experiment import ExperimentError, ExperimentResult, TipFamily, tip_experiments


def result(tip: str, changed: list[int], field: str = "Rule bot") -> ExperimentResult:
    """A tip's result on ``len(changed)`` deals, ``changed[i]`` of deal i's four paired hands changed."""
    d = np.linspace(-1.0, 1.0, len(changed)) - 0.1
    deals = pd.DataFrame({"a_points": 5.0 - d / 2, "b_points": 5.0 + d / 2, "diff": d,
                          "changed": np.asarray(changed, np.int16)})  # fmt: skip
    meta = {"num_players": 4, "field": field, "tip": tip, "b_is_field": True, "default_field": True}
    return ExperimentResult(f"without {tip}", f"with {tip}", deals, meta)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_tips_changed_share_reads_the_same_in_its_sentence_and_in_the_table(lang: str) -> None:
    # 53 of 400 paired hands: 0.1325, which the table shows as 0.133; 13.25 rounded half to even said 13.2%.
    # 1 of 4,000: the table shows 0.0003; the sentence said 0.0% (nothing changed), hiding that one hand did.
    fam = TipFamily([result("dump_high_first_trick", [1] * 53 + [0] * 47),
                     result("watch_voids", [1] + [0] * 999)])  # fmt: skip
    summary = fam.summary(lang)
    sep = "," if lang == "es" else "."
    rows = {line.split()[0]: line.split() for line in summary.splitlines() if line.startswith(("dump", "watch"))}
    assert rows["dump_high_first_trick"][-1] == f"0{sep}133" and rows["watch_voids"][-1] == f"0{sep}0003"
    said = [re.findall(r"(\d+[.,]\d+) ?%", line)[-1] for line in fam.lines(lang)]
    assert said == [f"13{sep}3", f"0{sep}03"]
    for r, share in zip(fam, said):  # the tip's own summary says the same
        assert f"{share}% of the paired hands" in r.summary() if lang == "en" else share in r.summary(lang)


def test_the_command_line_says_how_long_a_tip_run_will_take_before_it_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["experiment", "--tip", "flush_queen", "--field", "expert", "--deals", "2", "--seed", "3", "--workers", "1"]
    assert main([*argv, "--lang", "es"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Unos ") and "ms por mano" in out[0] and "manos por jugar: 16;" in out[0]
    assert out[1].startswith("El consejo «salir de picas para forzar la Q♠»")  # then the run and its summary
    assert main([*argv, "--quiet"]) == 0 and capsys.readouterr().out == ""
    assert main(["experiment", "--tip", "all", "--unit", "games", "--games", "2", "--workers", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]  # nine tips of whole games: the games' hands are counted
    assert first.startswith("About ") and "hands to play: " in first


def test_tip_experiments_says_the_time_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    fam = tip_experiments(["flush_queen"], n_deals=2, seed=3, workers=1, lang="es")
    assert capsys.readouterr().out.startswith("Unos ") and len(fam) == 1
    with pytest.raises(ExperimentError) as err:
        tip_experiments(["flush_queen"], n_deals=2, lang="fr")
    assert err.value.option == "lang" and capsys.readouterr().out == ""


def test_a_family_names_each_tips_field_in_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    fam = TipFamily([result("flush_queen", [1] * 10), result("stop_moon", [1] * 10, field="Moon hunter"),
                     result("watch_voids", [1] * 10)])  # fmt: skip
    en, es = fam.summary().splitlines(), fam.summary("es").splitlines()
    assert en[1] == ("Other seats, each tip's own field: Moon hunter for “stop a moon shot by taking a heart”; "
                     "Rule bot for the other 2 tips.")  # fmt: skip
    assert es[1] == ("Resto de la mesa, el de cada consejo: Cazador de lunas para «cortar la luna de un rival "
                     "llevándote un corazón»; Bot de reglas para los otros 2 consejos.")  # fmt: skip
    one = TipFamily([result("flush_queen", [1] * 10, field="Expert, Rule bot, Moon hunter")])
    assert one.summary("es").splitlines()[1] == (
        "Resto de la mesa en todos los experimentos: Experto, Bot de reglas, Cazador de lunas.")
    assert main(["experiment", "--tip", "all", "--deals", "2", "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out  # the command line's family: its nine tips at their own fields
    assert "Other seats, each tip's own field: Moon hunter for “stop a moon shot by taking a heart”; Rule bot for " \
        "the other 8 tips." in out


FAKE_UV = """#!/usr/bin/env bash
echo "VIRTUAL_ENV=${VIRTUAL_ENV:-} $*" >> "$UV_LOG"
if [ "$1" = venv ]; then  # uv venv [-q] [--python P] PATH: the last argument
  target="${@: -1}"; mkdir -p "$target/bin"; printf '#!/bin/sh\\nexit 0\\n' > "$target/bin/python"
  chmod +x "$target/bin/python"
fi
"""


@pytest.mark.parametrize("where", ["absolute", "relative"])
def test_test_floor_installs_the_floors_into_its_own_environment_only(tmp_path, where: str) -> None:
    # FLOOR_VENV=/abs/path made the install target "$PWD//abs/path", which uv could not use: it fell back to the
    # clone's .venv and pinned the developer's own environment to numpy 1.26, pandas 2.1, pyarrow 15.
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    clone = tmp_path / "clone"
    (clone / "scripts").mkdir(parents=True)
    shutil.copy(root / "scripts" / "test-floor", clone / "scripts" / "test-floor")
    shutil.copy(root / "pyproject.toml", clone / "pyproject.toml")
    (clone / ".venv" / "bin").mkdir(parents=True)
    uv = clone / ".venv" / "bin" / "uv"
    uv.write_text(FAKE_UV, encoding="utf-8")
    uv.chmod(0o755)
    floor = tmp_path / "floor" if where == "absolute" else clone / "floors" / "env"
    given = str(floor) if where == "absolute" else "floors/env"
    log = tmp_path / "uv.log"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "FLOOR_VENV": given, "UV_LOG": str(log)}
    done = subprocess.run(["bash", str(clone / "scripts" / "test-floor")], env=env, capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    install = next(line for line in log.read_text(encoding="utf-8").splitlines() if " pip install " in line)
    assert f"--python {floor}/bin/python " in install and "pandas==2.1.*" in install


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_whole_game_familys_plot_title_says_its_count_of_games_once(lang: str) -> None:
    import matplotlib

    from hearts.experiment import tip_experiment

    matplotlib.use("Agg")
    two = [tip_experiment(t, unit="games", n_games=2, seed=3, workers=1, progress=False)
           for t in ("queen_to_leader", "flush_queen")]  # fmt: skip
    title = TipFamily(two).plot(lang=lang)[0].figure.get_suptitle()
    per_tip = "2 per tip" if lang == "en" else "2 por consejo"
    assert per_tip in title and "2 to 2" not in title and "de 2 a 2" not in title
    three = tip_experiment("watch_voids", unit="games", n_games=3, seed=3, workers=1, progress=False)
    title = TipFamily([*two, three]).plot(lang=lang)[0].figure.get_suptitle()
    assert ("2 to 3 per tip" if lang == "en" else "de 2 a 3 por consejo") in title


def test_the_time_estimate_weighs_each_field_by_the_tips_that_play_at_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three tips among rule bots and stop_moon among moon hunters: three quarters of the hands cost the rule
    # bots' time. Averaging the two fields equally made the moon hunters' cost count as much as the rule bots'.
    from hearts import tip_fields

    def per_hand(specs, rules, seed, budget):  # 1 ms a hand among rule bots, 10 ms among moon hunters
        moon = any("moon" in repr(s).lower() for s in specs)
        return (0.010 if moon else 0.001), 4

    monkeypatch.setattr(tip_fields, "_per_hand", per_hand)
    est = tip_fields.estimate_time(["flush_queen", "watch_voids", "void_short_suit", "stop_moon"], n_deals=10,
                                   workers=1)  # fmt: skip
    assert est.per_hand == pytest.approx((3 * 0.001 + 0.010) / 4) and est.hands == 4 * 10 * 2 * 4
    assert est.measured == 8


def test_a_tip_of_a_family_says_its_own_verdict_is_not_holms(tmp_path) -> None:
    # Tested alone, pass_queen_when_short "saves points" at 95%; among 3 tips Holm's adjustment may say unclear.
    # Its own summary (fam[0].summary(), or the tip's folder the command line writes) gave that verdict bare.
    alone = [result("pass_queen_when_short", [1] * 40), result("flush_queen", [1] * 40),
             result("watch_voids", [1] * 40)]  # fmt: skip
    fam = TipFamily.tested_at_once(alone)
    for lang, words in (("en", "not adjusted for the 3 tips tested at once"), ("es", "sin ajustar por los 3 consejos")):
        assert all(words in r.summary(lang) and words in r.takeaway(lang) for r in fam)
        assert not any(words in r.summary(lang) for r in alone)  # the results given are left as they were
    assert "not adjusted" not in TipFamily.tested_at_once(alone[:1])[0].summary()  # one tip: nothing to adjust
    assert main(["experiment", "--tip", "all", "--deals", "2", "--workers", "1", "--quiet",
                 "--out", str(tmp_path / "cli")]) == 0  # fmt: skip
    one = ExperimentResult.from_parquet(tmp_path / "cli" / "flush_queen")
    assert "not adjusted for the 9 tips tested at once" in one.summary()
    back = TipFamily.from_parquet(tmp_path / "cli")
    assert all("not adjusted for the 9 tips tested at once" in r.summary() for r in back if not r.identical)
