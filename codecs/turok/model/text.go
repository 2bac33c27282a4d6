package model

import (
	"strconv"

	"github.com/levelwright/levelwright/codecs/bin"
)

// The Kex engine's text files (kmesh models among them) are blocks in
// braces of entries: "key = value ...", "key = { ... }", "key { ... }",
// an anonymous "{ ... }", or a bare number or string (the items of a
// list). Comments run from // to the end of the line or between /* and
// */.

// value is a number, a word or a quoted string, as written.
type value struct {
	text   string
	quoted bool
	at     int
}

// integer is v as a whole number from lo to hi.
func (v value) integer(lo, hi int) (int, error) {
	n, err := strconv.Atoi(v.text)
	if v.quoted || err != nil || n < lo || n > hi {
		return 0, bin.Errorf(int64(v.at), "number", "a whole number from %d to %d, found %q", lo, hi, v.text)
	}
	return n, nil
}

// entry is one entry of a block: a key ("" for an anonymous block or a
// bare value) with the values after its "=", or its block.
type entry struct {
	key    string
	values []value
	block  *block
	at     int
}

// describe names e in an error: its key, its values or a block.
func (e *entry) describe() string {
	switch {
	case e.key != "":
		return strconv.Quote(e.key)
	case e.block != nil:
		return "a block"
	}
	return strconv.Quote(e.values[0].text)
}

// integer is the whole number of a bare value entry.
func (e *entry) integer(lo, hi int) (int, error) {
	if e.key != "" || e.block != nil || len(e.values) != 1 {
		return 0, bin.Errorf(int64(e.at), "list", "a number, found %s", e.describe())
	}
	return e.values[0].integer(lo, hi)
}

// block is the entries between a pair of braces (or of the whole file).
type block struct {
	entries []entry
	at      int
}

// find is the first entry of key, nil for none.
func (b *block) find(key string) *entry {
	for i := range b.entries {
		if b.entries[i].key == key {
			return &b.entries[i]
		}
	}
	return nil
}

// anonymous are the block's anonymous blocks, in order.
func (b *block) anonymous() []*entry {
	var out []*entry
	for i := range b.entries {
		if e := &b.entries[i]; e.key == "" && e.block != nil {
			out = append(out, e)
		}
	}
	return out
}

// maxDepth is how deeply blocks may nest: a kmesh nests six deep.
const maxDepth = 32

// token kinds.
const (
	tokEOF = iota
	tokOpen
	tokClose
	tokEquals
	tokWord // a number or a name
	tokString
)

type token struct {
	kind int
	text string
	at   int
}

// lexer splits a text file into tokens.
type lexer struct {
	data   []byte
	pos    int
	peeked *token
}

func (l *lexer) peek() (token, error) {
	if l.peeked == nil {
		t, err := l.scan()
		if err != nil {
			return t, err
		}
		l.peeked = &t
	}
	return *l.peeked, nil
}

func (l *lexer) next() (token, error) {
	t, err := l.peek()
	l.peeked = nil
	return t, err
}

func (l *lexer) scan() (token, error) {
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ';':
			l.pos++
		case c == '/' && l.pos+1 < len(l.data) && l.data[l.pos+1] == '/':
			for l.pos < len(l.data) && l.data[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(l.data) && l.data[l.pos+1] == '*':
			start := l.pos
			l.pos += 2
			for l.pos+1 < len(l.data) && (l.data[l.pos] != '*' || l.data[l.pos+1] != '/') {
				l.pos++
			}
			if l.pos+1 >= len(l.data) {
				return token{}, bin.Errorf(int64(start), "comment", "*/ to close it")
			}
			l.pos += 2
		default:
			return l.word()
		}
	}
	return token{kind: tokEOF, at: l.pos}, nil
}

// word scans the token at pos, which is not space.
func (l *lexer) word() (token, error) {
	start := l.pos
	switch c := l.data[l.pos]; c {
	case '{':
		l.pos++
		return token{kind: tokOpen, text: "{", at: start}, nil
	case '}':
		l.pos++
		return token{kind: tokClose, text: "}", at: start}, nil
	case '=':
		l.pos++
		return token{kind: tokEquals, text: "=", at: start}, nil
	case '"':
		l.pos++
		for l.pos < len(l.data) && l.data[l.pos] != '"' && l.data[l.pos] != '\n' {
			l.pos++
		}
		if l.pos >= len(l.data) || l.data[l.pos] != '"' {
			return token{}, bin.Errorf(int64(start), "string", `a closing " on its line`)
		}
		l.pos++
		return token{kind: tokString, text: string(l.data[start+1 : l.pos-1]), at: start}, nil
	}
	for l.pos < len(l.data) && !special(l.data[l.pos]) {
		l.pos++
	}
	return token{kind: tokWord, text: string(l.data[start:l.pos]), at: start}, nil
}

// special ends a word.
func special(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ';', '{', '}', '=', '"':
		return true
	}
	return false
}

// parseText reads a text file into its top block.
func parseText(data []byte) (*block, error) {
	l := &lexer{data: data}
	top, err := l.block(0, 0)
	if err != nil {
		return nil, err
	}
	return top, nil
}

// block reads entries up to the closing brace (at depth 0, the end of
// the file), which it takes.
func (l *lexer) block(depth, at int) (*block, error) {
	if depth > maxDepth {
		return nil, bin.Errorf(int64(at), "block", "blocks nested at most %d deep", maxDepth)
	}
	b := &block{at: at}
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case tokEOF:
			if depth > 0 {
				return nil, bin.Errorf(int64(t.at), "block", "} to close the block opened at offset %d", at)
			}
			return b, nil
		case tokClose:
			if depth == 0 {
				return nil, bin.Errorf(int64(t.at), "file", "an entry, not }")
			}
			return b, nil
		case tokOpen:
			inner, err := l.block(depth+1, t.at)
			if err != nil {
				return nil, err
			}
			b.entries = append(b.entries, entry{block: inner, at: t.at})
		case tokEquals:
			return nil, bin.Errorf(int64(t.at), "block", "a key before =")
		case tokString:
			b.entries = append(b.entries, entry{values: []value{{text: t.text, quoted: true, at: t.at}}, at: t.at})
		case tokWord:
			e, err := l.keyed(t, depth)
			if err != nil {
				return nil, err
			}
			b.entries = append(b.entries, e)
		}
	}
}

// keyed reads what follows a word: "= values", "= { ... }" or "{ ... }"
// make it a key; else it is a bare value.
func (l *lexer) keyed(word token, depth int) (entry, error) {
	e := entry{key: word.text, at: word.at}
	t, err := l.peek()
	if err != nil {
		return e, err
	}
	switch t.kind {
	case tokOpen:
		l.next()
		e.block, err = l.block(depth+1, t.at)
		return e, err
	case tokEquals:
		l.next()
	default:
		if _, err := strconv.ParseFloat(word.text, 64); err == nil {
			return entry{values: []value{{text: word.text, at: word.at}}, at: word.at}, nil
		}
		return e, nil // a bare name
	}
	if t, err = l.peek(); err != nil {
		return e, err
	}
	if t.kind == tokOpen {
		l.next()
		e.block, err = l.block(depth+1, t.at)
		return e, err
	}
	for t.kind == tokWord || t.kind == tokString {
		if t.kind == tokWord && len(e.values) > 0 {
			if _, err := strconv.ParseFloat(t.text, 64); err != nil {
				break // the next entry's key
			}
		}
		l.next()
		e.values = append(e.values, value{text: t.text, quoted: t.kind == tokString, at: t.at})
		if t, err = l.peek(); err != nil {
			return e, err
		}
	}
	if len(e.values) == 0 {
		return e, bin.Errorf(int64(t.at), word.text, "a value after =")
	}
	return e, nil
}
