package script

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// generic is x as encoding/json's generic values: objects as
// map[string]any, lists as []any, numbers as float64.
func generic(x any) (any, error) {
	text, err := json.Marshal(x)
	if err != nil {
		return nil, err
	}
	p := genericReader{text: text, keys: map[string]string{}}
	if v, ok := p.value(); ok && p.at == len(text) {
		return v, nil
	}
	var v any
	err = json.Unmarshal(text, &v)
	return v, err
}

// genericReader reads text that json.Marshal wrote as generic values,
// faster than encoding/json does (an export is megabytes, read at each
// lw.level) and with one string for each field name. It reads what
// json.Marshal writes, without spaces; what it does not read (ok false),
// generic leaves to encoding/json, and a string with escapes it has
// encoding/json read, so that the values are always encoding/json's.
type genericReader struct {
	text []byte
	at   int
	keys map[string]string
}

// value reads the value at p.at.
func (p *genericReader) value() (v any, ok bool) {
	if p.at >= len(p.text) {
		return nil, false
	}
	switch c := p.text[p.at]; c {
	case '{':
		p.at++
		obj := map[string]any{}
		if p.skip('}') {
			return obj, true
		}
		for {
			key, ok := p.key()
			if !ok || !p.skip(':') {
				return nil, false
			}
			if obj[key], ok = p.value(); !ok {
				return nil, false
			}
			if p.skip('}') {
				return obj, true
			}
			if !p.skip(',') {
				return nil, false
			}
		}
	case '[':
		p.at++
		list := []any{}
		if p.skip(']') {
			return list, true
		}
		for {
			e, ok := p.value()
			if !ok {
				return nil, false
			}
			list = append(list, e)
			if p.skip(']') {
				return list, true
			}
			if !p.skip(',') {
				return nil, false
			}
		}
	case '"':
		return p.str()
	case 't', 'f', 'n':
		for _, w := range []struct {
			text string
			v    any
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if bytes.HasPrefix(p.text[p.at:], []byte(w.text)) {
				p.at += len(w.text)
				return w.v, true
			}
		}
		return nil, false
	}
	start := p.at
	for p.at < len(p.text) && bytes.IndexByte([]byte("+-.0123456789eE"), p.text[p.at]) >= 0 {
		p.at++
	}
	f, err := strconv.ParseFloat(string(p.text[start:p.at]), 64)
	return f, err == nil && p.at > start
}

// raw reads the string at p.at: its bytes between the quotes, and
// whether they hold escapes.
func (p *genericReader) raw() (raw []byte, escaped, ok bool) {
	if !p.skip('"') {
		return nil, false, false
	}
	start := p.at
	for ; p.at < len(p.text) && p.text[p.at] != '"'; p.at++ {
		if p.text[p.at] == '\\' {
			escaped = true
			p.at++
		}
	}
	if p.at >= len(p.text) {
		return nil, false, false
	}
	p.at++
	return p.text[start : p.at-1], escaped, true
}

// str reads the string at p.at.
func (p *genericReader) str() (string, bool) {
	raw, escaped, ok := p.raw()
	if !ok || !escaped {
		return string(raw), ok
	}
	var s string
	err := json.Unmarshal(p.text[p.at-len(raw)-2:p.at], &s)
	return s, err == nil
}

// key reads the field name at p.at, one string for all its uses.
func (p *genericReader) key() (string, bool) {
	raw, escaped, ok := p.raw()
	switch {
	case !ok:
		return "", false
	case escaped:
		p.at -= len(raw) + 2
		return p.str()
	}
	if k, seen := p.keys[string(raw)]; seen {
		return k, true
	}
	k := string(raw)
	p.keys[k] = k
	return k, true
}

// skip passes c when it is next.
func (p *genericReader) skip(c byte) bool {
	if p.at < len(p.text) && p.text[p.at] == c {
		p.at++
		return true
	}
	return false
}
