package main

import (
	"fmt"
	"strconv"
	"strings"
)

// args is a subcommand's command line: positional arguments and --flags,
// in any order ("res list FILE --json" and "res list --json FILE" alike).
type args struct {
	positional []string
	flags      map[string]string
}

// parseArgs splits raw into positionals and flags. Boolean flags are named
// in bools, flags taking a value in values; anything else is an error.
func parseArgs(raw []string, bools, values []string) (args, error) {
	a := args{flags: map[string]string{}}
	isBool := func(n string) bool { return contains(bools, n) }
	for i := 0; i < len(raw); i++ {
		arg := raw[i]
		if !strings.HasPrefix(arg, "--") || arg == "--" {
			a.positional = append(a.positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg[2:], "=")
		switch {
		case isBool(name) && !hasValue:
			a.flags[name] = "true"
		case contains(values, name) && hasValue:
			a.flags[name] = value
		case contains(values, name) && i+1 < len(raw):
			i++
			a.flags[name] = raw[i]
		default:
			return a, fmt.Errorf("unknown or incomplete flag %s", arg)
		}
	}
	return a, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (a args) bool(name string) bool { return a.flags[name] == "true" }

// int returns flag name as an integer, def when absent.
func (a args) int(name string, def int) (int, error) {
	v, ok := a.flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("--%s wants a number, got %q", name, v)
	}
	return n, nil
}
