package display

// labelCover is the most of a frame the text of the labels in view may
// cover for them to be drawn: with more, they overlap one another and
// hide the map, and neither renderer draws them, until the view comes
// near enough. Labels keep their size on the screen at any zoom.
const labelCover = 0.25

// LabelsLegible reports whether the labels of l that a w x h frame of
// cam shows cover at most labelCover of it.
func LabelsLegible(l *List, cam Camera2D, w, h int) bool {
	most := labelCover * float64(w) * float64(h)
	area := 0.0
	for _, t := range l.Labels {
		if labelInView(t, cam, w, h) {
			if area += float64(len(t.Text) * LabelFace.Advance * LabelFace.Height); area > most {
				return false
			}
		}
	}
	return true
}

// labelInView reports whether part of t's text may show in a w x h
// frame of cam.
func labelInView(t Label, cam Camera2D, w, h int) bool {
	at, height := cam.ToScreen(t.At, w, h), float64(LabelFace.Height)
	return at.X <= float64(w) && at.Y+height >= 0 && at.Y-height <= float64(h) && at.X+float64(len(t.Text)*LabelFace.Advance) >= 0
}
