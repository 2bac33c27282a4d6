package marathon

// PanelClass is what a control panel does.
type PanelClass int

// Control panel classes.
const (
	PanelOxygen         PanelClass = iota // refuels oxygen
	PanelShield                           // recharges shields, once, twice or three times over
	PanelDoubleShield                     //
	PanelTripleShield                     //
	PanelLightSwitch                      // toggles the light its permutation names
	PanelPlatformSwitch                   // toggles the platform of the polygon its permutation names
	PanelTagSwitch                        // toggles the lights and platforms with its permutation's tag
	PanelPatternBuffer                    // saves the game
	PanelTerminal                         // shows the terminal its permutation names
)

// SideControlPanel is the side flag of a side that is a control panel.
const SideControlPanel = 0x0002

// panelClasses are the classes of the control panel types, as the game's
// panel definitions list them: ten for the water walls, then eleven each
// for lava, sewage, Pfhor and Jjaro walls.
var panelClasses = func() []PanelClass {
	out := []PanelClass{PanelOxygen, PanelShield, PanelDoubleShield, PanelTagSwitch, PanelLightSwitch,
		PanelPlatformSwitch, PanelTagSwitch, PanelPatternBuffer, PanelTerminal, PanelTagSwitch}
	for range 4 {
		out = append(out, PanelShield, PanelDoubleShield, PanelTripleShield, PanelLightSwitch, PanelPlatformSwitch,
			PanelTagSwitch, PanelPatternBuffer, PanelTerminal, PanelOxygen, PanelTagSwitch, PanelTagSwitch)
	}
	return out
}()

// ControlPanel reports the class of the control panel on s, and false if
// s is no control panel or of a type the game does not define.
func ControlPanel(s Side) (PanelClass, bool) {
	if s.Flags&SideControlPanel == 0 || s.ControlPanelType < 0 || int(s.ControlPanelType) >= len(panelClasses) {
		return 0, false
	}
	return panelClasses[s.ControlPanelType], true
}

// PanelPlatforms are the polygons of the platforms that the control
// panel on side i toggles: the platform its permutation names for a
// platform switch, those with its tag for a tag switch (tag 0 is none).
// Other panels, and switches whose platform is missing, have none.
func (l *Level) PanelPlatforms(i int) []int {
	if i < 0 || i >= len(l.Sides) {
		return nil
	}
	s := l.Sides[i]
	class, ok := ControlPanel(s)
	if !ok {
		return nil
	}
	target := s.ControlPanelPermutation
	var out []int
	for _, p := range l.Platforms {
		if p.Polygon < 0 || int(p.Polygon) >= len(l.Polygons) {
			continue
		}
		if class == PanelPlatformSwitch && p.Polygon == target || class == PanelTagSwitch && target != 0 && p.Tag == target {
			out = append(out, int(p.Polygon))
		}
	}
	return out
}
