#!/bin/sh
# appfield.sh FIELD
#
# Prints a field of FyneApp.toml's [Details] (Name, ID, Version, Build):
# the one place the application's identity and version are kept, which
# the program embeds (metadata.go) and the release scripts read.
set -eu
cd "$(dirname "$0")/.."
value=$(sed -n "/^\[Details\]/,/^\[/s/^$1 *= *\"\{0,1\}\([^\"]*\)\"\{0,1\} *\$/\1/p" FyneApp.toml)
if [ -z "$value" ]; then
	echo "appfield: FyneApp.toml [Details] has no $1" >&2
	exit 1
fi
echo "$value"
