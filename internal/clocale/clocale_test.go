package clocale

import "testing"

func TestNeedsLanguage(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LC_ALL": "POSIX.UTF-8", "LANG": "en_GB.UTF-8"}, true},
		{map[string]string{"LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LANG": "C"}, false}, // Fyne reads a bare C as no locale
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "de"}, false},
		{map[string]string{"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "C.UTF-8"}, false},
		{map[string]string{}, false},
	}
	for _, c := range cases {
		if got := needsLanguage(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: got %v", c.env, got)
		}
	}
}
