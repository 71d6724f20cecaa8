package web

import (
	"testing"

	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestSentRecordsHoldAcrossSecretSets: a replica (or a restart) whose set
// of console secrets differs from another's by one value (no
// CONSOLE_ADMIN_PASSWORD after bootstrap, a seal key file created since
// start) still finds the record of a secret the two share that a caller
// sent through the other: a guess stored through one replica reads back
// through the other the same whether it is right or wrong.
func TestSentRecordsHoldAcrossSecretSets(t *testing.T) {
	const db, admin = "Db-pass-Shared-2026!", "Adm1n-only-on-bootstrap!"
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	upstream.SetConsoleSecrets(db, admin)
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	read := func(guess string) string {
		upstream.SetConsoleSecrets(db, admin) // replica A stores the guess
		call(t, cs, "demo.echo", map[string]any{"text": "remember " + guess}, nil)
		upstream.SetConsoleSecrets(db) // replica B reads it back
		stored := "stored: " + guess
		up.Say.Store(&stored)
		defer up.Say.Store(nil)
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "read"}, nil)
		if isErr {
			return errType(text)
		}
		return "served"
	}
	wrong, right := read("Db-pass-Wrong-2026!"), read(db)
	if wrong != right {
		t.Errorf("a guess stored through one replica reads back through another as %q when wrong, %q when right", wrong, right)
	}
}
