package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// afterListen stores the pending admin and reports it; when storing fails
// it logs why, reports nothing, and still loads the tokenizer's ranks and
// the search lexicon (the first search waited for its load before). The
// lexicon's loader is injected: the process-wide lexicon stays as other
// tests left it.
func TestAfterListenRunsEachStep(t *testing.T) {
	for _, fail := range []bool{false, true} {
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		out, err := os.Create(filepath.Join(t.TempDir(), "out"))
		if err != nil {
			t.Fatal(err)
		}
		stored := false
		res := models.BootstrapResult{AdminPassword: "generated-password", FinishAdmin: func(context.Context) error {
			if fail {
				return errors.New("disk full")
			}
			stored = true
			return nil
		}}
		m := meter.New(100)
		warmed := 0
		afterListen(context.Background(), log, out, res, m, func() { warmed++ })
		out.Close()
		printed, _ := os.ReadFile(out.Name())
		if fail {
			if !strings.Contains(logged.String(), "disk full") || len(printed) > 0 {
				t.Errorf("a failed admin: log %q, stdout %q", logged.String(), printed)
			}
		} else if !stored || !strings.Contains(string(printed), createdAdmin(" and password: generated-password")) {
			t.Errorf("admin stored %v, stdout %q", stored, printed)
		}
		if strings.Contains(logged.String(), "tokenizer") {
			t.Errorf("warm-up: %s", logged.String())
		}
		if n, err := m.Count(meter.O200k, "hello world"); err != nil || n != 2 {
			t.Errorf("after the warm-up, hello world = %d tokens, %v", n, err)
		}
		if warmed != 1 {
			t.Errorf("the search lexicon was warmed %d times, want once", warmed)
		}
	}
}
