#!/bin/sh
# dist.sh
#
# Writes the release archives into build/dist/, named by the version in
# FyneApp.toml, with their SHA-256 sums in SHA256SUMS:
#   levelwright-VERSION-linux-amd64.tar.xz: the program, its .desktop file
#     and icon, the README and the licence;
#   levelwright-VERSION-windows-amd64.zip: levelwright.exe (the editor,
#     with icon and version resource), levelwright.com (its command line
#     in a terminal), the README and the licence.
# Run on Linux (amd64): the Windows build is cross-compiled with mingw-w64.
# `make dist` installs what it needs first.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
GO=${GO:-go}
id=$(sh scripts/appfield.sh ID)
name=$(sh scripts/appfield.sh Name)
version=$(sh scripts/appfield.sh Version)
dist=build/dist
rm -rf "$dist"
mkdir -p "$dist"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

licence=""
for f in LICENSE LICENSE.md LICENSE.txt COPYING; do
	[ -f "$f" ] && licence=$f && break
done
[ -n "$licence" ] || echo "dist: warning: the repository has no LICENSE file, so the archives carry none" >&2

# The files' times are the last commit's, so that the same commit gives
# the same archives.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)

linux=levelwright-$version-linux-amd64
mkdir "$stage/$linux"
CGO_ENABLED=1 GOOS=linux GOARCH=amd64 $GO build -ldflags "$(sh scripts/ldflags.sh)" -o "$stage/$linux/levelwright" ./cmd/levelwright
cp Icon.png "$stage/$linux/$id.png"
cat > "$stage/$linux/$id.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=$name
Comment=Level editor for System Shock, Marathon and Turok EX
Exec=levelwright %f
Icon=$id
Terminal=false
Categories=Development;Game;
DESKTOP
cp README.md $licence "$stage/$linux/"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" \
	-cJf "$dist/$linux.tar.xz" "$linux"

windows=levelwright-$version-windows-amd64
sh scripts/build-windows.sh "$stage/$windows"
cp README.md $licence "$stage/$windows/"
find "$stage/$windows" -exec touch -d "@$stamp" {} +
(cd "$stage" && find "$windows" | LC_ALL=C sort | zip -q -X -9 "$root/$dist/$windows.zip" -@)

(cd "$dist" && sha256sum "$linux.tar.xz" "$windows.zip" > SHA256SUMS && cat SHA256SUMS)
ls -l "$dist"
