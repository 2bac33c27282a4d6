package turok

import "github.com/levelwright/levelwright/document"

// ScriptDoc is the document as scripts see it, through the session's
// recorder.
func (f *session) ScriptDoc() document.Doc { return f.d.AsDoc() }
