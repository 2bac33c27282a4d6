#!/bin/sh
# A stand-in game engine for the playtest tests. It writes its arguments,
# one a line, to the file $PLAYTEST_RECORD, prints $PLAYTEST_SAY to its
# error output, and exits with $PLAYTEST_EXIT (0 when unset).
printf '%s\n' "$@" > "$PLAYTEST_RECORD"
if [ -n "$PLAYTEST_SAY" ]; then echo "$PLAYTEST_SAY" >&2; fi
exit "${PLAYTEST_EXIT:-0}"
