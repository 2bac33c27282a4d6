package shock

// DoorOpenFrame is the frame from which the game lets the player and
// missiles through a door; at a lower frame the door blocks them. A door
// at frame 0 is shut (and hides what is behind it); the game opens a door
// by playing its world frames forwards to its last one and closes it by
// playing them back to 0.
const DoorOpenFrame = 3

// DoorPosition is how far a door is open, read from its object's current
// frame.
type DoorPosition uint8

// Door positions.
const (
	DoorClosed     DoorPosition = iota // frame 0
	DoorPartlyOpen                     // between 0 and the last frame
	DoorOpen                           // the last frame or past it
)

var doorPositionNames = [...]string{DoorClosed: "closed", DoorPartlyOpen: "partly open", DoorOpen: "open"}

// String names the position as the inspector shows it.
func (p DoorPosition) String() string { return doorPositionNames[p] }

// DoorPositionAt is the position of a door at frame whose type's last
// world frame is last.
func DoorPositionAt(frame, last int) DoorPosition {
	switch {
	case frame == 0:
		return DoorClosed
	case frame < last:
		return DoorPartlyOpen
	}
	return DoorOpen
}
