package script

import (
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document/marathon"
)

// TestPatterns: string.find, match, gmatch and gsub give what Lua 5.1
// gives (results as its manual and reference implementation define
// them), and malformed patterns fail with Lua's messages.
func TestPatterns(t *testing.T) {
	d, _ := newDoc(t, marathon.Format)
	cases := []struct{ src, want string }{
		{`print(("hello world"):find("o w"))`, "5\t7"},
		{`print(("hello"):find("l+"))`, "3\t4"},
		{`print(("hello"):find("l", -2))`, "4\t4"},
		{`print(("hello"):find("xyz"))`, "nil"},
		{`print(("hello"):find(""))`, "1\t0"},
		{`print(("hello"):find("", 10))`, "6\t5"},
		{`print(("a.b"):find(".", 1, true))`, "2\t2"},
		{`print(("THE (quick) fox"):find("%((%a+)%)"))`, "5\t11\tquick"},
		{`print(("abcabc"):find("(abc)%1"))`, "1\t6\tabc"},
		{`print(("hello"):match("(h)(e)"))`, "h\te"},
		{`print(("hello"):match("()ll()"))`, "3\t5"},
		{`print(("  trim me  "):match("^%s*(.-)%s*$"))`, "trim me"},
		{`print(("key = value"):match("(%w+)%s*=%s*(%w+)"))`, "key\tvalue"},
		{`print(("f(a(b)c)d"):match("%b()"))`, "(a(b)c)"},
		{`print(("abc"):match("((a)(b))"))`, "ab\ta\tb"},
		{`print(("2024-01-05"):match("(%d+)-(%d+)-(%d+)"))`, "2024\t01\t05"},
		{`print(("[]"):match("[]]"))`, "]"},
		{`print(("a-b"):match("[a%-]+"))`, "a-"},
		{`print(("x9"):match("[^%d]"), ("x9"):match("%D"), ("Ab1 ,"):match("%u%l%d%s%p"))`, "x\tx\tAb1 ,"},
		{`print(("hello"):match("^(%w+)"), ("hello"):match("^l"), ("hello"):match("o$"), ("a$b"):match("$b"))`, "hello\tnil\to\t$b"},
		{`print(("abc"):gsub("", "-"))`, "-a-b-c-\t4"},
		{`print(("hello world"):gsub("o", "0"))`, "hell0 w0rld\t2"},
		{`print(("hello world"):gsub("(%w+)", "<%1>"))`, "<hello> <world>\t2"},
		{`print(("hello"):gsub("l", {l = "L"}))`, "heLLo\t2"},
		{`print(("abc"):gsub("%w", function(c) return c:upper() .. "." end))`, "A.B.C.\t3"},
		{`print(("abc"):gsub("%w", function(c) if c == "b" then return false end return 1 end))`, "1b1\t3"},
		{`print(("abc"):gsub(".", "%0%0"))`, "aabbcc\t3"},
		{`print(("abc"):gsub("b", "%%"))`, "a%c\t1"},
		{`print(("aaa"):gsub("a", "b", 2))`, "bba\t2"},
		{`print(("aaa"):gsub("^a", "b"))`, "baa\t1"},
		{`print(("THE quick"):gsub("%f[%a]%a+", "X"))`, "X X\t2"},
		{`print(("x = 1"):gsub("()", "%1"))`, "1x2 3=4 516\t6"},
		{`local out = {} for w in ("one two three"):gmatch("%a+") do out[#out+1] = w end print(table.concat(out, ","))`, "one,two,three"},
		{`for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do io_ = (io_ or "") .. k .. v end print(io_)`, "a1b2"},
		{`local n = 0 for e in ("abc"):gmatch("x*") do n = n + 1 end print(n)`, "4"},
		{`print(("x"):gmatch("^x")(), ("^x"):gmatch("^x")())`, "nil\t^x"},
		{`print(pcall(string.find, "a", "%"))`, "false\ttest.lua:1: malformed pattern (ends with '%')"},
		{`print(pcall(string.find, "a", "[a"))`, "false\ttest.lua:1: malformed pattern (missing ']')"},
		{`print(pcall(string.match, "a", "(a"))`, "false\ttest.lua:1: unfinished capture"},
		{`print(pcall(string.match, "a", "a)"))`, "false\ttest.lua:1: invalid pattern capture"},
		{`print(pcall(string.gsub, "a", "a", "%2"))`, "false\ttest.lua:1: invalid capture index"},
		{`print(pcall(string.gsub, "a", "a", function() return {} end))`, "false\ttest.lua:1: invalid replacement value (a table)"},
		{`print(pcall(string.format, "%100d", 1))`, "false\ttest.lua:1: invalid format (width or precision too long)"},
		{`print(string.format("%5.2s|%-3d|%02x", "abc", 7, 255), table.concat({1, "b", 3}, "-"), ("ab"):rep(3))`, "   ab|7  |ff\t1-b-3\tababab"},
	}
	for _, c := range cases {
		_, out, err := runScript(d, "marathon", c.src, 0)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := strings.TrimSuffix(out, "\n"); got != c.want {
			t.Errorf("%s printed %q, want %q", c.src, got, c.want)
		}
	}
}
