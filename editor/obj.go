package editor

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/widgets/savepath"
)

// WriteOBJ writes list's 3D faces as the Wavefront file out (X.obj),
// with X.mtl and the textures' pictures as PNG files beside it
// (display.List.OBJ), each file whole or not at all; it reports how
// many faces and textures it wrote.
func WriteOBJ(list *display.List, out string) (faces, textures int, err error) {
	if !strings.EqualFold(filepath.Ext(out), ".obj") {
		return 0, 0, fmt.Errorf("%s: an OBJ file's name ends with .obj", out)
	}
	name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
	m := list.OBJ(name)
	dir := filepath.Dir(out)
	for _, file := range m.PictureNames() {
		var b bytes.Buffer
		if err := png.Encode(&b, m.Pictures[file]); err != nil {
			return 0, 0, err
		}
		if err := document.ReplaceFile(filepath.Join(dir, file), b.Bytes()); err != nil {
			return 0, 0, err
		}
	}
	if err := document.ReplaceFile(filepath.Join(dir, name+".mtl"), m.MTL); err != nil {
		return 0, 0, err
	}
	if err := document.ReplaceFile(out, m.OBJ); err != nil {
		return 0, 0, err
	}
	return len(list.Triangles), len(m.Pictures), nil
}

// showExportOBJ asks where to write the shown level's 3D geometry, as
// the 3D view draws it in the draw mode shown, and writes it (WriteOBJ),
// asking before it replaces a file.
func (e *Editor) showExportOBJ() {
	if e.scene == nil {
		e.status.SetText("Export OBJ: no level is shown")
		return
	}
	list := &e.scene.List
	name := fmt.Sprintf("%s level %d.obj", strings.TrimSuffix(filepath.Base(e.path), filepath.Ext(e.path)), e.level)
	e.dialogs.show(savepath.New(filepath.Dir(absolute(e.path)), name, e.win, func(path string) {
		savepath.ConfirmReplace(path, "", e.win, e.dialogs.show, func() {
			faces, textures, err := WriteOBJ(list, path)
			if err != nil {
				e.dialogs.showError(err)
				return
			}
			e.status.SetText(fmt.Sprintf("Exported %s: %d faces, %d textures", filepath.Base(path), faces, textures))
		})
	}))
}
