#!/usr/bin/env bash
# Build Arle's Linux installers from this checkout:
#   dist/arle_<version>_<debarch>.deb          (app in /opt/arle, /usr/bin/arle, menu entry, icon, AppStream)
#   dist/arle-<version>-linux-<arch>.tar.gz    (the one-dir build: unpack anywhere, run ./arle)
#   dist/arle-<version>-1.<arch>.rpm           (same layout, made by nfpm; skip with ARLE_RPM=0)
#
# Meant for a fresh Debian 12 machine (or container): as root it installs the system packages it
# needs. It makes its own build venv, installs the locked build tools and dependencies
# (packaging/requirements-build.txt) and the game (not editable) into it,
# freezes the game with packaging/arle.spec and runs `arle --self-test` on the result.
#
# Settings (environment): ARLE_BUILD_VENV (default build/venv: reused when it exists),
# ARLE_OUT (default dist), ARLE_RPM=0 (no .rpm), PYTHON (default python3, must be 3.11+).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
here=packaging/linux
build=$repo/build
out=${ARLE_OUT:-$repo/dist}
venv=${ARLE_BUILD_VENV:-$build/venv}
python=${PYTHON:-python3}
app_id=org.arle.Arle
started=$(date +%s)
export PIP_DISABLE_PIP_VERSION_CHECK=1
say() { printf '== %s\n' "$*"; }

# --- system packages: Python, binutils for PyInstaller (objdump, strip), Qt's runtime libraries ---
debs=(python3 python3-venv binutils git ca-certificates
      libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3 libx11-6 libx11-xcb1
      libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
      libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1 libxkbcommon0 libxkbcommon-x11-0
      libwayland-client0 libwayland-cursor0 libwayland-egl1 fonts-dejavu-core)
ensure_debs() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    ((${#missing[@]})) || return 0
    if [[ $(id -u) -ne 0 ]]; then
        echo "missing system packages (run as root to install them): ${missing[*]}" >&2
        exit 1
    fi
    say "installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
}
ensure_debs "${debs[@]}"
# Debian's own Python keeps libpython in a package of its own, which PyInstaller needs.
if [[ $("$python" -c 'import sys; print(sys.base_prefix)') == /usr ]]; then
    ensure_debs "libpython$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
fi

# --- build venv with PyInstaller and the game itself (not editable: its metadata gets bundled) ---
if [[ ! -x $venv/bin/python ]]; then
    say "creating build venv $venv"
    "$python" -m venv "$venv"
fi
vpy=$venv/bin/python
# Locked versions with their hashes (packaging/requirements-build.txt): the game's dependencies and
# the build tools. The game itself goes in without dependencies and without build isolation, so
# nothing unlocked is fetched; pip check then proves the lock satisfies it.
say "installing the locked dependencies and build tools"
"$vpy" -m pip install -q --require-hashes -r packaging/requirements-build.txt
say "installing the game into the build venv"
"$vpy" -m pip install -q --force-reinstall --no-deps --no-build-isolation .  # the checkout's code even if the version is unchanged
"$vpy" -m pip check
version=$("$vpy" -c 'from importlib.metadata import version; print(version("arle"))')
say "arle $version"

# --- freeze ------------------------------------------------------------------------------------------
# The pyinstaller command, not `python -m PyInstaller`: the latter puts the checkout on sys.path, and
# the build would take the checkout's modules and its arle.egg-info instead of the installed copy.
say "PyInstaller (packaging/arle.spec)"
rm -rf "$build/dist" "$build/pyinstaller"
"$venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$build/dist" --workpath "$build/pyinstaller" packaging/arle.spec
app=$build/dist/arle

say "self-test of the one-dir build"
QT_QPA_PLATFORM=offscreen "$app/arle" --self-test

# --- which system libraries the bundle links against, and so what the .deb depends on ----------------
# Every shared object in the bundle, its DT_NEEDED names, less what the bundle ships itself.
is_elf() { [[ $(head -c 4 "$1" | od -An -c | tr -d ' ') == 177ELF ]]; }
elves=()
while IFS= read -r -d '' f; do
    is_elf "$f" && elves+=("$f")
done < <(find "$app" -type f -size +1k -print0)
mapfile -t shipped < <(for f in "${elves[@]}"; do basename "$f"; done | sort -u)
mapfile -t needed < <(for f in "${elves[@]}"; do objdump -p "$f" | awk '$1 == "NEEDED" {print $2}'; done | sort -u)
mapfile -t system_libs < <(comm -23 <(printf '%s\n' "${needed[@]}") <(printf '%s\n' "${shipped[@]}"))
depends=()
unknown=()
for lib in "${system_libs[@]}"; do
    pkg=$(dpkg -S "*/$lib" 2>/dev/null | grep -v -- '-dev[:]' | head -n1 | cut -d: -f1 || true)
    if [[ -z $pkg ]]; then unknown+=("$lib"); else depends+=("$pkg"); fi
done
if ((${#unknown[@]})); then
    echo "the bundle needs system libraries no installed package provides: ${unknown[*]}" >&2
    exit 1
fi
# The Qt xcb platform's own needs (found by the walk above as well; named so they never go missing).
mapfile -t depends < <(printf '%s\n' "${depends[@]}" libxcb-cursor0 libxkbcommon-x11-0 libegl1 libgl1 | sort -u)
printf '%s\n' "${system_libs[@]}" >"$build/system-libs.txt"
say "Depends: ${depends[*]}"
# Debian 13 and Ubuntu 24.04 renamed libraries with time_t in their ABI (the "t64" transition):
# either name satisfies the dependency.
depends_field=$(for pkg in "${depends[@]}"; do
    case $pkg in
        libglib2.0-0|libcairo2|libgdk-pixbuf-2.0-0|libpng16-16|libssl3) echo "${pkg}t64 | $pkg" ;;
        *) echo "$pkg" ;;
    esac
done | paste -sd ',' | sed 's/,/, /g')

# --- the .deb ---------------------------------------------------------------------------------------
debarch=$(dpkg --print-architecture)
debversion=$(sed -E 's/\.?(a|b|rc|dev)([0-9]*)$/~\1\2/' <<<"$version")
root=$build/deb/root
rm -rf "$build/deb"
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/metainfo" \
    "$root/usr/share/icons/hicolor/scalable/apps" "$root/usr/share/doc/arle" "$root/DEBIAN"
cp -a "$app" "$root/opt/arle"
ln -s /opt/arle/arle "$root/usr/bin/arle"
install -m 644 "$here/$app_id.desktop" "$root/usr/share/applications/$app_id.desktop"
install -m 644 resources/icon.svg "$root/usr/share/icons/hicolor/scalable/apps/$app_id.svg"
release_date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
sed -e "s/@VERSION@/$version/" -e "s/@DATE@/$release_date/" "$here/$app_id.metainfo.xml" \
    >"$root/usr/share/metainfo/$app_id.metainfo.xml"
gzip -9n <CHANGELOG.md >"$root/usr/share/doc/arle/CHANGELOG.md.gz"
install -m 644 "$here/copyright" "$root/usr/share/doc/arle/copyright"
# A Debian-format changelog entry pointing to the real one (Debian policy wants changelog.gz).
{
    printf 'arle (%s) unstable; urgency=medium\n\n  * Release %s: see CHANGELOG.md.gz beside this file.\n\n' \
        "$debversion" "$version"
    printf ' -- The Arle developers <arle@users.noreply.invalid>  %s\n' \
        "$(date -u -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")"
} | gzip -9n >"$root/usr/share/doc/arle/changelog.gz"
chmod -R u=rwX,go=rX "$root"
find "$root/opt/arle" -type f -name '*.so*' -exec chmod a-x {} +  # libraries need no execute bit
installed_kib=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<EOF
Package: arle
Version: $debversion
Architecture: $debarch
Maintainer: The Arle developers <arle@users.noreply.invalid>
Installed-Size: $installed_kib
Depends: $depends_field
Recommends: fonts-dejavu-core | fonts-liberation2 | fonts-noto-core
Section: games
Priority: optional
Description: Fields of Arle for the desktop
 A desktop edition of Uwe Rosenberg's board game Fields of Arle: two players
 share one computer (hot-seat), or one player plays solo with undo.
 The game is installed under /opt/arle with its own copy of Python and Qt.
EOF
mkdir -p "$out"
deb=$out/arle_${debversion}_${debarch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
say "built $deb"

# --- the .tar.gz -------------------------------------------------------------------------------------
arch=$(uname -m)
stem=arle-$version-linux-$arch
rm -rf "${build:?}/tar"
mkdir -p "$build/tar"
cp -a "$app" "$build/tar/$stem"
install -m 644 "$here/$app_id.desktop" resources/icon.svg "$here/copyright" "$build/tar/$stem/"
mv "$build/tar/$stem/icon.svg" "$build/tar/$stem/$app_id.svg"
tarball=$out/$stem.tar.gz
mtime=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar -C "$build/tar" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" \
    -cf - "$stem" | gzip -9n >"$tarball"
say "built $tarball"

# --- the .rpm (nfpm): same files, requirements named by soname so any RPM distribution resolves them ---
if [[ ${ARLE_RPM:-1} != 0 ]]; then
    nfpm=$venv/bin/nfpm
    {
        echo "name: arle"
        echo "arch: $debarch"
        echo "platform: linux"
        echo "version: \"$version\""
        echo "release: 1"
        echo "section: games"
        echo "maintainer: The Arle developers <arle@users.noreply.invalid>"
        echo "description: Fields of Arle for the desktop (hot-seat for two or solo with undo)"
        echo "license: Proprietary"
        echo "contents:"
        echo "  - {src: $root/opt/arle, dst: /opt/arle, type: tree}"
        echo "  - {src: /opt/arle/arle, dst: /usr/bin/arle, type: symlink}"
        for f in usr/share/applications/$app_id.desktop usr/share/metainfo/$app_id.metainfo.xml \
                 usr/share/icons/hicolor/scalable/apps/$app_id.svg; do
            echo "  - {src: $root/$f, dst: /$f, file_info: {mode: 0644}}"
        done
        echo "depends:"
        for lib in "${system_libs[@]}"; do
            case $lib in ld-linux*|libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*) ;;
                *) echo "  - \"$lib()(64bit)\"" ;;
            esac
        done
    } >"$build/nfpm.yaml"
    "$nfpm" package --config "$build/nfpm.yaml" --packager rpm --target "$out/" >/dev/null
    say "built $(ls "$out"/arle-"$version"-1.*.rpm)"
fi

elapsed=$(($(date +%s) - started))
say "done in ${elapsed}s; one-dir build $(du -sh "$app" | cut -f1) unpacked:"
ls -l "$out"
