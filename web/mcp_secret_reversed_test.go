package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream"
)

// TestConsoleSecretReversedIsWithheld: a stdio server that reads the
// console's secrets key and answers it reversed shows the reader the key
// (reversing it back is no work): the answer is withheld as the forward
// one is, the connection paused, and the client's session goes on — its
// next call is answered (connection_paused), not refused as a session
// that no longer exists. A reversed text that is no secret is served.
func TestConsoleSecretReversedIsWithheld(t *testing.T) {
	const key = "seal-key-0123456789abcdef0123456789abcdef"
	upstream.SetConsoleSecrets(key)
	upstream.SetConsoleSecretLabels(upstream.ConsoleSecretLabelsOf([]string{"CONSOLE_SECRETS_KEY=" + key}))
	t.Cleanup(func() { upstream.SetConsoleSecrets(); upstream.SetConsoleSecretLabels(nil) })
	h := sqliteOnly(t)
	f := hostileFixture(t, h)
	dir := t.TempDir()
	keyFile, other := filepath.Join(dir, "key"), filepath.Join(dir, "other")
	if os.WriteFile(keyFile, []byte(key), 0o600) != nil || os.WriteFile(other, []byte("seal-key-0123456789abcdef0123456789abcdeX"), 0o600) != nil {
		t.Fatal("cannot write the files")
	}
	for _, viaSDK := range []bool{false, true} {
		t.Run(map[bool]string{false: "direct path", true: "the SDK's server"}[viaSDK], func(t *testing.T) {
			h.app.gw.direct.Store(!viaSDK)
			defer h.app.gw.direct.Store(true)
			reversedWithheld(t, h, f, keyFile, other, key)
		})
	}
}

// reversedWithheld is TestConsoleSecretReversedIsWithheld on one path.
func reversedWithheld(t *testing.T, h *harness, f *gwFixture, keyFile, other, key string) {
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "hostile.reverse_file", map[string]any{"m": other}, nil); isErr || strings.Contains(text, "withheld") {
		t.Errorf("a reversed text that is no secret: %s (isError %v)", text, isErr)
	}
	text, isErr := call(t, cs, "hostile.reverse_file", map[string]any{"m": keyFile}, nil)
	if !isErr || errType(text) != typeResultWithheld || strings.Contains(text, reverse(key)[:16]) {
		t.Errorf("the secrets key reversed: %s (isError %v), want %s", text, isErr, typeResultWithheld)
	}
	if paused, _ := call(t, cs, "hostile.ok", map[string]any{"m": "x"}, nil); errType(paused) != typeConnectionPaused {
		t.Errorf("the call after: %s, want %s", paused, typeConnectionPaused)
	}
	h.login("admin", adminPassword).post("/connections/hostile/resume", nil)
}

// reverse is s's bytes in reverse order.
func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
