package script

import (
	"fmt"
	"strings"
)

// Lua 5.1's patterns (the manual's section 5.4.1), matched by
// backtracking as Lua does, but with a count of the steps taken that
// asks the run, every patternCheckEvery steps, whether it must stop: a
// pattern that backtracks for ages is stopped by the time limit like
// any other script.

// maxCaptures is the most captures a pattern may hold, as in Lua.
const maxCaptures = 32

// maxPatternDepth is the deepest the matcher recurses (a pattern item
// with a quantifier, or a capture, each take a level).
const maxPatternDepth = 500

// patternCheckEvery is how many matcher steps pass between two calls
// of the matcher's check.
const patternCheckEvery = 1 << 10

// A capture's length while it is open, and that of a position capture.
const (
	captureOpen     = -1
	capturePosition = -2
)

// patternError is a malformed pattern, or the check's reason to stop,
// raised through the matcher's recursion.
type patternError struct{ err error }

// matcher matches one pattern against one subject.
type matcher struct {
	src, pat string
	level    int // captures started
	capture  [maxCaptures]struct{ start, length int }
	depth    int
	steps    int
	check    func() error // the run's: an error stops the match
}

// fail ends the match with a message.
func (m *matcher) fail(format string, args ...any) {
	panic(patternError{fmt.Errorf(format, args...)})
}

// step counts a step and asks check every patternCheckEvery steps.
func (m *matcher) step() {
	m.steps++
	if m.steps%patternCheckEvery == 0 {
		if err := m.check(); err != nil {
			panic(patternError{err})
		}
	}
}

// find matches the pattern from p at subject index s, trying each
// later start too unless anchored, and returns where the match starts
// and ends, or -1.
func (m *matcher) find(s, p int, anchored bool) (start, end int, err error) {
	defer func() {
		if e := recover(); e != nil {
			pe, ok := e.(patternError)
			if !ok {
				panic(e)
			}
			err = pe.err
		}
	}()
	for {
		m.level, m.depth = 0, 0
		if e := m.match(s, p); e >= 0 {
			return s, e, nil
		}
		s++
		if anchored || s > len(m.src) {
			return -1, -1, nil
		}
	}
}

// match matches the pattern from p at subject index s and returns the
// end of the match, or -1.
func (m *matcher) match(s, p int) int {
	m.depth++
	defer func() { m.depth-- }()
	if m.depth > maxPatternDepth {
		m.fail("pattern too complex")
	}
	for {
		m.step()
		if p == len(m.pat) {
			return s
		}
		switch m.pat[p] {
		case '(':
			if p+1 < len(m.pat) && m.pat[p+1] == ')' {
				return m.startCapture(s, p+2, capturePosition)
			}
			return m.startCapture(s, p+1, captureOpen)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s
				}
				return -1
			}
		case '%':
			if p+1 < len(m.pat) {
				switch c := m.pat[p+1]; {
				case c == 'b':
					if s = m.balance(s, p+2); s < 0 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(m.pat) || m.pat[p] != '[' {
						m.fail("missing '[' after '%%f' in pattern")
					}
					ep := m.classEnd(p)
					var prev, next byte
					if s > 0 {
						prev = m.src[s-1]
					}
					if s < len(m.src) {
						next = m.src[s]
					}
					if m.inSet(prev, p, ep-1) || !m.inSet(next, p, ep-1) {
						return -1
					}
					p = ep
					continue
				case c >= '0' && c <= '9':
					if s = m.backReference(s, c); s < 0 {
						return -1
					}
					p += 2
					continue
				}
			}
		}
		ep := m.classEnd(p)
		matches := s < len(m.src) && m.single(m.src[s], p, ep)
		if ep < len(m.pat) {
			switch m.pat[ep] {
			case '?':
				if matches {
					if e := m.match(s+1, ep+1); e >= 0 {
						return e
					}
				}
				p = ep + 1
				continue
			case '*':
				return m.maxExpand(s, p, ep)
			case '+':
				if !matches {
					return -1
				}
				return m.maxExpand(s+1, p, ep)
			case '-':
				return m.minExpand(s, p, ep)
			}
		}
		if !matches {
			return -1
		}
		s, p = s+1, ep
	}
}

// maxExpand matches as many of the item at p as it can, then the rest
// of the pattern, giving back one at a time.
func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for s+i < len(m.src) && m.single(m.src[s+i], p, ep) {
		m.step()
		i++
	}
	for ; i >= 0; i-- {
		if e := m.match(s+i, ep+1); e >= 0 {
			return e
		}
	}
	return -1
}

// minExpand matches as few of the item at p as it can.
func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if e := m.match(s, ep+1); e >= 0 {
			return e
		}
		if s >= len(m.src) || !m.single(m.src[s], p, ep) {
			return -1
		}
		s++
	}
}

// startCapture opens a capture at s and matches the rest.
func (m *matcher) startCapture(s, p, length int) int {
	if m.level >= maxCaptures {
		m.fail("too many captures")
	}
	m.capture[m.level].start, m.capture[m.level].length = s, length
	m.level++
	e := m.match(s, p)
	if e < 0 {
		m.level--
	}
	return e
}

// endCapture closes the last open capture at s and matches the rest.
func (m *matcher) endCapture(s, p int) int {
	l := m.level - 1
	for ; l >= 0 && m.capture[l].length != captureOpen; l-- {
	}
	if l < 0 {
		m.fail("invalid pattern capture")
	}
	m.capture[l].length = s - m.capture[l].start
	e := m.match(s, p)
	if e < 0 {
		m.capture[l].length = captureOpen
	}
	return e
}

// balance matches %bxy at s.
func (m *matcher) balance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.fail("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1
	}
	open, closing, depth := m.pat[p], m.pat[p+1], 1
	for s++; s < len(m.src); s++ {
		m.step()
		switch m.src[s] {
		case closing:
			if depth--; depth == 0 {
				return s + 1
			}
		case open:
			depth++
		}
	}
	return -1
}

// backReference matches at s what capture %c (1 to 9) matched.
func (m *matcher) backReference(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= m.level || m.capture[l].length == captureOpen {
		m.fail("invalid capture index")
	}
	start, length := m.capture[l].start, m.capture[l].length
	if length < 0 || len(m.src)-s < length || m.src[start:start+length] != m.src[s:s+length] {
		return -1
	}
	return s + length
}

// classEnd is the index after the single-character class at p.
func (m *matcher) classEnd(p int) int {
	c := m.pat[p]
	p++
	switch c {
	case '%':
		if p >= len(m.pat) {
			m.fail("malformed pattern (ends with '%%')")
		}
		return p + 1
	case '[':
		if p < len(m.pat) && m.pat[p] == '^' {
			p++
		}
		for {
			if p >= len(m.pat) {
				m.fail("malformed pattern (missing ']')")
			}
			c := m.pat[p]
			p++
			if c == '%' && p < len(m.pat) {
				p++
			}
			if p >= len(m.pat) {
				m.fail("malformed pattern (missing ']')")
			}
			if m.pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// single reports whether c matches the class from p to ep.
func (m *matcher) single(c byte, p, ep int) bool {
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return classMatches(c, m.pat[p+1])
	case '[':
		return m.inSet(c, p, ep-1)
	}
	return m.pat[p] == c
}

// inSet reports whether c is in the set [...] from p to its ']' at end.
func (m *matcher) inSet(c byte, p, end int) bool {
	in := true
	if m.pat[p+1] == '^' {
		in = false
		p++
	}
	for p++; p < end; p++ {
		switch {
		case m.pat[p] == '%':
			p++
			if classMatches(c, m.pat[p]) {
				return in
			}
		case m.pat[p+1] == '-' && p+2 < end:
			p += 2
			if m.pat[p-2] <= c && c <= m.pat[p] {
				return in
			}
		case m.pat[p] == c:
			return in
		}
	}
	return !in
}

// classMatches reports whether c is in the class %cl, as C's "C" locale
// classifies bytes; any other cl matches itself.
func classMatches(c, cl byte) bool {
	var in bool
	switch cl | 0x20 {
	case 'a':
		in = isLetter(c)
	case 'c':
		in = c < 32 || c == 127
	case 'd':
		in = '0' <= c && c <= '9'
	case 'l':
		in = 'a' <= c && c <= 'z'
	case 'p':
		in = c > 32 && c < 127 && !isLetter(c) && !('0' <= c && c <= '9')
	case 's':
		in = c == ' ' || '\t' <= c && c <= '\r'
	case 'u':
		in = 'A' <= c && c <= 'Z'
	case 'w':
		in = isLetter(c) || '0' <= c && c <= '9'
	case 'x':
		in = '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
	case 'z':
		in = c == 0
	default:
		return cl == c
	}
	if 'A' <= cl && cl <= 'Z' {
		return !in
	}
	return in
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// hasSpecials reports whether a pattern holds any character that is
// not itself, so that string.find may search for it plainly.
func hasSpecials(p string) bool { return strings.ContainsAny(p, "^$*+?.([%-") }
