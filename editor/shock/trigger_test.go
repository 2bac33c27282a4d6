package shock

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// TestTriggerConditionSection: a trap's Condition section shows its
// condition and destroy count by name; choosing an operator, typing a
// variable and a destroy count each store that field alone as one step,
// and a destroy count out of range is refused with no step.
func TestTriggerConditionSection(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	trap := firstObject(t, l, scodec.ClassTrap)
	read := func() scodec.Trap {
		tr, err := f.d.Trap(1, trap)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	var section []string
	for _, s := range f.Inspect(h, sdoc.KindObject, []int{trap}) {
		if s.Title == "Condition" {
			for _, field := range s.Fields {
				section = append(section, field.Label)
			}
		}
	}
	want := []string{"condition reads", "condition variable", "condition operator", "condition value",
		"message when the check fails", "destroy count"}
	if !slices.Equal(section, want) {
		t.Fatalf("the Condition section shows %q, want %q", section, want)
	}

	before := read()
	p, _ := form(t, f, h, sdoc.KindObject, trap)
	var operator *widget.Select
	for _, o := range test.LaidOutObjects(p) {
		if s, ok := o.(*widget.Select); ok && slices.Equal(s.Options, scodec.OperatorNames[:]) {
			operator = s
		}
	}
	if operator == nil || operator.Selected != scodec.OperatorNames[before.Comparator.Operator()] {
		t.Fatalf("no operator choice showing %q", scodec.OperatorNames[before.Comparator.Operator()])
	}
	steps := undoSteps(f)
	operator.SetSelected(">=")
	got := read()
	if got.Comparator.Operator() != scodec.OpGreaterEqual || got.Comparator.Variable() != before.Comparator.Variable() ||
		got.Comparator.Value() != before.Comparator.Value() || got.DestroyCount != before.DestroyCount || undoSteps(f) != steps+1 {
		t.Fatalf("choosing >= gave %v (destroy count %d), was %v (%d), %d steps", got.Comparator, got.DestroyCount,
			before.Comparator, before.DestroyCount, undoSteps(f)-steps)
	}

	for _, c := range []struct {
		label, typed string
		get          func(scodec.Trap) int
		want         int
	}{
		{"condition variable", "300", func(tr scodec.Trap) int { return tr.Comparator.Variable() }, 300},
		{"destroy count", "9", func(tr scodec.Trap) int { return int(tr.DestroyCount) }, 9},
	} {
		p, _ := form(t, f, h, sdoc.KindObject, trap)
		p.Entry(c.label).OnSubmitted(c.typed)
		if got := c.get(read()); got != c.want {
			t.Errorf("%s: typed %s, stored %d", c.label, c.typed, got)
		}
	}
	steps = undoSteps(f)
	p, _ = form(t, f, h, sdoc.KindObject, trap)
	p.Entry("destroy count").OnSubmitted("256")
	if read().DestroyCount != 9 || undoSteps(f) != steps {
		t.Errorf("destroy count 256: stored %d with %d new steps", read().DestroyCount, undoSteps(f)-steps)
	}
}
