"""Issue 41: turn files in a shared folder. The friend's next file is noticed; a file out of order
waits for the one before it; a duplicate, a foreign or a tampered file is refused with a message
and changes nothing; a side that restarts rebuilds its game from its journal and the files."""

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from arle.engine import Game, Setup
from arle.match.remote import Ledger, Message, Refused, key_for
from arle.match.remote import folder as shared
from arle.match.remote.wire import START, seal

KEY = key_for("s")
SETUP = Setup(players=2, seed=5, start_player=0)


def _sides(tmp_path):
    shared.create_game(tmp_path, KEY, SETUP, "g")
    ledgers = [Ledger("g", 0), Ledger("g", 1)]
    said = [[], []]
    heard = [lambda text: said[0].append(str(text)), lambda text: said[1].append(str(text))]
    channels = [shared.FolderChannel(tmp_path, ledgers[me], KEY, heard[me]) for me in (0, 1)]
    return ledgers, channels, said


def _play(ledgers, channels, turns):
    """Play ``turns`` turns by the first legal moves, each side writing its turn file."""
    game = Game(SETUP)
    for move in ledgers[0].moves:
        game.apply(move)
    for _ in range(turns):
        actor = game.actor
        while game.actor == actor:
            move = game.legal_moves()[0]
            game.apply(move)
            for ledger in ledgers:
                ledger.add(move, actor)
        channels[actor].turn_over()


def _receive(channel):
    time.sleep(shared.POLL_S)
    return channel.receive(0.0)


def test_the_friends_turn_file_is_noticed_and_holds_their_moves(tmp_path):
    ledgers, channels, _ = _sides(tmp_path)
    _play(ledgers, channels, 1)
    got = _receive(channels[1])
    assert [m.kind for m in got] == ["turn"] and got[0].count == ledgers[0].count
    assert (tmp_path / shared.turn_name(0, 1)).exists()


def test_a_file_out_of_order_waits_for_the_one_before_it(tmp_path):
    ledgers, channels, said = _sides(tmp_path)
    _play(ledgers, channels, 3)  # seat 1 wrote its turns 1 and 2
    first = tmp_path / shared.turn_name(0, 1)
    shutil.move(first, tmp_path / "elsewhere")
    assert _receive(channels[1]) == []
    assert any("out of order" in text for text in said[1])
    shutil.move(tmp_path / "elsewhere", first)
    assert [m.seq for m in _receive(channels[1])] == [1, 2]


def test_a_duplicated_turn_file_is_refused(tmp_path):
    ledgers, channels, said = _sides(tmp_path)
    _play(ledgers, channels, 1)
    first = tmp_path / shared.turn_name(0, 1)
    assert len(_receive(channels[1])) == 1
    shutil.copy(first, tmp_path / "turn-1-00001 (conflicted copy).json")
    os.utime(first, ns=(time.time_ns(), time.time_ns() + 10**9))  # the same file, synced again
    assert _receive(channels[1]) == []
    assert any("a copy or a duplicate" in text for text in said[1])
    assert any("came already (a duplicate)" in text for text in said[1])


def test_a_foreign_or_tampered_turn_file_is_refused_and_changes_nothing(tmp_path):
    ledgers, channels, said = _sides(tmp_path)
    _play(ledgers, channels, 1)
    first = tmp_path / shared.turn_name(0, 1)
    genuine = first.read_bytes()
    other = Message("another game", 0, "", 1, "turn", 0, START, {"at": 0, "before": START, "moves": []})
    (tmp_path / "turn-1-00009.json").write_bytes(seal(other, shared.game_key(tmp_path, KEY)))
    first.write_bytes(genuine.replace(b'"at":0', b'"at":1'))
    assert _receive(channels[1]) == []
    assert any("belongs to another game" in text for text in said[1])
    assert any("not signed with this game's secret" in text for text in said[1])
    first.write_bytes(genuine)  # the genuine file comes back: nothing was lost
    os.utime(first, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert [m.seq for m in _receive(channels[1])] == [1]


def test_a_side_rebuilds_its_game_from_its_journal_and_the_files(tmp_path):
    ledgers, channels, _ = _sides(tmp_path)
    _play(ledgers, channels, 4)
    channels[0].changed([], "apply")  # seat 1's journal: every move
    moves, movers = shared.rebuild(tmp_path, KEY, 0, SETUP, "g")
    assert moves == ledgers[0].moves and movers == ledgers[0].movers
    (tmp_path / shared.journal_name(1)).unlink(missing_ok=True)  # seat 2 lost its journal
    moves, _ = shared.rebuild(tmp_path, KEY, 1, SETUP, "g")
    assert moves == ledgers[1].moves  # from the turn files of both seats


def test_a_folder_holds_one_game(tmp_path):
    shared.create_game(tmp_path, KEY, SETUP, "g")
    with pytest.raises(Refused, match="holds a game already"):
        shared.create_game(tmp_path, KEY, SETUP, "h")
    assert shared.read_game(tmp_path, KEY) == (SETUP, "g")
    with pytest.raises(Refused, match="not signed"):
        shared.read_game(tmp_path, key_for("wrong"))


# -- Issue 48 item 4: the shared folder of a remote game, which whoever can write to it may fill with
# links, FIFOs, half-synced files and junk. Turn files and ``game.json`` are read only as regular files
# (never through a link, never blocking, at most 1 MiB); a file still being written is waited for
# silently; each kind of problem is said once; a full disk leaves no ``.part`` and the turn is
# written once space comes back.

POSIX = os.name == "posix"
needs_posix = pytest.mark.skipif(not POSIX, reason="symlinks and FIFOs need POSIX (Windows lacks mkfifo)")


@needs_posix
@pytest.mark.timeout(30)
@pytest.mark.parametrize("probe", ["device", "fifo link", "fifo", "loop"])
def test_a_turn_file_that_is_a_link_or_a_fifo_is_refused_without_blocking(tmp_path: Path, probe: str) -> None:
    _ledgers, channels, said = _sides(tmp_path)
    name = tmp_path / shared.turn_name(0, 1)
    if probe == "device":
        name.symlink_to("/dev/zero")  # read only: it is never written
    elif probe == "fifo link":
        os.mkfifo(tmp_path / "pipe")
        name.symlink_to(tmp_path / "pipe")
    elif probe == "fifo":
        os.mkfifo(name)
    else:
        name.symlink_to(name)
    assert _receive(channels[1]) == []
    assert len(said[1]) == 1 and "only regular files are read" in said[1][0]


@needs_posix
@pytest.mark.timeout(30)
def test_a_game_file_that_is_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / shared.GAME_FILE).symlink_to("/dev/zero")
    with pytest.raises(Refused, match="is a link"):
        shared.read_game(tmp_path, KEY)


def test_a_half_synced_turn_file_is_waited_for_silently(tmp_path: Path) -> None:
    ledgers, channels, said = _sides(tmp_path)
    _play(ledgers, channels, 1)
    path = tmp_path / shared.turn_name(0, 1)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    assert _receive(channels[1]) == [] and said[1] == []
    path.write_bytes(whole)
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert [m.seq for m in _receive(channels[1])] == [1] and said[1] == []


def test_a_turn_file_that_stays_incomplete_is_reported_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(shared, "SETTLE_S", 0.0)
    _ledgers, channels, said = _sides(tmp_path)
    (tmp_path / shared.turn_name(0, 1)).write_bytes(b'{"arle": "rem')
    assert _receive(channels[1]) == [] and said[1] == []  # the first look: maybe still syncing
    assert _receive(channels[1]) == [] and _receive(channels[1]) == []
    assert len(said[1]) == 1 and "not valid JSON" in said[1][0]


def test_a_half_written_game_file_is_waited_for(tmp_path: Path) -> None:
    shared.create_game(tmp_path, KEY, SETUP, "g")
    path = tmp_path / shared.GAME_FILE
    whole = path.read_bytes()
    path.write_bytes(whole[:20])
    done = threading.Timer(0.5, path.write_bytes, (whole,))
    done.start()
    try:
        assert shared.wait_game(tmp_path, KEY, timeout=20) == (SETUP, "g")
    finally:
        done.cancel()


def test_ten_thousand_junk_files_make_one_line_per_kind_of_problem(tmp_path: Path) -> None:
    ledgers, channels, said = _sides(tmp_path)
    for i in range(2000):
        (tmp_path / f"junk-{i}.json").write_bytes(b"junk")
        (tmp_path / shared.turn_name(0, 1000 + i)).write_bytes(b"[1, 2]")  # whole JSON, no message
    _play(ledgers, channels, 1)
    assert [m.seq for m in _receive(channels[1])] == [1]
    _receive(channels[1])
    assert len(said[1]) == 2, said[1]


def test_the_out_of_order_sentence_is_said_once(tmp_path: Path) -> None:
    ledgers, channels, said = _sides(tmp_path)
    _play(ledgers, channels, 5)  # seat 1 wrote its turns 1, 2, 3
    for seq in (1, 2):
        (tmp_path / shared.turn_name(0, seq)).rename(tmp_path / f".away{seq}")
    _receive(channels[1])
    (tmp_path / ".away1").rename(tmp_path / shared.turn_name(0, 1))
    assert [m.seq for m in _receive(channels[1])] == [1]
    assert sum("out of order" in text for text in said[1]) == 1


def test_a_full_disk_leaves_no_part_file_and_the_turn_goes_later(tmp_path: Path, monkeypatch) -> None:
    ledgers, channels, said = _sides(tmp_path)

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shared.os, "write", full)
    _play(ledgers, channels, 1)
    assert not (tmp_path / shared.turn_name(0, 1)).exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
    assert len(said[0]) == 1 and "cannot be written to the shared folder" in said[0][0]
    monkeypatch.undo()
    _receive(channels[0])  # space came back: the next look writes the turn
    assert [m.seq for m in _receive(channels[1])] == [1]


@needs_posix
def test_a_link_under_our_turn_name_is_never_written_through(tmp_path: Path) -> None:
    ledgers, channels, said = _sides(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (tmp_path / shared.turn_name(0, 1)).symlink_to(victim)
    _play(ledgers, channels, 1)
    assert victim.read_text() == "mine" and (tmp_path / shared.turn_name(0, 1)).is_symlink()
    assert len(said[0]) == 1 and "not a regular file" in said[0][0]


@pytest.mark.parametrize("version", [None, "x" * 5000, 10**40])
def test_a_foreign_version_is_said_without_python_words_or_the_peers_text(version) -> None:
    """Issue 48 item 6: no "version None", and the peer's text is never quoted."""
    import json

    from arle.match.remote.wire import unseal

    raw = json.dumps({"arle": "remote", "v": version}).encode()
    with pytest.raises(Refused) as refused:
        unseal(raw, KEY)
    said = str(refused.value)
    assert "None" not in said and "xxx" not in said and "True" not in said and len(said) < 200
    assert "no remote protocol version Arle knows" in said


# -- issue 47 item 8: a folder game's secret gets a per-game salt and a memory-hard derivation


def test_a_folder_games_files_are_signed_with_a_salted_argon2id_key_of_its_own(tmp_path):
    import json as _json

    from nacl import pwhash

    shared.create_game(tmp_path / "a", KEY, SETUP, "g")
    shared.create_game(tmp_path / "b", KEY, SETUP, "g")
    salts = [_json.loads((tmp_path / f / shared.GAME_FILE).read_text())["body"]["salt"] for f in "ab"]
    assert salts[0] != salts[1] and all(len(bytes.fromhex(s)) == pwhash.argon2id.SALTBYTES for s in salts)
    keys = [shared.game_key(tmp_path / f, KEY) for f in "ab"]
    assert keys[0] != keys[1] and KEY not in keys
    assert keys[0] == pwhash.argon2id.kdf(32, KEY, bytes.fromhex(salts[0]),
                                          opslimit=pwhash.argon2id.OPSLIMIT_INTERACTIVE,
                                          memlimit=pwhash.argon2id.MEMLIMIT_INTERACTIVE)
    with pytest.raises(Refused, match="not signed"):  # the typed secret's key alone opens nothing
        shared._read(tmp_path / "a" / shared.GAME_FILE, KEY)
    assert shared.read_game(tmp_path / "a", KEY) == (SETUP, "g")


def test_a_folder_game_made_before_salts_still_opens(tmp_path):
    from arle.match.remote.wire import setup_to_dict

    old = Message("g", 0, "", 0, "hello", 0, START, {"setup": setup_to_dict(SETUP)})
    (tmp_path / shared.GAME_FILE).write_bytes(seal(old, KEY))
    assert shared.read_game(tmp_path, KEY) == (SETUP, "g")
    ledger = Ledger("g", 1)
    assert shared.FolderChannel(tmp_path, ledger, KEY).key == KEY
