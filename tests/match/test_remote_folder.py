"""Issue 41: turn files in a shared folder. The friend's next file is noticed; a file out of order
waits for the one before it; a duplicate, a foreign or a tampered file is refused with a message
and changes nothing; a side that restarts rebuilds its game from its journal and the files."""

import os
import shutil
import time

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
    channels = [shared.FolderChannel(tmp_path, ledgers[me], KEY, said[me].append) for me in (0, 1)]
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
    (tmp_path / "turn-1-00009.json").write_bytes(seal(other, KEY))
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
