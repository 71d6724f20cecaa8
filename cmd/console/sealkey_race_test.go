package main

import (
	"path/filepath"
	"sync"
	"testing"
)

// TestStartsMakingTheKeyFileTogetherAgree: starts that find no secrets
// key file and make one at the same moment (two consoles starting on one
// new SQLite file) all come up with one and the same key, the one the
// file keeps. A start used to read the file another had created but not
// yet written, and refuse it as holding fewer than 32 bytes.
func TestStartsMakingTheKeyFileTogetherAgree(t *testing.T) {
	t.Setenv("CONSOLE_SECRETS_KEY", "")
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "console.secrets.key")
		t.Setenv("CONSOLE_SECRETS_KEY_FILE", path)
		keys := make([]string, 8)
		errs := make([]error, len(keys))
		var wg sync.WaitGroup
		for i := range keys {
			wg.Add(1)
			go func() {
				defer wg.Done()
				k, err := loadSealKey(true)
				keys[i], errs[i] = string(k), err
			}()
		}
		wg.Wait()
		kept, err := loadSealKey(false)
		if err != nil {
			t.Fatalf("round %d: the key file: %v", round, err)
		}
		for i := range keys {
			if errs[i] != nil || keys[i] != string(kept) {
				t.Fatalf("round %d: start %d got %q, %v; the file keeps %q", round, i, keys[i], errs[i], kept)
			}
		}
	}
}
