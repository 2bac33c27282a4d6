// Package bin holds what every codec shares: the error that names the byte
// offset where decoding failed and what was expected there.
package bin

import "fmt"

// Error is a decoding failure at a byte offset. Where names the structure
// being read (a chunk, a record, an archive path); callers prefix the file.
type Error struct {
	Offset   int64
	Where    string
	Expected string
}

// Error gives the offset, the place and what was expected there.
func (e *Error) Error() string {
	if e.Where == "" {
		return fmt.Sprintf("offset %d: expected %s", e.Offset, e.Expected)
	}
	return fmt.Sprintf("%s: offset %d: expected %s", e.Where, e.Offset, e.Expected)
}

// Errorf returns an *Error at offset with a formatted expectation.
func Errorf(offset int64, where, format string, args ...any) *Error {
	return &Error{Offset: offset, Where: where, Expected: fmt.Sprintf(format, args...)}
}

// Problem is a validation finding, in the form `check --json` prints:
// severity "error" or "warning", the level, the kind of entity ("tile",
// "object", "polygon", "line", ...), its index, a short code and a message.
type Problem struct {
	Severity string `json:"severity"`
	Level    int    `json:"level"`
	Kind     string `json:"kind"`
	Index    int    `json:"index"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// Errors keeps the problems of severity "error".
func Errors(problems []Problem) []Problem {
	var errs []Problem
	for _, p := range problems {
		if p.Severity == "error" {
			errs = append(errs, p)
		}
	}
	return errs
}

// Guard runs check, one validation of level, and returns its problems;
// a check that panics (a bug in it, not in the file) becomes one error
// problem, code "check-failed", so that the rest of the checks, the
// problem list and the editor go on.
func Guard(level int, name string, check func() []Problem) (problems []Problem) {
	defer func() {
		if r := recover(); r != nil {
			problems = append(problems, Problem{Severity: "error", Level: level, Kind: "level", Index: level,
				Code: "check-failed", Message: fmt.Sprintf("the %s check failed (a Levelwright bug): %v", name, r)})
		}
	}()
	return check()
}
