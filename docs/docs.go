// Package docs holds the project's documentation as the editor shows it:
// the user's manual (manual/) with the documents it links to (the export
// schemas, the query and scripting references, the example scripts), read
// as chapters and sections that can be searched.
package docs

import "embed"

// FS holds the documents: manual/ (its README.md the table of contents),
// the other documents of this folder and the example scripts.
//
//go:embed *.md manual scripts
var FS embed.FS
