#!/bin/sh
# install-deps.sh build|test|dist
#
# Installs the system packages Levelwright needs on Debian and Ubuntu:
# "build" for compiling and running the editor (cgo, OpenGL, X11 headers);
# "dist" adds mingw-w64, ImageMagick and zip, for the Windows build and the
# release archives; "test" adds those, Xvfb and the X tools the end-to-end
# GUI tests drive, and Wine, which runs the Windows build in the tests.
# It installs only what is missing, as root or through sudo; elsewhere it
# says what to install by hand and leaves the build to report the rest.
set -eu

build_packages="gcc pkg-config libgl1-mesa-dev libgl1-mesa-dri xorg-dev"
dist_packages="gcc-mingw-w64-x86-64 imagemagick zip xz-utils"
test_packages="xvfb xdotool x11-utils wine64"

case "${1:-build}" in
build) wanted=$build_packages ;;
dist) wanted="$build_packages $dist_packages" ;;
test) wanted="$build_packages $dist_packages $test_packages" ;;
*) echo "usage: $0 build|test|dist" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: not a Debian or Ubuntu system; install a C compiler, pkg-config and the OpenGL and X11 development files by hand (see README.md)" >&2
	exit 0
fi

missing=""
for p in $wanted; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "install-deps: missing packages:$missing; install them as root: apt-get install$missing" >&2
	exit 1
fi
echo "install-deps: installing$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
