//go:build !((linux || freebsd || netbsd || openbsd) && !wayland)

package main

// syncX does nothing where the window system is not X11: the events
// of Windows and macOS reach the program through its own message queue,
// which Fyne's next poll empties.
func syncX() {}
