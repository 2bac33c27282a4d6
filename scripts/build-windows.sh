#!/bin/sh
# build-windows.sh FOLDER
#
# Cross-compiles Levelwright for 64-bit Windows with mingw-w64 into FOLDER:
# levelwright.exe, the editor, a GUI program (no console window opens with
# it), and levelwright.com, the console launcher that lets the command line
# work from a terminal (see cmd/levelwright/console). Both carry the icon and
# a version resource made from FyneApp.toml, the one place the version is
# kept. Needs x86_64-w64-mingw32-gcc and -windres and ImageMagick's convert
# (`sh scripts/install-deps.sh dist` installs them on Debian).
set -eu
out=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$(dirname "$0")/.."
GO=${GO:-go}

name=$(sh scripts/appfield.sh Name)
version=$(sh scripts/appfield.sh Version)
build=$(sh scripts/appfield.sh Build)
case "$version" in
*.*.*) ;;
*) echo "build-windows: FyneApp.toml Version \"$version\" is not MAJOR.MINOR.PATCH" >&2; exit 1 ;;
esac
numbers=$(echo "$version" | tr . ,),$build

work=$(mktemp -d)
trap 'rm -rf "$work" cmd/levelwright/rsrc_windows_amd64.syso cmd/levelwright/console/rsrc_windows_amd64.syso' EXIT
convert Icon.png -define icon:auto-resize=256,64,48,32,16 "$work/levelwright.ico"

# resource FILE DESCRIPTION: a .rc script of the icon and version resource.
resource() {
	cat <<RC
1 ICON "$work/levelwright.ico"
1 VERSIONINFO
FILEVERSION $numbers
PRODUCTVERSION $numbers
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "$name"
      VALUE "FileDescription", "$2"
      VALUE "FileVersion", "$version"
      VALUE "InternalName", "levelwright"
      VALUE "OriginalFilename", "$1"
      VALUE "ProductName", "$name"
      VALUE "ProductVersion", "$version"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
RC
}
resource levelwright.exe "$name level editor" > "$work/exe.rc"
resource levelwright.com "$name level editor (command line)" > "$work/com.rc"
x86_64-w64-mingw32-windres -O coff -o cmd/levelwright/rsrc_windows_amd64.syso "$work/exe.rc"
x86_64-w64-mingw32-windres -O coff -o cmd/levelwright/console/rsrc_windows_amd64.syso "$work/com.rc"

# -H windowsgui: the GUI subsystem, so that no console window opens with
# the editor.
ldflags=$(sh scripts/ldflags.sh)
export GOOS=windows GOARCH=amd64
CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc $GO build -ldflags "$ldflags -H windowsgui" -o "$out/levelwright.exe" ./cmd/levelwright
CGO_ENABLED=0 $GO build -ldflags "$ldflags" -o "$out/levelwright.com" ./cmd/levelwright/console
