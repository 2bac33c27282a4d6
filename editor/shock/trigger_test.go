package shock

import (
	"fmt"
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
		"condition fail message", "destroy count"}
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

// TestQuestNamesInTheInspector: with the mission's names file read, a
// condition shows the name of the quest bit or variable it reads, and a
// name typed sets the variable and whether it is a bit or a variable in
// one step; a quest parameter shows and takes names too.
func TestQuestNamesInTheInspector(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	trap := firstObject(t, l, scodec.ClassTrap)
	tr, err := f.d.Trap(1, trap)
	if err != nil {
		t.Fatal(err)
	}
	c := tr.Comparator
	kind := map[bool]string{false: "bit", true: "var"}
	text := fmt.Sprintf("%s %d reactor armed\n%s 77 shodan level\n", kind[c.IsQuestVariable()], c.Variable(), kind[!c.IsQuestVariable()])
	if f.names, err = sdoc.ParseQuestNames("names", []byte(text)); err != nil {
		t.Fatal(err)
	}
	if got := sectionField(t, f, h, trap, "condition variable").Text.Value; got != fmt.Sprintf("%d (reactor armed)", c.Variable()) {
		t.Errorf("the condition variable shows %q", got)
	}
	steps := undoSteps(f)
	if err := sectionField(t, f, h, trap, "condition variable").Text.Set("Shodan Level"); err != nil {
		t.Fatal(err)
	}
	got, _ := f.d.Trap(1, trap)
	if got.Comparator.Variable() != 77 || got.Comparator.IsQuestVariable() == c.IsQuestVariable() || got.Comparator.Operator() != c.Operator() || undoSteps(f) != steps+1 {
		t.Fatalf("typing a name of the other kind gave %v, was %v, %d steps", got.Comparator, c, undoSteps(f)-steps)
	}
	if n, err := f.parseQuest("reactor armed"); err != nil || int(n&0xFFF) != c.Variable() {
		t.Errorf("a quest parameter typed as a name: %#x, %v", n, err)
	}
	if shown := f.questText(uint32(map[bool]uint64{false: 0x2000, true: 0x1000}[c.IsQuestVariable()]) | uint32(c.Variable())); shown != fmt.Sprintf("%s[%d] (reactor armed)", kind[c.IsQuestVariable()], c.Variable()) {
		t.Errorf("a quest parameter shows %q", shown)
	}
}
