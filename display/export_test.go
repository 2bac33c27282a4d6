package display

// The unexported functions the external tests call.
var (
	Render2DDrawn = render2D
	TessellateAt  = tessellateAt
)
