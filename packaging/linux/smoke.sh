#!/usr/bin/env bash
# Smoke test of the built .deb: install it into a throwaway root (dpkg --root) and run
# `arle --self-test` from the installed path, offscreen; under Xvfb with the real xcb platform too
# when xvfb-run is there; and a whole live game of two installed Arles through a loopback
# magic-wormhole mailbox and relay (remote_smoke.sh) when a Python with those servers is given. Also checks the package's files, that its Depends are installed here, that
# no bundled library misses a system library, and the .desktop and AppStream files (when the
# validators are installed).
#
#   packaging/linux/smoke.sh [dist/arle_<version>_amd64.deb]      (default: the newest in dist/)
#
# On a throwaway machine (a CI container) ARLE_SMOKE_APT=1 installs the .deb for real with apt-get,
# which pulls in its Depends, runs /usr/bin/arle --self-test and removes the package again.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
deb=${1:-$(ls -t "$repo"/dist/arle_*.deb 2>/dev/null | head -n1)}
[[ -f $deb ]] || { echo "no .deb given and none in $repo/dist: run packaging/linux/build.sh first" >&2; exit 1; }
deb=$(readlink -f "$deb")
app_id=org.arle.Arle
failures=0
say() { printf '== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; failures=$((failures + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/arle-smoke.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root

say "package $(basename "$deb"): $(du -h "$deb" | cut -f1)"
dpkg-deb --field "$deb" Package Version Architecture Installed-Size Depends

# --- the files the package must contain ------------------------------------------------------------
contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for f in ./opt/arle/arle ./usr/bin/arle ./usr/share/applications/$app_id.desktop \
         ./usr/share/icons/hicolor/scalable/apps/$app_id.svg ./usr/share/metainfo/$app_id.metainfo.xml \
         ./opt/arle/_internal/resources/icon.svg; do
    grep -qx -- "$f" <<<"$contents" || fail "the package lacks $f"
done
link=$(dpkg-deb --contents "$deb" | awk '$6 == "./usr/bin/arle" {print $8}')
[[ $link == /opt/arle/arle ]] || fail "/usr/bin/arle points to '$link', not /opt/arle/arle"

# --- its Depends are installed on this machine (the runs below rely on them) -------------------------
IFS=',' read -ra deps <<<"$(dpkg-deb --field "$deb" Depends)"
for dep in "${deps[@]}"; do
    found=""
    IFS='|' read -ra alternatives <<<"$dep"
    for alt in "${alternatives[@]}"; do
        name=$(awk '{print $1}' <<<"$alt")
        dpkg -s "$name" >/dev/null 2>&1 && found=$name
    done
    [[ -n $found ]] || fail "Depends names '$dep', which is not installed here"
done

# --- install into a temporary root ---------------------------------------------------------------
say "dpkg --root $root -i"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# The temporary root has no packages, so its dependency check is skipped here (checked above).
if ! dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless -i "$deb" >"$tmp/dpkg.log" 2>&1; then
    cat "$tmp/dpkg.log" >&2
    fail "dpkg --root could not install the package"
    say "falling back to dpkg-deb -x"
    dpkg-deb -x "$deb" "$root"
fi
status=$(dpkg --root="$root" -s arle 2>/dev/null | awk '/^Status:/ {print $2, $3, $4}' || true)
say "dpkg status in the temporary root: ${status:-none}"

# --- no bundled library misses a system library ---------------------------------------------------------
missing=$(find "$root/opt/arle" -type f -name '*.so*' -print0 | xargs -0 ldd 2>/dev/null | grep 'not found' | sort -u || true)
[[ -z $missing ]] || fail "libraries not found by the installed app:"$'\n'"$missing"

# --- the self-test from the installed path ----------------------------------------------------------------
# /usr/bin/arle is an absolute link to /opt/arle/arle; inside the temporary root the same link is
# made relative to it, so the run also goes through a symbolic link as on a real system.
mkdir -p "$tmp/bin"
ln -s "$root/opt/arle/arle" "$tmp/bin/arle"
say "arle --self-test (offscreen, through a link like /usr/bin/arle)"
if ! env -i HOME="$tmp" LANG=C.UTF-8 PATH="$tmp/bin:/usr/bin:/bin" QT_QPA_PLATFORM=offscreen arle --self-test; then
    fail "the installed app failed its self-test (offscreen)"
fi
if command -v xvfb-run >/dev/null 2>&1; then
    say "arle --self-test (xcb under Xvfb)"
    if ! env -i HOME="$tmp" LANG=C.UTF-8 PATH="$tmp/bin:/usr/bin:/bin" QT_QPA_PLATFORM=xcb \
            xvfb-run -a -s '-screen 0 1280x800x24' arle --self-test; then
        fail "the installed app failed its self-test on the xcb platform"
    fi
else
    say "xvfb-run not installed: xcb platform not tried (apt-get install xvfb xauth)"
fi

# --- a whole live game through magic-wormhole, on loopback (issue 47 item 9) ------------------------------
# The servers are not shipped: a Python with them runs beside the app (ARLE_SMOKE_SERVERS, else the
# checkout's .venv with the test extra).
servers_py=${ARLE_SMOKE_SERVERS:-$repo/.venv/bin/python}
if [[ -x $servers_py ]] && "$servers_py" -c "import wormhole_mailbox_server, wormhole_transit_relay" 2>/dev/null; then
    say "a live game between two installed Arles through a loopback mailbox and relay"
    HOME="$tmp" bash "$repo/packaging/linux/remote_smoke.sh" "$tmp/bin/arle" "$servers_py" \
        || fail "the installed app could not play a live game through magic-wormhole"
else
    say "no mailbox server and relay to run beside the app: live play not tried (ARLE_SMOKE_SERVERS)"
fi

# --- desktop integration files ----------------------------------------------------------------------------
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$root/usr/share/applications/$app_id.desktop" || fail "desktop-file-validate"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --pedantic "$root/usr/share/metainfo/$app_id.metainfo.xml" \
        || fail "appstreamcli validate"
fi

# --- optionally, a real installation on a throwaway machine ------------------------------------------------
if [[ ${ARLE_SMOKE_APT:-0} == 1 ]]; then
    say "apt-get install $deb (real installation)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq "$deb" </dev/null
    QT_QPA_PLATFORM=offscreen /usr/bin/arle --self-test || fail "/usr/bin/arle --self-test after apt-get install"
    apt-get remove -y -qq arle </dev/null
    [[ ! -e /opt/arle ]] || fail "/opt/arle is left behind after apt-get remove"
fi

if ((failures)); then
    echo "smoke test: $failures failure(s)" >&2
    exit 1
fi
say "smoke test passed"
