// Package clocale keeps Fyne quiet on the "C.UTF-8" locale of servers and
// CI machines: Fyne reads "C" as a language tag at start-up and logs an
// error to standard error, which would break the command line's promise of
// one line there. When the message locale is C or POSIX with a codeset and
// LANGUAGE is unset, it sets LANGUAGE=en, which is what C means for
// messages.
//
// Import it for its side effect from main. Go initialises ready packages in
// import-path order, so this one (no imports but os) runs before Fyne's
// lang package, which waits on golang.org/x/text.
package clocale

import (
	"os"
	"strings"
)

func init() {
	if needsLanguage(os.Getenv) {
		os.Setenv("LANGUAGE", "en")
	}
}

// needsLanguage reports whether the message locale, the first of LC_ALL,
// LC_MESSAGES and LANG that is set, is C or POSIX with a codeset, and
// LANGUAGE is unset.
func needsLanguage(getenv func(string) string) bool {
	if getenv("LANGUAGE") != "" {
		return false
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			return strings.HasPrefix(v, "C.") || strings.HasPrefix(v, "POSIX.")
		}
	}
	return false
}
