#!/bin/sh
# ldflags.sh
#
# Prints the linker flags of a release build: no symbol table or DWARF
# (-s -w, a third of the size), and the commit it is built from for
# `levelwright --version` (with "-modified" when the work tree has
# changes), which go build's own stamp leaves out where -buildvcs=false.
set -eu
cd "$(dirname "$0")/.."
flags="-s -w"
if commit=$(git rev-parse HEAD 2>/dev/null); then
	[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit=$commit-modified
	flags="$flags -X main.commit=$commit"
fi
echo "$flags"
