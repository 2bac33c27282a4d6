package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// RequireWineVariable names the environment variable that makes a
// missing Wine or mingw-w64 an error rather than a reason to skip;
// .ci/run sets it, so that CI cannot pass by skipping the Windows tests.
const RequireWineVariable = "LEVELWRIGHT_REQUIRE_WINE"

// Wine is a fresh Wine prefix, a Windows installation of its own, in
// which a test runs Windows programs. It needs Wine (Debian's wine64) and
// mingw-w64's gcc; `make test` installs them.
type Wine struct {
	loader string // wine64
	server string // wineserver
	Prefix string // the prefix folder: drive_c is its C: drive
}

// prngSource is a DLL for the prefix: bcryptprimitives.dll with
// ProcessPrng, over RtlGenRandom. Go's Windows runtime loads it from
// system32 at start, and every Windows 10 or later has it, but Wine 8
// does not. It is for the tests only, never shipped with the program.
const prngSource = `#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
	while (size > 0) {
		ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		size -= n;
	}
	return TRUE;
}
`

// lookTool finds the first of names on PATH, or as a path, that exists.
func lookTool(names ...string) (string, bool) {
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p, true
		}
	}
	return "", false
}

// NeedWindowsTools skips the test when Wine or mingw-w64 is missing,
// or fails it when RequireWineVariable is set.
func NeedWindowsTools(t testing.TB) {
	t.Helper()
	var missing []string
	if _, ok := lookTool("wine64", "/usr/lib/wine/wine64", "wine"); !ok {
		missing = append(missing, "Wine (wine64)")
	}
	for _, tool := range []string{"x86_64-w64-mingw32-gcc", "x86_64-w64-mingw32-windres", "convert"} {
		if _, ok := lookTool(tool); !ok {
			missing = append(missing, tool)
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := fmt.Sprintf("%s missing: `sh scripts/install-deps.sh test` installs them", strings.Join(missing, ", "))
	if os.Getenv(RequireWineVariable) != "" {
		t.Fatalf("%s (%s is set, so the Windows tests must run)", msg, RequireWineVariable)
	}
	t.Skip(msg)
}

// NewWine makes a fresh prefix for the test, with the ProcessPrng DLL in
// its system32, and ends its Wine processes when the test ends.
func NewWine(t testing.TB) *Wine {
	t.Helper()
	NeedWindowsTools(t)
	loader, _ := lookTool("wine64", "/usr/lib/wine/wine64", "wine")
	server, ok := lookTool("wineserver", "/usr/lib/wine/wineserver64", filepath.Join(filepath.Dir(loader), "wineserver64"))
	if !ok {
		t.Fatal("Wine has no wineserver beside " + loader)
	}
	w := &Wine{loader: loader, server: server, Prefix: filepath.Join(t.TempDir(), "prefix")}
	start := time.Now()
	boot := exec.Command(loader, "wineboot", "--init")
	boot.Env = w.env()
	if out, err := boot.CombinedOutput(); err != nil {
		t.Fatalf("wineboot: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		kill := exec.Command(server, "-k")
		kill.Env = w.env()
		kill.Run()
	})
	w.waitServer(t)
	dll := filepath.Join(w.Prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")
	src := filepath.Join(t.TempDir(), "prng.c")
	if err := os.WriteFile(src, []byte(prngSource), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-O2", "-s", "-o", dll, src, "-ladvapi32").CombinedOutput(); err != nil {
		t.Fatalf("building bcryptprimitives.dll: %v\n%s", err, out)
	}
	t.Logf("Wine prefix %s ready in %v", w.Prefix, time.Since(start).Round(time.Millisecond))
	return w
}

// waitServer waits until the prefix's wineserver has finished its work
// (wineboot goes on setting the prefix up after it returns).
func (w *Wine) waitServer(t testing.TB) {
	wait := exec.Command(w.server, "-w")
	wait.Env = w.env()
	if out, err := wait.CombinedOutput(); err != nil {
		t.Fatalf("wineserver -w: %v\n%s", err, out)
	}
}

// env is the environment Wine runs in: the prefix, no debug chatter, and
// no offer to install Mono or Gecko, which the programs do not use.
func (w *Wine) env() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") {
			env = append(env, kv)
		}
	}
	return append(env, "WINEPREFIX="+w.Prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=")
}

// Command runs the Windows program exe (a path on this system) with
// args under the prefix, with no display.
func (w *Wine) Command(exe string, args ...string) *exec.Cmd {
	cmd := exec.Command(w.loader, append([]string{exe}, args...)...)
	cmd.Env = w.env()
	return cmd
}

// Path is how Windows programs in the prefix name the file or folder at
// path on this system: on drive Z:, which Wine maps to the root.
func (w *Wine) Path(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return "Z:" + strings.ReplaceAll(abs, "/", `\`)
}

// Drive maps the drive letter (such as "L") to folder dir of this
// system and returns the drive's root, `L:\`.
func (w *Wine) Drive(t testing.TB, letter, dir string) string {
	t.Helper()
	link := filepath.Join(w.Prefix, "dosdevices", strings.ToLower(letter)+":")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	return strings.ToUpper(letter) + `:\`
}

// AppData is the prefix user's roaming application data folder,
// %APPDATA%, where Windows programs keep their settings.
func (w *Wine) AppData(t testing.TB) string {
	t.Helper()
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(w.Prefix, "drive_c", "users", u.Username, "AppData", "Roaming")
}

// Start runs the Windows program exe with args under the prefix in d,
// with prefs (key to value) in its preferences in %APPDATA%, and waits
// for a window whose title matches titlePattern.
func (w *Wine) Start(t testing.TB, d *Display, exe string, prefs map[string]any, titlePattern string, args ...string) *Program {
	if len(prefs) > 0 {
		writePreferences(t, w.AppData(t), prefs)
	}
	return launch(t, d, w.Command(exe, args...), titlePattern)
}

// BuildWindows cross-compiles levelwright.exe and levelwright.com with
// scripts/build-windows.sh, as `make dist` does, once per test binary,
// and returns the folder holding them.
func BuildWindows(t testing.TB) string {
	t.Helper()
	NeedWindowsTools(t)
	windowsOnce.Do(func() {
		windowsDir, windowsErr = os.MkdirTemp("", "levelwright-windows-")
		if windowsErr != nil {
			return
		}
		start := time.Now()
		cmd := exec.Command("sh", filepath.Join(RepoRoot(t), "scripts", "build-windows.sh"), windowsDir)
		if out, err := cmd.CombinedOutput(); err != nil {
			windowsErr = fmt.Errorf("scripts/build-windows.sh: %v\n%s", err, out)
		}
		windowsTook = time.Since(start)
	})
	if windowsErr != nil {
		t.Fatal(windowsErr)
	}
	t.Logf("Windows build in %s took %v", windowsDir, windowsTook.Round(time.Second))
	return windowsDir
}

var (
	windowsOnce sync.Once
	windowsDir  string
	windowsErr  error
	windowsTook time.Duration
)
