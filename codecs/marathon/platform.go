package marathon

// platformFloorAndCeiling are the flags of a platform that goes both
// ways, a split door's.
const platformFloorAndCeiling = PlatformComesFromFloor | PlatformComesFromCeiling

// Dynamic platform flags (platforms.h): the run-time state a platform
// starts with, which a preprocessed map stores.
const (
	PlatformActive            = 1 << 0
	PlatformExtending         = 1 << 1 // otherwise contracting
	PlatformMoving            = 1 << 2
	PlatformHasBeenActivated  = 1 << 3
	PlatformFullyExtended     = 1 << 5
	PlatformFullyContracted   = 1 << 6
	PlatformFloorBelowMedia   = 1 << 8
	PlatformCeilingBelowMedia = 1 << 9
)

// Static is the platform record a run-time platform is built from: its
// type, flags, speed, delay, polygon and tag, and as its lowest and
// highest levels the heights it moves between (those of the floor for a
// platform that comes from the floor, of the ceiling for one that comes
// from the ceiling, the floor's lowest and the ceiling's highest for one
// that goes both ways). Built again, it gives the same extremes. Aleph
// One's level export (game_wad.cpp) writes the same record, except that
// for a platform that comes only from the ceiling it writes the floor's
// lowest height as the lowest level, which moves the platform's closed
// ceiling to the floor when the exported map is loaded; here it is the
// ceiling's lowest height, so that the platform moves as it did.
func (p *Platform) Static() StaticPlatform {
	s := StaticPlatform{Type: p.Type, Speed: p.Speed, Delay: p.Delay, StaticFlags: p.StaticFlags, Polygon: p.Polygon, Tag: p.Tag}
	switch p.StaticFlags & platformFloorAndCeiling {
	case PlatformComesFromFloor:
		s.MinimumHeight, s.MaximumHeight = p.MinimumFloor, p.MaximumFloor
	case PlatformComesFromCeiling:
		s.MinimumHeight, s.MaximumHeight = p.MinimumCeiling, p.MaximumCeiling
	default:
		s.MinimumHeight, s.MaximumHeight = p.MinimumFloor, p.MaximumCeiling
	}
	return s
}

// RebuildPlatform builds run-time platform i again from its static
// record (Static), as BuildPlatform does, and moves its polygon to the
// heights the platform starts at. The polygon's lines and endpoints are
// the caller's to recompute (UpdateLine, UpdateEndpoint), then to settle
// (SettlePlatform). It reports false, and changes nothing, when the
// platform names no polygon of the level.
func (l *Level) RebuildPlatform(i int) bool {
	was := &l.RunPlatforms[i]
	p, ok := l.BuildPlatform(was.Static(), *was)
	if !ok {
		return false
	}
	*was = p
	poly := &l.Polygons[p.Polygon]
	poly.FloorHeight, poly.CeilingHeight = p.FloorHeight, p.CeilingHeight
	return true
}

// BuildPlatform is the run-time platform of static record s as the
// engine builds it when it loads a map (new_platform in platforms.cpp),
// from the level's polygons and liquids as they are: its extremes, its
// dynamic flags, the heights it starts at and its parent (none). What
// new_platform does not set comes from was, the platform as it was: the
// endpoint owners (ranges of the map indexes), the ticks until restart
// (the engine reads them only after setting them; preprocessed maps hold
// whatever memory held) and the unused bytes. ok is false when s names
// no polygon of the level.
func (l *Level) BuildPlatform(s StaticPlatform, was Platform) (p Platform, ok bool) {
	poly := l.polygon(uint16(s.Polygon))
	if s.Polygon < 0 || poly == nil {
		return p, false
	}
	p = Platform{Type: s.Type, StaticFlags: s.StaticFlags, Speed: s.Speed, Delay: s.Delay, Polygon: s.Polygon, Parent: -1, Tag: s.Tag,
		EndpointOwners: was.EndpointOwners, TicksUntilRestart: was.TicksUntilRestart, Unused: was.Unused}
	l.platformExtremes(&p, poly, s.MinimumHeight, s.MaximumHeight)
	p.FloorHeight, p.CeilingHeight = poly.FloorHeight, poly.CeilingHeight
	if p.StaticFlags&PlatformInitiallyActive != 0 {
		p.DynamicFlags |= PlatformActive | PlatformHasBeenActivated | PlatformMoving
	}
	extended := p.StaticFlags&PlatformInitiallyExtended != 0
	if p.StaticFlags&PlatformComesFromFloor != 0 {
		p.FloorHeight = p.MinimumFloor
		if extended {
			p.FloorHeight = p.MaximumFloor
		}
	}
	if p.StaticFlags&PlatformComesFromCeiling != 0 {
		p.CeilingHeight = p.MaximumCeiling
		if extended {
			p.CeilingHeight = p.MinimumCeiling
		}
	}
	if extended {
		p.DynamicFlags |= PlatformFullyExtended
	} else {
		p.DynamicFlags |= PlatformExtending | PlatformFullyContracted
	}
	if m := poly.Media; m >= 0 && int(m) < len(l.Media) { // adjust_platform_for_media
		p.DynamicFlags |= belowMedia(&l.Media[m], p.FloorHeight, was.DynamicFlags, PlatformFloorBelowMedia)
		p.DynamicFlags |= belowMedia(&l.Media[m], p.CeilingHeight, was.DynamicFlags, PlatformCeilingBelowMedia)
	}
	return p, true
}

// belowMedia is flag when height h is below liquid m as the level
// starts. The engine puts the liquid between its low and high heights by
// its light's intensity (update_one_media), which lighting functions
// with random parts decide and maps do not store; between the two, the
// flag is kept as it was.
func belowMedia(m *Media, h int16, was, flag uint16) uint16 {
	switch {
	case h < m.Low && h < m.High:
		return flag
	case h >= m.Low && h >= m.High:
		return 0
	}
	return was & flag
}

// platformExtremes sets the heights platform p moves between from its
// lowest and highest levels, either of which may be -1 for the heights
// of the polygons beside it (calculate_platform_extrema).
func (l *Level) platformExtremes(p *Platform, poly *Polygon, lowest, highest int16) {
	lowFloor, highFloor := poly.FloorHeight, poly.FloorHeight
	lowCeiling, highCeiling := poly.CeilingHeight, poly.CeilingHeight
	for _, a := range poly.Adjacent[:min(poly.VertexCount, 8)] {
		if q := l.polygon(a); q != nil {
			lowFloor, highFloor = min(lowFloor, q.FloorHeight), max(highFloor, q.FloorHeight)
			lowCeiling, highCeiling = min(lowCeiling, q.CeilingHeight), max(highCeiling, q.CeilingHeight)
		}
	}
	toCeiling := p.StaticFlags&PlatformExtendsFloorToCeiling != 0
	if toCeiling {
		highFloor, lowCeiling = max(highFloor, poly.CeilingHeight), min(lowCeiling, poly.FloorHeight)
	}
	native := p.StaticFlags&PlatformUsesNativeHeights != 0
	or := func(level, adjacent int16) int16 {
		if level == -1 {
			return adjacent
		}
		return level
	}
	switch p.StaticFlags & platformFloorAndCeiling {
	case platformFloorAndCeiling: // split platforms meet in the middle
		p.MinimumFloor, p.MaximumCeiling = or(lowest, lowFloor), or(highest, highCeiling)
		p.MaximumFloor = int16((int32(p.MinimumFloor) + int32(p.MaximumCeiling)) / 2)
		p.MinimumCeiling = p.MaximumFloor
	case PlatformComesFromFloor:
		if native && (poly.FloorHeight < lowFloor || toCeiling) {
			lowFloor = poly.FloorHeight
		} else if native {
			highFloor = poly.FloorHeight
		}
		p.MinimumFloor, p.MaximumFloor = or(lowest, lowFloor), or(highest, highFloor)
		p.MinimumCeiling, p.MaximumCeiling = poly.CeilingHeight, poly.CeilingHeight
	case PlatformComesFromCeiling:
		if native && (poly.CeilingHeight > highCeiling || toCeiling) {
			highCeiling = poly.CeilingHeight
		} else if native {
			lowCeiling = poly.CeilingHeight
		}
		p.MinimumCeiling, p.MaximumCeiling = or(lowest, lowCeiling), or(highest, highCeiling)
		p.MinimumFloor, p.MaximumFloor = poly.FloorHeight, poly.FloorHeight
	}
}

// SettlePlatform sets the solidity and transparency of the lines and
// endpoints of platform i's polygon as the engine does once it has built
// the platform (adjust_platform_endpoint_and_line_heights): vertex by
// vertex, a line whose elevation varies is solid when the platform
// closes it and transparent otherwise, then the vertex's endpoint is
// solid when one of its lines is and transparent when all are. At the
// first vertex, the polygon's last line has yet to be set: the engine
// sees it open, as every line whose elevation varies is before its
// platform is built. Call it once the polygon's lines and endpoints are
// recomputed.
func (l *Level) SettlePlatform(i int) {
	poly := l.polygon(uint16(l.RunPlatforms[i].Polygon))
	if poly == nil || l.RunPlatforms[i].Polygon < 0 || l.Endpoints == nil {
		return
	}
	n := min(int(poly.VertexCount), 8)
	lines := func(k int) *Line {
		if int(poly.Lines[k]) >= len(l.Lines) {
			return nil
		}
		return &l.Lines[poly.Lines[k]]
	}
	for k := range n {
		q, line := l.polygon(poly.Adjacent[k]), lines(k)
		if q == nil || line == nil || int(poly.Endpoints[k]) >= len(l.Endpoints) {
			continue
		}
		if line.Flags&LineVariableElevation != 0 {
			line.Flags &^= LineSolid | LineTransparent
			if max(poly.FloorHeight, q.FloorHeight) < min(poly.CeilingHeight, q.CeilingHeight) {
				line.Flags |= LineTransparent
			} else {
				line.Flags |= LineSolid
			}
		}
		unset := -1 // the polygon's last line, still open at the first vertex
		if last := lines(n - 1); k == 0 && last != nil && last.Flags&LineVariableElevation != 0 {
			unset = int(poly.Lines[n-1])
		}
		v := poly.Endpoints[k]
		solid, transparent := false, true
		for li := range l.Lines {
			other := &l.Lines[li]
			if other.Endpoints[0] != v && other.Endpoints[1] != v {
				continue
			}
			flags := other.Flags
			if li == unset {
				flags = flags&^LineSolid | LineTransparent
			}
			solid = solid || flags&LineSolid != 0
			transparent = transparent && flags&LineTransparent != 0
		}
		e := &l.Endpoints[v]
		e.Flags &^= EndpointSolid | EndpointTransparent
		if solid {
			e.Flags |= EndpointSolid
		}
		if transparent {
			e.Flags |= EndpointTransparent
		}
	}
}
