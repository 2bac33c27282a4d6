package shock

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// QuestNamesFile is the file, in a mission's folder beside its archive,
// that names the mission's quest bits and variables (docs/shock-names.md).
const QuestNamesFile = "levelwright-names.txt"

// QuestNames names a mission's quest bits and variables, by number.
type QuestNames struct {
	Bits, Vars map[int]string
}

// ReadQuestNames reads the names file (QuestNamesFile) in dir. A folder
// without one has no names, and no error.
func ReadQuestNames(dir string) (QuestNames, error) {
	path := filepath.Join(dir, QuestNamesFile)
	text, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return QuestNames{}, nil
	}
	if err != nil {
		return QuestNames{}, err
	}
	return ParseQuestNames(path, text)
}

// ParseQuestNames reads names from text, the file at path: a line
// "bit N name" or "var N name" names quest bit or variable N (0-4095,
// decimal or 0x hex); blank lines and lines starting with # are
// skipped. A line of another form, a number out of range, or a number or
// name given twice is an error naming the line.
func ParseQuestNames(path string, text []byte) (QuestNames, error) {
	q := QuestNames{Bits: map[int]string{}, Vars: map[int]string{}}
	seen := map[string]string{} // names, lower case: where they were given
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
		}
		fields := strings.Fields(s)
		if len(fields) < 3 || (fields[0] != "bit" && fields[0] != "var") {
			return QuestNames{}, fail("want \"bit N name\" or \"var N name\", got %q", s)
		}
		n, err := strconv.ParseInt(fields[1], 0, 32)
		if err != nil || n < 0 || n > 0xFFF {
			return QuestNames{}, fail("quest %s %q is not a number from 0 to 4095", fields[0], fields[1])
		}
		name := strings.Join(fields[2:], " ")
		table := q.Bits
		if fields[0] == "var" {
			table = q.Vars
		}
		if _, ok := table[int(n)]; ok {
			return QuestNames{}, fail("quest %s %d is named twice", fields[0], n)
		}
		if at, ok := seen[strings.ToLower(name)]; ok {
			return QuestNames{}, fail("%q already names %s", name, at)
		}
		table[int(n)], seen[strings.ToLower(name)] = name, fmt.Sprintf("quest %s %d (line %d)", fields[0], n, line)
	}
	return q, sc.Err()
}

// Name is what the names call quest variable n (isVar) or quest bit n,
// "" when they do not name it.
func (q QuestNames) Name(isVar bool, n int) string {
	if isVar {
		return q.Vars[n]
	}
	return q.Bits[n]
}

// Lookup finds the quest bit or variable called name, in any letter
// case.
func (q QuestNames) Lookup(name string) (isVar bool, n int, ok bool) {
	for _, t := range []struct {
		isVar bool
		names map[int]string
	}{{false, q.Bits}, {true, q.Vars}} {
		for k, v := range t.names {
			if strings.EqualFold(v, strings.TrimSpace(name)) {
				return t.isVar, k, true
			}
		}
	}
	return false, 0, false
}
