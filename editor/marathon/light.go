package marathon

import (
	"math"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// Light flags, as Aleph One's lightsource.h numbers them.
const (
	lightInitiallyActive = 1 << 0
	lightStateless       = 1 << 2
)

// Light states, as lightsource.h numbers them: a state is also the index
// of its function in Light.Functions.
const (
	primaryActive = iota
	secondaryActive
	becomingActive
	primaryInactive
	secondaryInactive
	becomingInactive
)

// nextLightState is the state a light goes to when its period in state
// ends (lightsource.cpp, rephase_light).
func nextLightState(state int, stateless bool) int {
	switch state {
	case becomingActive:
		return primaryActive
	case primaryActive:
		return secondaryActive
	case secondaryActive:
		if stateless {
			return becomingInactive
		}
		return primaryActive
	case becomingInactive:
		return primaryInactive
	case primaryInactive:
		return secondaryInactive
	}
	if stateless {
		return becomingActive
	}
	return primaryInactive
}

// maxRephase bounds the states a light's phase may carry it through: the
// engine loops while the phase exceeds the state's period.
const maxRephase = 64

// startIntensity is the intensity, 0 to 1, that a light starts the level
// at, as Aleph One's new_light (lightsource.cpp) sets it, with the random
// terms (delta period, delta intensity, flicker) taken as 0: the light
// takes its secondary state's intensity, enters its primary state (active
// or inactive as its flags say) advanced by its phase through the states
// that follow, and its function there gives the intensity between the
// two.
func startIntensity(light codec.Light) float64 {
	state := primaryInactive
	if light.Flags&lightInitiallyActive != 0 {
		state = primaryActive
	}
	held := float64(light.Functions[state+1].Intensity) // the secondary state's
	phase, f := float64(light.Phase), light.Functions[state]
	for range maxRephase {
		if f.Period <= 0 || phase < float64(f.Period) {
			break
		}
		phase -= float64(f.Period)
		state = nextLightState(state, light.Flags&lightStateless != 0)
		f = light.Functions[state]
	}
	from, to := held, float64(f.Intensity)
	v := to
	if f.Period > 0 {
		t := min(max(phase/float64(f.Period), 0), 1)
		switch f.Function {
		case 1: // linear
			v = from + (to-from)*t
		case 2, 3: // smooth; flicker, whose random part is taken as 0
			v = from + (to-from)*(math.Cos(math.Pi*t+math.Pi)+1)/2
		case 4: // random between the two: its least
			v = min(from, to)
		case 5: // fluorescent: on or off at random; the first
			v = from
		}
	}
	return min(max(v/65536, 0), 1)
}

// lightIntensity is the intensity, 0 to 1, that light i of l starts at:
// a Marathon 2 light's (see startIntensity), or a Marathon 1 light's
// stored intensity; ok is false for no light.
func lightIntensity(l *codec.Level, i int16) (float64, bool) {
	switch {
	case i >= 0 && int(i) < len(l.Lights):
		return startIntensity(l.Lights[i]), true
	case i >= 0 && int(i) < len(l.OldLights):
		return min(max(float64(l.OldLights[i].Intensity)/65536, 0), 1), true
	}
	return 0, false
}
