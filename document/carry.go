package document

import "reflect"

// CarryUnchanged sets each value in *text that equals the one in the
// same place of before to the one in after: text is a record, or a list
// of them, given as a pointer; before and after are the same records as
// a level held them before and after an edit (a record removed, which
// renumbered and cleared the fields naming it), so that what the text
// leaves as the level had it follows the edit, and what it changes
// stays as it says. Lists pair by place, up to the shortest.
func CarryUnchanged(text, before, after any) {
	carry(reflect.ValueOf(text).Elem(), reflect.ValueOf(before), reflect.ValueOf(after))
}

func carry(t, b, a reflect.Value) {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Type().Field(i).IsExported() {
				carry(t.Field(i), b.Field(i), a.Field(i))
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range min(t.Len(), b.Len(), a.Len()) {
			carry(t.Index(i), b.Index(i), a.Index(i))
		}
	default:
		if t.CanSet() && t.Comparable() && t.Equal(b) {
			t.Set(a)
		}
	}
}
