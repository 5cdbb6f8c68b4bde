"""Files written whole or not at all; damaged files kept, never overwritten; untrusted files read safely.

Findings of issue 11 covered here: 1 (a second damaged copy overwrote the first), 2 (a blocked move
aside still overwrote the file), 4 (a record re-saved on a full disk destroyed the old one), 7 (deep
nesting, non-UTF-8, None as crashes), 8 (the table could not open deep/huge-number/pipe files),
12 (huge records read whole; stray temporaries), 13 (lenient records).
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from fault_support import small_disk

from hearts import Deal, Game, HandState, Phase, Rules, files
from hearts.errors import RecordError
from hearts.files import FileContentError, keep_damaged, parse_json, read_limited, replacing, write_file
from hearts.record import MAX_RECORD_SIZE, GameRecord, HandRecord, load, loads
from hearts.rules import MoonScoring
from hearts_widgets import store
from hearts_widgets.table_model import TableModel


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _game_json(number: int = 4, hands: int = 1) -> str:
    g = Game(number, Rules(target_score=500))
    for _ in range(hands):
        h = g.hand
        for seat in h.waiting_to_pass:
            h.pass_cards(seat, list(h.hand_of(seat))[:3])
        while not h.is_over:
            h.play(h.legal_moves.lowest())
        if len(g.hands) < hands:
            g.next_hand()
    return GameRecord.from_game(g).to_json()


# ----- the atomic write ----------------------------------------------------------------------------------


def test_write_file_leaves_only_the_file_and_cleans_temporaries_of_dead_processes(tmp_path: Path) -> None:
    stale = tmp_path / f".x.json.{_dead_pid()}-abc.tmp"  # what a kill -9 mid-write leaves
    stale.write_text("half")
    live = tmp_path / f".x.json.{os.getppid()}-abc.tmp"  # a live process (pytest's parent) still writing
    live.write_text("writing")
    other = tmp_path / ".y.json.1-abc.tmp"  # another file's temporary is not ours to judge
    other.write_text("y")
    write_file(tmp_path / "x.json", "{}")
    assert (tmp_path / "x.json").read_text() == "{}"
    assert not stale.exists() and live.exists() and other.exists()


def test_a_failed_write_keeps_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    write_file(tmp_path / "a.txt", "old")
    with pytest.raises(RuntimeError), replacing(tmp_path / "a.txt", tmp_path / "b.txt") as (a, _b):
        a.write_text("new")
        raise RuntimeError("the writer failed half way")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]
    assert (tmp_path / "a.txt").read_text() == "old"


def test_writes_are_synced_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    write_file(tmp_path / "a.txt", "data")
    assert calls[:2] == ["fsync", "replace"] and calls[-1] == "fsync"  # the file, the rename, then the folder


def test_a_full_disk_never_destroys_an_earlier_record(tmp_path: Path) -> None:
    """Finding 4: re-saving a game on a full disk used to truncate the old record."""
    with small_disk(256) as disk:
        folder = disk if disk is not None else tmp_path
        script = textwrap.dedent(
            f"""
            import json, resource, signal, sys
            from pathlib import Path
            sys.path.insert(0, {str(Path(__file__).parent)!r})
            from fault_support import fill
            from hearts.record import GameRecord
            folder, small, big, tmpfs = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4] == "1"
            GameRecord.from_json(small).save(folder / "game.json")
            if tmpfs:
                fill(folder)
            else:  # no tmpfs here: a file-size limit plays the full disk
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (len(small) + 100, len(small) + 100))
            try:
                GameRecord.from_json(big).save(folder / "game.json")
            except OSError as e:
                print("refused", e.errno)
            """
        )
        small, big = _game_json(4, 1), _game_json(4, 6)
        done = subprocess.run(
            [sys.executable, "-c", script, str(folder), small, big, "1" if disk is not None else "0"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split()[0] == "refused", done.stdout + done.stderr
        assert int(done.stdout.split()[1]) in (errno.ENOSPC, errno.EFBIG)
        assert GameRecord.load(folder / "game.json").to_json() == small  # the earlier record, whole
        assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        print("disk full by", "tmpfs" if disk is not None else "RLIMIT_FSIZE")


def test_record_save_goes_through_the_atomic_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = files.write_file
    monkeypatch.setattr(files, "write_file", lambda p, d, **k: (seen.append(Path(p).name), real(p, d, **k))[1])
    rec = GameRecord.from_json(_game_json())
    rec.save(tmp_path / "g.json")
    HandRecord.from_state(HandState(Deal.from_number(1))).save(tmp_path / "h.json")
    assert seen == ["g.json", "h.json"]
    assert load(tmp_path / "g.json") == rec


# ----- damaged files are kept, never overwritten ---------------------------------------------------------


def test_a_second_damaged_copy_never_overwrites_the_first(tmp_path: Path) -> None:
    """Finding 1."""
    p = tmp_path / "table-save.json"
    p.write_text("first damage")
    assert keep_damaged(p) == tmp_path / "table-save.bad.json"
    p.write_text("second damage")
    assert keep_damaged(p) == tmp_path / "table-save.bad-2.json"
    assert (tmp_path / "table-save.bad.json").read_text() == "first damage"
    assert (tmp_path / "table-save.bad-2.json").read_text() == "second damage"
    assert not p.exists()


def test_a_folder_in_the_way_of_the_copy_is_stepped_over(tmp_path: Path) -> None:
    """Finding 2: a directory with the .bad name."""
    p = tmp_path / "history.json"
    p.write_text("damaged")
    (tmp_path / "history.bad.json").mkdir()
    assert keep_damaged(p) == tmp_path / "history.bad-2.json"
    assert (tmp_path / "history.bad-2.json").read_text() == "damaged"


def test_a_file_that_cannot_be_moved_is_left_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 2: a read-only folder. (Root ignores permissions, so the refusal is the filesystem's.)"""
    p = tmp_path / "settings.json"
    p.write_text("damaged")

    def refuse(*args: object, **kw: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    assert keep_damaged(p) is None
    assert p.read_text() == "damaged" and sorted(x.name for x in tmp_path.iterdir()) == ["settings.json"]


def test_the_table_never_writes_over_a_damaged_save_it_could_not_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 2: the notice claimed a .bad copy and the table then wrote over the file."""
    (tmp_path / store.SAVE_FILE).write_text("{damaged")
    (tmp_path / store.SETTINGS_FILE).write_text("{damaged")
    monkeypatch.setattr(store, "keep_bad_copy", lambda path: None)
    m = TableModel(data_dir=tmp_path, level="random", seed=1)
    texts = " ".join(n.text for n in m.notices)
    assert "left exactly as it is" in texts and ".bad" not in texts
    m.set_setting("four_colour", True)
    m.press("new")
    assert (tmp_path / store.SAVE_FILE).read_text() == "{damaged"
    assert (tmp_path / store.SETTINGS_FILE).read_text() == "{damaged"


def test_the_notice_names_the_copy_really_kept(tmp_path: Path) -> None:
    (tmp_path / "table-save.bad.json").write_text("an earlier copy")
    (tmp_path / store.SAVE_FILE).write_text("{damaged")
    m = TableModel(data_dir=tmp_path, level="random", seed=1)
    assert "table-save.bad-2.json" in m.message.text
    assert (tmp_path / "table-save.bad.json").read_text() == "an earlier copy"
    assert (tmp_path / "table-save.bad-2.json").read_text() == "{damaged"


def test_reset_history_twice_keeps_both_damaged_copies(tmp_path: Path) -> None:
    """Finding 1: pressing Start a new history twice on damaged files."""
    for n, damage in enumerate((b"[1]", b"[2]"), 1):
        (tmp_path / store.HISTORY_FILE).write_bytes(damage)
        m = TableModel(data_dir=tmp_path, level="random", number=n)
        m.press("reset_history")
        assert m.message.kind == "info" and "kept as" in m.message.text
    assert (tmp_path / "history.bad.json").read_bytes() == b"[1]"
    assert (tmp_path / "history.bad-2.json").read_bytes() == b"[2]"


# ----- reading untrusted files ---------------------------------------------------------------------------


def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    """Finding 8: a FIFO in place of the save hung the table."""
    os.mkfifo(tmp_path / store.SAVE_FILE)
    with pytest.raises(FileContentError) as info:
        read_limited(tmp_path / store.SAVE_FILE, 1000)
    assert info.value.reason == "not_a_file"
    m = TableModel(data_dir=tmp_path, level="random", seed=2)
    assert m.message.kind == "error" and "not an ordinary file" in m.message.text
    assert (tmp_path / "table-save.bad.json").exists()


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.parametrize("kind", ["folder", "link to a folder"])
def test_a_folder_in_place_of_a_file_is_refused_without_leaking_its_descriptor(tmp_path: Path, kind: str) -> None:
    """On Linux a folder opens; reading it raised IsADirectoryError outside the checks, and the descriptor leaked."""
    (tmp_path / "inside").mkdir()
    target = tmp_path / "f.json"
    if kind == "folder":
        target.mkdir()
    else:
        target.symlink_to(tmp_path / "inside", target_is_directory=True)
    before = _open_descriptors()
    for _ in range(20):
        with pytest.raises(FileContentError) as info:
            read_limited(target, 1000)
        assert info.value.reason == "not_a_file" and info.value.path == str(target)
        with pytest.raises(RecordError, match="folder"):
            load(target)
        with pytest.raises(RecordError, match="folder"):
            GameRecord.load(target)
    assert _open_descriptors() == before


@pytest.mark.parametrize("name", [store.SETTINGS_FILE, store.SAVE_FILE, store.HISTORY_FILE, "learn-progress.json"])
def test_a_folder_in_place_of_a_table_file_gives_the_usual_notice(tmp_path: Path, name: str) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / "keep.txt").write_text("mine")
    before = _open_descriptors()
    m = TableModel(data_dir=tmp_path, level="random", seed=2)
    m.close()
    assert _open_descriptors() == before
    notices = [n.text for n in m.notices] + ([m.message.text] if m.message.kind == "error" else [])
    assert any("not an ordinary file" in t for t in notices), notices
    kept = [p for p in tmp_path.rglob("keep.txt")]
    assert [p.read_text() for p in kept] == ["mine"]  # the folder is moved aside or left, never removed
    for text in notices:
        if "was kept as" in text:
            assert Path(text.split("was kept as ")[1].rstrip(".")).is_dir()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[" * 1000 + b"]" * 1000, "too_deep"),
        (b"[" * 100_000, "too_deep"),
        (b'{"version": ' + b"7" * 4301 + b"}", "number_too_long"),
        (b"\xc3\x28", "not_utf8"),
        (b"{", "not_json"),
    ],
)
def test_every_bad_json_is_a_typed_error(tmp_path: Path, content: bytes, reason: str) -> None:
    """Findings 7 and 8: RecursionError, ValueError and UnicodeDecodeError used to escape."""
    with pytest.raises(FileContentError) as info:
        parse_json(content)
    assert info.value.reason == reason
    with pytest.raises(RecordError):
        loads(content)
    (tmp_path / store.SAVE_FILE).write_bytes(content)
    (tmp_path / store.HISTORY_FILE).write_bytes(content)
    (tmp_path / store.SETTINGS_FILE).write_bytes(content)
    m = TableModel(data_dir=tmp_path, level="random", seed=2)  # opens, says so, keeps the files aside
    assert len(m.notices) == 3 and m.history_error is not None
    assert (tmp_path / "table-save.bad.json").read_bytes() == content
    assert (tmp_path / "settings.bad.json").read_bytes() == content
    assert (tmp_path / store.HISTORY_FILE).read_bytes() == content  # left until a new history is started


@pytest.mark.parametrize("value", [None, 3, 2.5, ["{}"], {"format": "hearts.hand"}])
def test_loads_of_anything_but_text_is_a_record_error(value: object) -> None:
    with pytest.raises(RecordError, match="JSON text"):
        loads(value)  # type: ignore[arg-type]


def test_a_huge_record_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 12: a 50 MB record was parsed (22 s, 650 MB) before being refused."""
    p = tmp_path / "huge.json"
    with open(p, "wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk
    parsed: list[int] = []
    monkeypatch.setattr(json, "loads", lambda *a, **k: parsed.append(1))
    with pytest.raises(RecordError, match=f"more than the {MAX_RECORD_SIZE}"):
        load(p)
    with pytest.raises(RecordError, match="more than"):
        loads(" " * (MAX_RECORD_SIZE + 1))
    assert parsed == []


# ----- strict records (finding 13) -----------------------------------------------------------------------


def _data() -> dict:
    return json.loads(_game_json())


def test_a_record_states_every_rule() -> None:
    data = _data()
    data["rules"] = {}
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.path.startswith("rules.") and "missing field" in str(info.value)
    data = _data()
    del data["rules"]["jack_of_diamonds"]
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.path == "rules.jack_of_diamonds"


@pytest.mark.parametrize("version", [1.0, True, "1", None])
def test_the_version_is_the_whole_number_1(version: object) -> None:
    data = _data()
    data["version"] = version
    with pytest.raises(RecordError) as info:
        GameRecord.from_dict(data)
    assert info.value.path == "version"
    del data["version"]
    with pytest.raises(RecordError, match="missing field"):
        GameRecord.from_dict(data)


def test_a_deal_that_names_another_hand_number_is_refused() -> None:
    h = HandState(Deal.from_number(7), hand_number=2)  # a deal's own hand number is 1
    rec = HandRecord.from_state(h)
    data = rec.to_dict()
    assert data["deal"]["hand_number"] == 2 and HandRecord.from_dict(data).deal.hands == rec.deal.hands
    data["deal"]["hand_number"] = 1
    data["deal"]["number"] = None
    with pytest.raises(RecordError) as info:
        HandRecord.from_dict(data)
    assert info.value.path == "deal.hand_number"


# ----- saves the table did not write (finding 9) -----------------------------------------------------------


def _save_with_game(folder: Path, game: Game) -> None:
    TableModel(number=1, level="random", data_dir=folder).close()
    data = json.loads((folder / store.SAVE_FILE).read_text())
    data["game"] = GameRecord.from_game(game).to_dict()
    (folder / store.SAVE_FILE).write_text(json.dumps(data))


def test_a_moon_choice_save_is_resumed_with_its_rules(tmp_path: Path) -> None:
    # The table asks a shooter how the moon scores (tests/test_widgets_variants.py), so such a save goes on.
    _save_with_game(tmp_path, Game(5, Rules(moon=MoonScoring.SHOOTERS_CHOICE, num_players=3)))
    m = TableModel(data_dir=tmp_path, level="random", seed=4)
    assert m.message.kind == "info" and m.number == 5
    assert m.rules == Rules(moon=MoonScoring.SHOOTERS_CHOICE, num_players=3)
    assert not (tmp_path / "table-save.bad.json").exists()


@pytest.mark.parametrize("south_passed", [False, True])
def test_a_save_where_the_bots_have_not_passed_goes_on(tmp_path: Path, south_passed: bool) -> None:
    g = Game(7)
    if south_passed:
        g.hand.pass_cards(0, list(g.hand.hand_of(0))[:3])
    _save_with_game(tmp_path, g)
    m = TableModel(data_dir=tmp_path, level="random")
    assert all(m.hand.passes[s] is not None for s in (1, 2, 3))  # the bots passed on resuming
    if south_passed:
        assert m.hand.phase is Phase.PLAYING and m.hand.cards_played >= 1  # (the 2♣ is played, bots go on)
    else:
        for c in list(m.hand.hand_of(0))[-3:]:
            m.click_card(c.code)
        m.press("pass")
        assert m.hand.phase is Phase.PLAYING and m.message.kind == "ok" and "received" in m.message.text
