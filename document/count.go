package document

import (
	"fmt"
	"strings"
)

// Count is n of noun, the noun plural but for one: "1 tile", "8 tiles",
// "2 entities", "3 boxes".
func Count(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %s", n, Plural(noun))
}

// Plural is noun's English plural, for the nouns entity kinds and steps
// use: "entity" → "entities", "box" → "boxes", "move" → "moves".
func Plural(noun string) string {
	switch {
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "sh"), strings.HasSuffix(noun, "ch"):
		return noun + "es"
	}
	return noun + "s"
}
