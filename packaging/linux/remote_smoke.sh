#!/usr/bin/env bash
# A whole game between two installed Arles through magic-wormhole, on loopback only (issue 47 item
# 9): a real mailbox server and transit relay are started here on free 127.0.0.1 ports, then
# `arle remote host` and `arle remote join` of the app under test play a seeded game with every byte
# relayed, and both must end with the same digest. It proves that the frozen build carries what
# live play needs (Twisted, autobahn, PyNaCl, SPAKE2, Dilation), which no unit test of the source
# can.
#
#   packaging/linux/remote_smoke.sh ARLE [PYTHON]
#
# ARLE: the app to try (the installed /opt/arle/arle, or "python -m arle" from a checkout).
# PYTHON: a Python with magic-wormhole-mailbox-server and magic-wormhole-transit-relay (the test
# extra; default: the checkout's .venv). The servers are not shipped: they run beside the app.
set -euo pipefail

arle=${1:?the arle command to try}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
py=${2:-$repo/.venv/bin/python}
"$py" -c "import wormhole_mailbox_server, wormhole_transit_relay" 2>/dev/null || {
    echo "remote smoke: $py has no mailbox server or transit relay (pip install -e '.[test]')" >&2
    exit 2
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arle-remote-smoke.XXXXXX")
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
up() {  # wait until something listens on 127.0.0.1:$1
    for _ in $(seq 100); do
        "$py" -c "import socket, sys; socket.create_connection(('127.0.0.1', $1), 1)" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "remote smoke: nothing listens on 127.0.0.1:$1" >&2
    return 1
}

mailbox_port=$(free_port)
relay_port=$(free_port)
(cd "$tmp" && exec "$py" -m twisted wormhole-mailbox --port="tcp:$mailbox_port:interface=127.0.0.1" \
    --channel-db="$tmp/channels.sqlite") >"$tmp/mailbox.log" 2>&1 &
pids+=($!)
(cd "$tmp" && exec "$py" -m twisted transitrelay --port="tcp:$relay_port:interface=127.0.0.1") \
    >"$tmp/relay.log" 2>&1 &
pids+=($!)
up "$mailbox_port"
up "$relay_port"
servers=(--mailbox "ws://127.0.0.1:$mailbox_port/v1" --relay "tcp:127.0.0.1:$relay_port" --no-direct)

# shellcheck disable=SC2086  # ARLE may be "python -m arle"
$arle remote host "${servers[@]}" --seed 7 --level random --json --wait 120 >"$tmp/host.out" 2>"$tmp/host.err" &
host=$!
pids+=($host)
code=""
for _ in $(seq 300); do
    code=$("$py" -c 'import json, sys
for line in open(sys.argv[1]):
    if line.startswith("{") and "code" in json.loads(line):
        print(json.loads(line)["code"]); break' "$tmp/host.out" 2>/dev/null || true)
    [[ -n $code ]] && break
    sleep 0.1
done
[[ -n $code ]] || { echo "remote smoke: the host gave no code" >&2; cat "$tmp/host.err" >&2; exit 1; }
# shellcheck disable=SC2086
$arle remote join "${servers[@]}" --code "$code" --level random --json --wait 120 >"$tmp/join.out" 2>"$tmp/join.err" \
    || { echo "remote smoke: join failed" >&2; cat "$tmp/join.err" >&2; exit 1; }
wait "$host" || { echo "remote smoke: host failed" >&2; cat "$tmp/host.err" >&2; exit 1; }
digest() { tail -n1 "$1" | "$py" -c 'import json, sys; print(json.loads(sys.stdin.read())["digest"])'; }
a=$(digest "$tmp/host.out")
b=$(digest "$tmp/join.out")
[[ -n $a && $a == "$b" ]] || { echo "remote smoke: the two sides differ ($a / $b)" >&2; exit 1; }
echo "remote smoke: a whole game through a loopback mailbox and relay, both sides at digest $a"
