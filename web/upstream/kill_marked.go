package upstream

import (
	"crypto/rand"
	"encoding/hex"
)

// runMarkerName is the environment variable each stdio server process is
// started with, a value of its own: whatever it starts inherits it, even
// a helper that leaves the server's process group (setsid, a double
// fork), so stopping the server also finds and ends those
// (killMarked). A process that clears its environment escapes it.
const runMarkerName = "CONSOLE_UPSTREAM_RUN"

// newRunMarker is a fresh NAME=value for one server process.
func newRunMarker() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return runMarkerName + "=" + hex.EncodeToString(b)
}
