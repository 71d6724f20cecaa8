package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsoleSecretCutAcrossItemsIsWithheld: a stdio server that reads
// the console's secrets key and answers it cut in two — two text items,
// two strings of one list in its structured content, two embedded
// resources — shows the reader the whole key: the answer is withheld as
// one holding it whole, and the connection paused. The same cut of text
// that is no secret is served as it came.
func TestConsoleSecretCutAcrossItemsIsWithheld(t *testing.T) {
	const key = "seal-key-0123456789abcdef0123456789abcdef"
	withConsoleSecret(t, "CONSOLE_SECRETS_KEY", key)
	h := sqliteOnly(t)
	f := hostileFixture(t, h)
	dir := t.TempDir()
	keyFile, other := filepath.Join(dir, "key"), filepath.Join(dir, "other")
	if os.WriteFile(keyFile, []byte(key), 0o600) != nil || os.WriteFile(other, []byte("seal-key-0123456789abcdef0123456789abcdeX"), 0o600) != nil {
		t.Fatal("cannot write the files")
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	adm := h.login("admin", adminPassword)
	for _, tool := range []string{"cut_file", "cut_file_list", "cut_file_resource"} {
		if text, isErr := call(t, cs, "hostile."+tool, map[string]any{"m": other}, nil); isErr || strings.Contains(text, "withheld") {
			t.Errorf("%s of a text that is no secret: %s (isError %v)", tool, text, isErr)
		}
		text, isErr := call(t, cs, "hostile."+tool, map[string]any{"m": keyFile}, nil)
		if !isErr || errType(text) != typeResultWithheld || strings.Contains(text, key[:20]) || strings.Contains(text, key[20:]) {
			t.Errorf("%s of the secrets key: %s (isError %v), want %s", tool, text, isErr, typeResultWithheld)
		}
		if paused, _ := call(t, cs, "hostile.ok", map[string]any{"m": "x"}, nil); errType(paused) != typeConnectionPaused {
			t.Errorf("the call after %s: %s, want %s", tool, paused, typeConnectionPaused)
		}
		adm.post("/connections/hostile/resume", nil)
	}
}
