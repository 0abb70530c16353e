#!/usr/bin/env bash
# Build Arle for macOS from this checkout:
#   dist/arle-<version>-macos-<arch>.dmg   (Arle.app, ad-hoc signed, beside a link to /Applications)
#
# Makes a build venv, installs the locked build tools and dependencies
# (packaging/requirements-build.txt) and the game (not editable) into it, freezes the game
# with packaging/arle.spec (its BUNDLE step makes Arle.app), signs the bundle ad hoc, runs the
# bundle's self-test, makes the disk image with hdiutil, then mounts the image read-only and runs
# the self-test of the app inside it.
#
# Without a Developer ID the app is only signed ad hoc: a downloaded copy is quarantined by
# Gatekeeper. Players remove the attribute once: xattr -dr com.apple.quarantine /Applications/Arle.app
#
# Settings (environment): ARLE_BUILD_VENV (default build/venv), PYTHON (default python3, 3.11+),
# ARLE_CODESIGN_IDENTITY (default "-", ad hoc; a Developer ID name signs for real).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
build=$repo/build
out=$repo/dist
venv=${ARLE_BUILD_VENV:-$build/venv}
python=${PYTHON:-python3}
identity=${ARLE_CODESIGN_IDENTITY:--}
started=$(date +%s)
export PIP_DISABLE_PIP_VERSION_CHECK=1
say() { printf '== %s\n' "$*"; }

[[ $(uname -s) == Darwin ]] || { echo "packaging/macos/build.sh runs on macOS only" >&2; exit 1; }

if [[ ! -x $venv/bin/python ]]; then
    say "creating build venv $venv"
    "$python" -m venv "$venv"
fi
vpy=$venv/bin/python
# Locked versions with their hashes (packaging/requirements-build.txt); the game itself without
# dependencies or build isolation, so nothing unlocked is fetched; pip check proves the lock fits.
"$vpy" -m pip install -q --require-hashes -r packaging/requirements-build.txt
"$vpy" -m pip install -q --force-reinstall --no-deps --no-build-isolation .
"$vpy" -m pip check
version=$("$vpy" -c 'from importlib.metadata import version; print(version("arle"))')
arch=$("$vpy" -c 'import platform; print(platform.machine())')
say "arle $version ($arch)"

say "PyInstaller (packaging/arle.spec)"
rm -rf "$build/dist" "$build/pyinstaller"
"$venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$build/dist" --workpath "$build/pyinstaller" packaging/arle.spec
bundle=$build/dist/Arle.app
[[ -d $bundle ]] || { echo "PyInstaller made no $bundle" >&2; exit 1; }

say "signing $bundle (identity: $identity)"
codesign --force --deep --sign "$identity" --timestamp=none "$bundle"
codesign --verify --deep --strict --verbose=2 "$bundle"

say "self-test of the bundle"
QT_QPA_PLATFORM=offscreen "$bundle/Contents/MacOS/arle" --self-test

say "disk image"
mkdir -p "$out"
dmg=$out/arle-$version-macos-$arch.dmg
stage=$build/dmg
rm -rf "$stage" "$dmg"
mkdir -p "$stage"
ditto "$bundle" "$stage/Arle.app"
ln -s /Applications "$stage/Applications"
# hdiutil now and then fails with "Resource busy" on CI machines: try again.
for attempt in 1 2 3; do
    hdiutil create -volname "Arle $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg" >/dev/null && break
    [[ $attempt -lt 3 ]] || { echo "hdiutil create failed 3 times" >&2; exit 1; }
    sleep 5
done
hdiutil verify "$dmg" >/dev/null

say "self-test of the app inside the disk image"
mnt=$(mktemp -d "${TMPDIR:-/tmp}/arle-dmg.XXXXXX")
hdiutil attach -nobrowse -readonly -mountpoint "$mnt" "$dmg" >/dev/null
trap 'hdiutil detach "$mnt" -quiet || true' EXIT
QT_QPA_PLATFORM=offscreen "$mnt/Arle.app/Contents/MacOS/arle" --self-test
codesign --verify --deep --strict "$mnt/Arle.app"
hdiutil detach "$mnt" -quiet
trap - EXIT

say "built $dmg ($(du -h "$dmg" | cut -f1)) in $(($(date +%s) - started))s"
