"""Issue 41: two real processes play a whole seeded game, live on loopback and through a shared
folder, and end with the game ``arle arena`` plays (the same digest); a wrong secret is refused
with a message, and ``kill -9`` of either side loses nothing. Loopback only (127.0.0.1, ::1)."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from arle.commands.arena import play as arena

REPO = Path(__file__).resolve().parent.parent
LEVELS = ["random", "random"]
SEED = 4


class Side:
    """One ``arle remote`` process; its stdout and stderr lines are read as they come, each by
    its own thread, which alone reads its pipe (the pipes are closed once both threads ended:
    no thread reads a closed file, none outlives the test)."""

    def __init__(self, *args: str) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "arle", "remote", *args, "--json"], cwd=REPO,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines: list[str] = []
        self.out: list[str] = []
        self._reader = threading.Thread(target=self._read, args=(self.proc.stderr, self.lines), daemon=True)
        self._out_reader = threading.Thread(target=self._read, args=(self.proc.stdout, self.out), daemon=True)
        self._reader.start()
        self._out_reader.start()

    @staticmethod
    def _read(stream, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                if text in line:
                    return line
            if self.proc.poll() is not None and not self._reader.is_alive():
                break
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never came: {self.lines}")

    def port(self) -> int:
        return int(json.loads(self.wait_for('"port"'))["port"])

    def result(self, timeout: float = 120.0) -> dict:
        self.proc.wait(timeout)
        self._join()
        assert self.proc.returncode == 0, (self.proc.returncode, self.lines)
        return json.loads(self.out[-1])

    def kill(self) -> None:
        if sys.platform == "win32":
            self.proc.kill()
        else:
            os.kill(self.proc.pid, signal.SIGKILL)  # kill -9: no goodbye, no flush
        self.proc.wait(30)

    def stop(self) -> None:
        """End the process, its readers and its pipes."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)
        self._join()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()

    def _join(self) -> None:
        for reader in (self._reader, self._out_reader):
            reader.join(10)
            assert not reader.is_alive(), "a pipe stayed open after its process ended"


@pytest.fixture
def sides():
    started: list[Side] = []

    def start(*args: str) -> Side:
        started.append(Side(*args))
        return started[-1]

    yield start
    for side in started:
        side.stop()


def _arena_digest(seed: int = SEED) -> str:
    return arena(seed, LEVELS)[0]["digest"]


def _ipv6() -> bool:
    try:
        with socket.create_server(("::1", 0), family=socket.AF_INET6):
            return True
    except OSError:
        return False


@pytest.mark.parametrize("address", ["127.0.0.1", "::1"])
def test_two_processes_play_a_whole_seeded_game_live(sides, address):
    if address == "::1" and not _ipv6():
        pytest.skip("no IPv6 loopback here")
    host = sides("host", "--address", address, "--port", "0", "--secret", "s", "--seed", str(SEED),
                 "--level", "random")
    port = host.port()
    join = sides("join", "--address", f"[{address}]:{port}" if ":" in address else f"{address}:{port}",
                 "--secret", "s", "--level", "random")
    ends = host.result(), join.result()
    assert ends[0]["digest"] == ends[1]["digest"] == _arena_digest()
    assert ends[0]["scores"] == ends[1]["scores"] and ends[0]["refused"] == ends[1]["refused"] == []


def test_an_invitation_code_is_enough_to_join(sides):
    host = sides("host", "--port", "0", "--secret", "s", "--seed", str(SEED), "--level", "random")
    code = json.loads(host.wait_for('"invitation"'))["invitation"]
    join = sides("join", "--code", code, "--level", "random")
    assert host.result()["digest"] == join.result()["digest"] == _arena_digest()


def test_two_processes_play_a_whole_seeded_game_by_a_shared_folder(sides, tmp_path):
    first = sides("folder", "--dir", str(tmp_path), "--seat", "1", "--seed", str(SEED),
                  "--level", "random", "--secret", "s")
    second = sides("folder", "--dir", str(tmp_path), "--seat", "2", "--level", "random", "--secret", "s")
    ends = first.result(), second.result()
    assert ends[0]["digest"] == ends[1]["digest"] == _arena_digest()


def test_a_wrong_secret_is_refused_and_the_host_goes_on_waiting(sides):
    host = sides("host", "--port", "0", "--secret", "right", "--seed", str(SEED), "--level", "random")
    port = host.port()
    wrong = sides("join", "--address", f"127.0.0.1:{port}", "--secret", "wrong", "--level", "random")
    wrong.proc.wait(60)
    assert wrong.proc.returncode == 1
    assert "not signed with this game's secret" in wrong.wait_for("arle remote:")
    host.wait_for("a connection was refused")
    join = sides("join", "--address", f"127.0.0.1:{port}", "--secret", "right", "--level", "random")
    assert host.result()["digest"] == join.result()["digest"] == _arena_digest()


def _slow(*args: str) -> tuple[str, ...]:
    return (*args, "--level", "random", "--move-delay", "0.02", "--wait", "60")


def test_kill_9_of_the_joining_side_loses_nothing_it_goes_on_by_the_folder(sides, tmp_path):
    """Issue 41: a killed process loses nothing, and either side can go on later by the folder."""
    host = sides(*_slow("host", "--port", "0", "--secret", "s", "--seed", str(SEED), "--dir", str(tmp_path)))
    port = host.port()
    join = sides(*_slow("join", "--address", f"127.0.0.1:{port}", "--secret", "s", "--dir", str(tmp_path)))
    join.wait_for("connected")
    time.sleep(1.0)
    join.kill()
    again = sides("folder", "--dir", str(tmp_path), "--seat", "2", "--level", "random", "--secret", "s")
    moves = json.loads(again.wait_for('"folder"'))["moves"]
    end = again.result()
    assert 0 < moves < end["moves"]  # killed mid-game; it went on from there, not from the start
    assert host.result()["digest"] == end["digest"] == _arena_digest()


def test_kill_9_of_the_host_loses_nothing_the_friend_reconnects(sides, tmp_path):
    """Issue 41: a reconnection resyncs by move count and hash."""
    host = sides(*_slow("host", "--port", "0", "--secret", "s", "--seed", str(SEED), "--dir", str(tmp_path)))
    port = host.port()
    join = sides(*_slow("join", "--address", f"127.0.0.1:{port}", "--secret", "s"))
    join.wait_for("connected")
    time.sleep(1.0)
    host.kill()
    again = sides(*_slow("host", "--port", str(port), "--secret", "s", "--seed", str(SEED),
                         "--dir", str(tmp_path)))
    moves = json.loads(again.wait_for('"port"'))["moves"]
    end = again.result()
    assert 0 < moves < end["moves"]  # killed mid-game; it went on from its journal
    assert end["digest"] == join.result()["digest"] == _arena_digest()
    assert sum("connected" in line for line in join.lines) >= 2


def test_the_latency_bench_gives_its_figures_and_its_target(capsys):
    """``arle remote bench``: move-to-screen latency on loopback (the figure is the command's to
    give, not a test's to judge)."""
    from arle.commands.remote import main

    assert main(["bench", "--games", "1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert record["moves"] > 100 and record["target_p95"] == 50.0
    assert 0 <= record["p50"] <= record["p95"] <= record["max"]
