"""The progress bars of self-play, experiments and tournaments speak the run's language (``lang``, the command
line's ``--lang``): with ``--lang es`` the bar counts "manos" and "repartos", not "hands" and "deals"."""

from __future__ import annotations

import pytest

from hearts.cli import main
from hearts.errors import SelfPlayError
from hearts.selfplay import play_hands


def test_the_command_lines_progress_bars_are_in_the_runs_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--hands", "2", "--bots", "random", "--workers", "1", "--lang", "es"]) == 0
    bar = capsys.readouterr().err
    assert "manos:" in bar and "mano/s" in bar and "hands" not in bar, bar
    assert main(["experiment", "--a", "random", "--b", "rule", "--deals", "2", "--field", "random", "--workers", "1",
                 "--lang", "es"]) == 0  # fmt: skip
    bar = capsys.readouterr().err
    assert "repartos:" in bar and "deals" not in bar, bar
    assert main(["selfplay", "--hands", "2", "--bots", "random", "--workers", "1"]) == 0
    assert "hands:" in capsys.readouterr().err


def test_a_language_it_does_not_have_is_refused_naming_the_option() -> None:
    with pytest.raises(SelfPlayError, match="language must be one of en, es, not 'fr'") as e:
        play_hands("random", 2, workers=1, lang="fr")
    assert e.value.option == "lang"
