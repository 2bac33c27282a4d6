//go:build (linux || freebsd || netbsd || openbsd) && !wayland

package main

// #cgo LDFLAGS: -lX11
// #include <X11/Xlib.h>
import "C"

import (
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// syncX waits until the X server has processed every request on GLFW's
// connection to it, reading into Xlib's queue, for GLFW's next poll,
// the events the server sent before its answer. Call it on the main
// thread.
func syncX() {
	if d := unsafe.Pointer(glfw.GetX11Display()); d != nil {
		C.XSync((*C.Display)(d), C.False)
	}
}
