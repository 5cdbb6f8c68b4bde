"""Two tables on one data folder lose nothing (issue 11, finding 3): the history and the settings are merged
under the folder's lock, and a game in progress belongs to one table at a time, in one process or in two."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from hearts import Phase
from hearts_widgets.store import HISTORY_FILE, SAVE_FILE, History, Settings
from hearts_widgets.table_model import TableModel

SOUTH = 0


BARRIER = """
    import time
    from pathlib import Path
    gate = Path({gate!r})
    (gate / "{tag}.ready").touch()
    while len(list(gate.glob("*.ready"))) < 2:  # both processes loaded: now they write at the same time
        time.sleep(0.005)
"""


def _run_together(*scripts: str, timeout: float = 120) -> list[str]:
    """Start every script in its own Python process; their outputs once all are done."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(s)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for s in scripts
    ]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=timeout)
        assert p.returncode == 0, err
        outs.append(out)
    return outs


def test_two_processes_adding_games_at_once_keep_every_game(tmp_path: Path) -> None:
    script = BARRIER + """
    from hearts_widgets.store import History
    folder = Path({folder!r})
    for i in range(15):
        h = History.load(folder)
        h.add(number=i, final=(10, 20, 30, 40), winners=(0,), game_id="{tag}-%d" % i)
        h.save()
    """
    gate = tmp_path / "gate"
    gate.mkdir()
    _run_together(*(script.format(folder=str(tmp_path), tag=tag, gate=str(gate)) for tag in ("a", "b")))
    ids = [g["id"] for g in History.load(tmp_path).games]
    assert sorted(ids) == sorted([f"a-{i}" for i in range(15)] + [f"b-{i}" for i in range(15)])


def test_two_processes_changing_different_settings_keep_both(tmp_path: Path) -> None:
    script = BARRIER + """
    from hearts_widgets.store import Settings
    folder = Path({folder!r})
    mine = Settings()
    for i in range(16):
        setattr(mine, {name!r}, {values!r}[i % 2])
        Settings.update(folder, [{name!r}], mine)
    """
    gate = tmp_path / "gate"
    gate.mkdir()
    _run_together(
        script.format(folder=str(tmp_path), name="four_colour", values=[False, True], tag="a", gate=str(gate)),
        script.format(folder=str(tmp_path), name="table_colour", values=["blue", "red"], tag="b", gate=str(gate)),
    )
    s = Settings.load(tmp_path)
    assert (s.four_colour, s.table_colour) == (True, "red")  # each process's last change, neither undone


def test_a_game_in_progress_belongs_to_one_process_at_a_time(tmp_path: Path) -> None:
    """A table in another process owns the save: a second table says so, takes it over when asked,
    and the first then saves nothing over it and offers to take it back."""
    first = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys
                from hearts_widgets.table_model import TableModel
                m = TableModel(number=12, level="random", data_dir={str(tmp_path)!r})
                for c in list(m.hand.hand_of(0))[:2]:
                    m.click_card(c.code)
                print("ready", flush=True)
                sys.stdin.readline()  # the other table takes the game over meanwhile
                m.click_card(list(m.hand.hand_of(0))[5].code)
                print(m.displaced, m.message.kind, flush=True)
                """
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first.stdout is not None and first.stdin is not None
    assert first.stdout.readline().strip() == "ready"
    second = TableModel(data_dir=tmp_path, level="random")
    assert second.displaced and second.number == 12 and "open at another table" in second.message.text
    before = (tmp_path / SAVE_FILE).read_bytes()
    second.click_card(second.hand.hand_of(SOUTH).lowest().code)  # refused: not this table's game yet
    assert second.message.kind == "error" and (tmp_path / SAVE_FILE).read_bytes() == before
    second.press("take_over")
    assert not second.displaced and "yours again" in second.message.text
    assert second.selection.bit_count() == 2  # as the first table left it
    first.stdin.write("go\n")
    first.stdin.flush()
    out, err = first.communicate(timeout=60)
    assert first.returncode == 0, err
    assert out.split() == ["True", "error"]  # the first table was told, and saved nothing
    saved = json.loads((tmp_path / SAVE_FILE).read_text())
    assert saved["table"]["owner"]["table"] == second.table_id and len(saved["table"]["selection"]) == 2


def test_two_tables_in_one_process_each_finishing_a_game_keep_both_in_the_history(tmp_path: Path) -> None:
    a = TableModel(number=30, level="random", target_score=16, data_dir=tmp_path)
    b = TableModel(number=31, level="random", target_score=16, data_dir=tmp_path, resume=False)  # its own game
    a.click_card(a.hand.hand_of(SOUTH).lowest().code)
    assert a.displaced and a.message.kind == "error" and "started game 31 in place of this game 30" in a.message.text
    play_to_the_end(b)
    a.press("new")  # a game of its own again; b's finished game stays recorded
    play_to_the_end(a)
    numbers = sorted(g["number"] for g in History.load(tmp_path).games)
    assert numbers == sorted([31, a.number])
    assert json.loads((tmp_path / HISTORY_FILE).read_text())["games"][0]["id"] == b.game_id


def test_a_table_showing_another_tables_game_says_so_on_the_board(tmp_path: Path) -> None:
    a = TableModel(number=8, level="random", data_dir=tmp_path)
    b = TableModel(data_dir=tmp_path, level="random")
    assert b.displaced and "another table" in b.drawing()[1]["message"]
    assert a.drawing()[1]["message"] is None  # the table playing it shows the usual line
    b.press("take_over")
    assert b.drawing()[1]["message"] is None


def test_a_closed_table_leaves_its_game_to_the_next(tmp_path: Path) -> None:
    a = TableModel(number=8, level="random", data_dir=tmp_path)
    a.close()
    b = TableModel(data_dir=tmp_path, level="random")
    assert not b.displaced and b.number == 8 and "Welcome back" in b.message.text


def play_to_the_end(m: TableModel) -> None:
    while not m.game.is_over:
        h = m.hand
        if h.is_over:
            m.press("next")
        elif h.phase is Phase.PASSING:
            for c in list(h.hand_of(SOUTH))[:3]:
                m.click_card(c.code)
            m.press("pass")
        else:
            m.click_card(h.legal_moves.lowest().code)
        assert m.message is None or m.message.kind != "error", m.message
