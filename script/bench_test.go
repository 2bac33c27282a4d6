package script

import (
	"os"
	"testing"

	"github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/corpus"
)

// BenchmarkCommit: a script that reads the largest corpus Marathon level
// and commits it unchanged, as one run.
func BenchmarkCommit(b *testing.B) {
	path := corpus.Path(b, "marathon", "jp", "Apotheosis", "The-Great-Fen.sceA")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		fd, err := marathon.Format.Open(path, data)
		if err != nil {
			b.Fatal(err)
		}
		d := fd.(Doc)
		b.StartTimer()
		if _, _, err := runScript(d, "marathon", `lw.commit(lw.level())`, 0); err != nil {
			b.Fatal(err)
		}
	}
}
