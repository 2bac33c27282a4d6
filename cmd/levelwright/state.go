package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/editor"
)

// stateVariable names the environment variable that opens the state
// channel of the end-to-end tests (internal/e2e): the address,
// host:port, at which their harness listens. Unset, as for a user, the
// editor opens no channel and does nothing more.
const stateVariable = "LEVELWRIGHT_E2E_STATE"

// tapMargin is how long after Fyne's double-tap delay a "tap" request
// waits: time enough for the goroutine in which Fyne waits out that
// delay after a click to have started.
const tapMargin = 50 * time.Millisecond

// reportState connects to the harness at the address in stateVariable,
// when it is set, and answers its requests with e's state.
//
// The harness sends a request after each input it gives through the X
// server (keys, clicks, pointer moves), one line: "sync", or "tap"
// after a click. The answer, one line of JSON (levelwright.State), is the
// state once the program has handled that input and everything it
// queued, and once the window shows that state. (A "shown" request is
// answered at once with the map view's frames painted only,
// Editor.Shown: a benchmark asks it over and over while it waits for a
// frame, and it adds no frames of its own.) Each other answer is
// ordered after the input so:
//
//   - xdotool, which sent the input, exits before the harness sends the
//     request; Xlib's XCloseDisplay waits for the server to process all
//     its requests, so by then the server has queued to the program
//     every event the input made.
//   - In a frame of Fyne's main loop, the program calls XSync on
//     GLFW's own connection (syncX): the server answers it after every
//     event it queued to that connection before, and Xlib reads them
//     all into its queue meanwhile.
//   - Fyne's main loop handles the X events of its queue in
//     glfw.PollEvents at each frame, then ticks its animations; a
//     one-frame animation started after XSync ticks in the next frame,
//     after a poll that took those events, all of them handled by then.
//   - What the handlers queued with fyne.Do runs before anything
//     queued later (the queue is first in, first out), so the state is
//     taken in the frame after that, and the answer is sent once that
//     frame is painted and another XSync has made sure the server has
//     the picture: a screenshot then shows the state answered.
//
// A click on a widget that may be double-tapped (an entry, say) reaches
// it only after Fyne's double-tap delay, so after "tap" the program
// waits that delay and tapMargin more before it does the above.
func reportState(e *editor.Editor, stderr io.Writer) {
	addr := os.Getenv(stateVariable)
	if addr == "" {
		return
	}
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "levelwright: %s: %v\n", stateVariable, err)
		return
	}
	go serveState(conn, e)
}

// serveState answers the requests that come on conn, one at a time, in
// order, until conn closes.
func serveState(conn net.Conn, e *editor.Editor) {
	defer conn.Close()
	requests := bufio.NewScanner(conn)
	answers := json.NewEncoder(conn)
	for requests.Scan() {
		answer := make(chan levelwright.State, 1)
		switch request := requests.Text(); request {
		case "shown":
			fyne.Do(func() { answer <- e.Shown() })
		default:
			fyne.Do(func() {
				afterInput(request == "tap", func() {
					s := e.State()
					fyne.Do(func() { // after this frame is painted
						syncX()
						answer <- s
					})
				})
			})
		}
		if answers.Encode(<-answer) != nil {
			return
		}
	}
}

// afterInput runs then, in a frame before Fyne paints it, once the X
// events the display sent before this call and the work they queued
// have been handled (see reportState); after a click when tap is set.
// Every X call it makes is in a frame, while GLFW runs: a request that
// comes as the program quits is never answered, and calls nothing.
func afterInput(tap bool, then func()) {
	nextFrame(func() {
		// The events sent before are in Xlib's queue after syncX; the
		// next frame's poll takes them all.
		syncX()
		nextFrame(func() {
			if tap {
				wait := fyne.CurrentApp().Driver().DoubleTapDelay() + tapMargin
				time.AfterFunc(wait, func() { fyne.Do(func() { afterInput(false, then) }) })
				return
			}
			fyne.Do(func() { nextFrame(then) }) // after the work queued meanwhile
		})
	})
}

// nextFrame runs f once, in the next frame Fyne's main loop draws,
// after it has handled the window system's events and before it paints.
func nextFrame(f func()) {
	ran := false
	fyne.NewAnimation(0, func(float32) {
		if !ran {
			ran = true
			f()
		}
	}).Start()
}
