package marathon

// Each record reads and writes itself field by field, in file order.

func (e *Endpoint) read(r *reader) {
	e.Flags, e.HighestFloor, e.LowestCeiling = r.u16(), r.i16(), r.i16()
	e.Position, e.TransformedSpare, e.SupportPolygon = r.point(), r.point(), r.i16()
}
func (e *Endpoint) write(w *writer) {
	w.u16(e.Flags)
	w.i16(e.HighestFloor)
	w.i16(e.LowestCeiling)
	w.point(e.Position)
	w.point(e.TransformedSpare)
	w.i16(e.SupportPolygon)
}

func (p *Point) read(r *reader)  { *p = r.point() }
func (p *Point) write(w *writer) { w.point(*p) }

func (l *Line) read(r *reader) {
	l.Endpoints = [2]uint16{r.u16(), r.u16()}
	l.Flags, l.Length, l.HighestFloor, l.LowestCeil = r.u16(), r.i16(), r.i16(), r.i16()
	l.ClockwiseSide, l.CCWSide, l.ClockwisePoly, l.CCWPoly = r.u16(), r.u16(), r.u16(), r.u16()
	r.bytes(l.Unused[:])
}
func (l *Line) write(w *writer) {
	w.u16s(l.Endpoints[:])
	w.u16(l.Flags)
	w.i16(l.Length)
	w.i16(l.HighestFloor)
	w.i16(l.LowestCeil)
	w.u16s([]uint16{l.ClockwiseSide, l.CCWSide, l.ClockwisePoly, l.CCWPoly})
	w.bytes(l.Unused[:])
}

func (t *SideTexture) read(r *reader)  { t.X, t.Y, t.Texture = r.i16(), r.i16(), r.u16() }
func (t *SideTexture) write(w *writer) { w.i16(t.X); w.i16(t.Y); w.u16(t.Texture) }

func (s *Side) read(r *reader) {
	s.Type, s.Flags = r.u16(), r.u16()
	s.Primary.read(r)
	s.Secondary.read(r)
	s.Transparent.read(r)
	for i := range s.ExclusionZone {
		s.ExclusionZone[i] = r.point()
	}
	s.ControlPanelType, s.ControlPanelPermutation = r.i16(), r.i16()
	s.PrimaryTransfer, s.SecondaryTransfer, s.TransparentTransfer = r.i16(), r.i16(), r.i16()
	s.Polygon, s.Line = r.i16(), r.i16()
	s.PrimaryLight, s.SecondaryLight, s.TransparentLight = r.i16(), r.i16(), r.i16()
	s.AmbientDelta = r.i32()
	r.bytes(s.Unused[:])
}
func (s *Side) write(w *writer) {
	w.u16(s.Type)
	w.u16(s.Flags)
	s.Primary.write(w)
	s.Secondary.write(w)
	s.Transparent.write(w)
	for _, p := range s.ExclusionZone {
		w.point(p)
	}
	for _, v := range []int16{s.ControlPanelType, s.ControlPanelPermutation, s.PrimaryTransfer, s.SecondaryTransfer,
		s.TransparentTransfer, s.Polygon, s.Line, s.PrimaryLight, s.SecondaryLight, s.TransparentLight} {
		w.i16(v)
	}
	w.i32(s.AmbientDelta)
	w.bytes(s.Unused[:])
}

func (p *Polygon) read(r *reader) {
	p.Type, p.Flags, p.Permutation, p.VertexCount = r.u16(), r.u16(), r.i16(), r.u16()
	r.u16s(p.Endpoints[:])
	r.u16s(p.Lines[:])
	p.FloorTexture, p.CeilingTexture = r.u16(), r.u16()
	p.FloorHeight, p.CeilingHeight, p.FloorLight, p.CeilingLight = r.i16(), r.i16(), r.i16(), r.i16()
	p.Area = r.i32()
	p.FirstObject, p.FirstExclusionZone, p.LineExclusionZones, p.PointExclusionZones = r.i16(), r.i16(), r.i16(), r.i16()
	p.FloorTransfer, p.CeilingTransfer = r.i16(), r.i16()
	r.u16s(p.Adjacent[:])
	p.FirstNeighbor, p.NeighborCount = r.i16(), r.i16()
	p.Center = r.point()
	r.u16s(p.Sides[:])
	p.FloorOrigin, p.CeilingOrigin = r.point(), r.point()
	p.Media, p.MediaLight, p.SoundSourceIndexes, p.AmbientSound, p.RandomSound = r.i16(), r.i16(), r.i16(), r.i16(), r.i16()
	r.bytes(p.Unused[:])
}
func (p *Polygon) write(w *writer) {
	w.u16(p.Type)
	w.u16(p.Flags)
	w.i16(p.Permutation)
	w.u16(p.VertexCount)
	w.u16s(p.Endpoints[:])
	w.u16s(p.Lines[:])
	w.u16(p.FloorTexture)
	w.u16(p.CeilingTexture)
	for _, v := range []int16{p.FloorHeight, p.CeilingHeight, p.FloorLight, p.CeilingLight} {
		w.i16(v)
	}
	w.i32(p.Area)
	for _, v := range []int16{p.FirstObject, p.FirstExclusionZone, p.LineExclusionZones, p.PointExclusionZones, p.FloorTransfer, p.CeilingTransfer} {
		w.i16(v)
	}
	w.u16s(p.Adjacent[:])
	w.i16(p.FirstNeighbor)
	w.i16(p.NeighborCount)
	w.point(p.Center)
	w.u16s(p.Sides[:])
	w.point(p.FloorOrigin)
	w.point(p.CeilingOrigin)
	for _, v := range []int16{p.Media, p.MediaLight, p.SoundSourceIndexes, p.AmbientSound, p.RandomSound} {
		w.i16(v)
	}
	w.bytes(p.Unused[:])
}

func (o *Object) read(r *reader) {
	o.Type, o.Index, o.Facing, o.Polygon = r.i16(), r.i16(), r.i16(), r.i16()
	o.X, o.Y, o.Z, o.Flags = r.i16(), r.i16(), r.i16(), r.u16()
}
func (o *Object) write(w *writer) {
	for _, v := range []int16{o.Type, o.Index, o.Facing, o.Polygon, o.X, o.Y, o.Z} {
		w.i16(v)
	}
	w.u16(o.Flags)
}

func (n *Note) read(r *reader) {
	n.Type, n.Location, n.Polygon = r.i16(), r.point(), r.i16()
	r.bytes(n.Text[:])
}
func (n *Note) write(w *writer) {
	w.i16(n.Type)
	w.point(n.Location)
	w.i16(n.Polygon)
	w.bytes(n.Text[:])
}

func (m *MapInfo) read(r *reader) {
	m.Environment, m.Physics, m.Landscape, m.MissionFlags, m.EnvFlags = r.i16(), r.i16(), r.i16(), r.u16(), r.u16()
	r.bytes(m.Unused[:])
	r.bytes(m.Name[:])
	m.EntryFlags = r.u32()
}
func (m *MapInfo) write(w *writer) {
	w.i16(m.Environment)
	w.i16(m.Physics)
	w.i16(m.Landscape)
	w.u16(m.MissionFlags)
	w.u16(m.EnvFlags)
	w.bytes(m.Unused[:])
	w.bytes(m.Name[:])
	w.u32(m.EntryFlags)
}

func (p *Placement) read(r *reader) {
	p.Flags, p.Initial, p.Minimum, p.Maximum, p.RandomCount, p.RandomChance = r.u16(), r.i16(), r.i16(), r.i16(), r.i16(), r.u16()
}
func (p *Placement) write(w *writer) {
	w.u16(p.Flags)
	for _, v := range []int16{p.Initial, p.Minimum, p.Maximum, p.RandomCount} {
		w.i16(v)
	}
	w.u16(p.RandomChance)
}

func (p *StaticPlatform) read(r *reader) {
	p.Type, p.Speed, p.Delay, p.MaximumHeight, p.MinimumHeight = r.i16(), r.i16(), r.i16(), r.i16(), r.i16()
	p.StaticFlags, p.Polygon, p.Tag = r.u32(), r.i16(), r.i16()
	r.bytes(p.Unused[:])
}
func (p *StaticPlatform) write(w *writer) {
	for _, v := range []int16{p.Type, p.Speed, p.Delay, p.MaximumHeight, p.MinimumHeight} {
		w.i16(v)
	}
	w.u32(p.StaticFlags)
	w.i16(p.Polygon)
	w.i16(p.Tag)
	w.bytes(p.Unused[:])
}

func (p *Platform) read(r *reader) {
	p.Type, p.StaticFlags, p.Speed, p.Delay = r.i16(), r.u32(), r.i16(), r.i16()
	p.MinimumFloor, p.MaximumFloor, p.MinimumCeiling, p.MaximumCeiling = r.i16(), r.i16(), r.i16(), r.i16()
	p.Polygon, p.DynamicFlags, p.FloorHeight, p.CeilingHeight, p.TicksUntilRestart = r.i16(), r.u16(), r.i16(), r.i16(), r.i16()
	for i := range p.EndpointOwners {
		o := &p.EndpointOwners[i]
		o.FirstPolygon, o.PolygonCount, o.FirstLine, o.LineCount = r.i16(), r.i16(), r.i16(), r.i16()
	}
	p.Parent, p.Tag = r.i16(), r.i16()
	r.bytes(p.Unused[:])
}
func (p *Platform) write(w *writer) {
	w.i16(p.Type)
	w.u32(p.StaticFlags)
	for _, v := range []int16{p.Speed, p.Delay, p.MinimumFloor, p.MaximumFloor, p.MinimumCeiling, p.MaximumCeiling, p.Polygon} {
		w.i16(v)
	}
	w.u16(p.DynamicFlags)
	w.i16(p.FloorHeight)
	w.i16(p.CeilingHeight)
	w.i16(p.TicksUntilRestart)
	for _, o := range p.EndpointOwners {
		for _, v := range []int16{o.FirstPolygon, o.PolygonCount, o.FirstLine, o.LineCount} {
			w.i16(v)
		}
	}
	w.i16(p.Parent)
	w.i16(p.Tag)
	w.bytes(p.Unused[:])
}

func (m *Media) read(r *reader) {
	m.Type, m.Flags, m.LightIndex, m.CurrentDirection, m.CurrentMagnitude = r.u16(), r.u16(), r.i16(), r.i16(), r.i16()
	m.Low, m.High, m.Origin, m.Height = r.i16(), r.i16(), r.point(), r.i16()
	m.MinimumLight, m.Texture, m.TransferMode = r.i32(), r.u16(), r.i16()
	r.bytes(m.Unused[:])
}
func (m *Media) write(w *writer) {
	w.u16(m.Type)
	w.u16(m.Flags)
	for _, v := range []int16{m.LightIndex, m.CurrentDirection, m.CurrentMagnitude, m.Low, m.High} {
		w.i16(v)
	}
	w.point(m.Origin)
	w.i16(m.Height)
	w.i32(m.MinimumLight)
	w.u16(m.Texture)
	w.i16(m.TransferMode)
	w.bytes(m.Unused[:])
}

func (a *AmbientSound) read(r *reader) {
	a.Flags, a.Index, a.Volume = r.u16(), r.i16(), r.i16()
	r.bytes(a.Unused[:])
}
func (a *AmbientSound) write(w *writer) {
	w.u16(a.Flags)
	w.i16(a.Index)
	w.i16(a.Volume)
	w.bytes(a.Unused[:])
}

func (s *RandomSound) read(r *reader) {
	s.Flags, s.Index, s.Volume, s.DeltaVolume = r.u16(), r.i16(), r.i16(), r.i16()
	s.Period, s.DeltaPeriod, s.Direction, s.DeltaDirection = r.i16(), r.i16(), r.i16(), r.i16()
	s.Pitch, s.DeltaPitch, s.Phase = r.i32(), r.i32(), r.i16()
	r.bytes(s.Unused[:])
}
func (s *RandomSound) write(w *writer) {
	w.u16(s.Flags)
	for _, v := range []int16{s.Index, s.Volume, s.DeltaVolume, s.Period, s.DeltaPeriod, s.Direction, s.DeltaDirection} {
		w.i16(v)
	}
	w.i32(s.Pitch)
	w.i32(s.DeltaPitch)
	w.i16(s.Phase)
	w.bytes(s.Unused[:])
}

func (l *Light) read(r *reader) {
	l.Type, l.Flags, l.Phase = r.u16(), r.u16(), r.i16()
	for i := range l.Functions {
		f := &l.Functions[i]
		f.Function, f.Period, f.DeltaPeriod, f.Intensity, f.DeltaIntensity = r.i16(), r.i16(), r.i16(), r.i32(), r.i32()
	}
	l.Tag = r.i16()
	r.bytes(l.Unused[:])
}
func (l *Light) write(w *writer) {
	w.u16(l.Type)
	w.u16(l.Flags)
	w.i16(l.Phase)
	for _, f := range l.Functions {
		w.i16(f.Function)
		w.i16(f.Period)
		w.i16(f.DeltaPeriod)
		w.i32(f.Intensity)
		w.i32(f.DeltaIntensity)
	}
	w.i16(l.Tag)
	w.bytes(l.Unused[:])
}

func (l *OldLight) read(r *reader) {
	l.Flags, l.Type, l.Mode, l.Phase = r.u16(), r.u16(), r.u16(), r.i16()
	l.Minimum, l.Maximum, l.Period, l.Intensity = r.i32(), r.i32(), r.i16(), r.i32()
	r.bytes(l.Unused[:])
}
func (l *OldLight) write(w *writer) {
	w.u16(l.Flags)
	w.u16(l.Type)
	w.u16(l.Mode)
	w.i16(l.Phase)
	w.i32(l.Minimum)
	w.i32(l.Maximum)
	w.i16(l.Period)
	w.i32(l.Intensity)
	w.bytes(l.Unused[:])
}
