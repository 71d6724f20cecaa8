package models_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestConnectionDirClearedAndVanished: an edit clears a working
// directory (ClearDir: audited "cleared dir"; given with a directory it
// is refused naming "dir"); when the stored directory is gone, an edit
// that keeps it (a changed setting) is refused naming "dir" and the way
// out, and the same edit clearing the directory is stored; on both
// databases.
func TestConnectionDirClearedAndVanished(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			dir := t.TempDir()
			cmd := []string{"node", "server.js"}
			edit := func(e models.ConnectionEdit) (*models.Connection, error) {
				c, err := store.ConnectionByName(ctx, "m")
				if err != nil {
					return nil, err
				}
				in, err := store.EditedInput(c, &e)
				if err != nil {
					return nil, err
				}
				return store.UpdateConnection(ctx, "alice", in, e)
			}
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "m", Command: cmd, Dir: dir}); err != nil {
				t.Fatal(err)
			}
			var ve *models.ValidationError
			if _, err := edit(models.ConnectionEdit{Dir: dir, ClearDir: true}); !errors.As(err, &ve) || ve.Fields["dir"] == "" {
				t.Errorf("a dir given and cleared: %v, want refused naming dir", err)
			}
			if c, err := edit(models.ConnectionEdit{ClearDir: true}); err != nil || c.Dir != "" {
				t.Fatalf("clear dir: %v %+v", err, c)
			}
			evs, _, err := store.AuditEvents(ctx, models.AuditFilter{})
			audited := false
			for _, ev := range evs {
				audited = audited || (ev.Action == "connection.edit" && strings.Contains(ev.Detail, "cleared dir"))
			}
			if err != nil || !audited {
				t.Errorf("the clearing is not audited: %v %+v", err, evs)
			}
			gone := filepath.Join(dir, "gone")
			if err := os.Mkdir(gone, 0o700); err != nil {
				t.Fatal(err)
			}
			if c, err := edit(models.ConnectionEdit{Dir: gone}); err != nil || c.Dir != gone {
				t.Fatalf("set dir: %v %+v", err, c)
			}
			if err := os.Remove(gone); err != nil {
				t.Fatal(err)
			}
			_, err = edit(models.ConnectionEdit{PlainEnv: map[string]string{"MODE": "rotated"}})
			if !errors.As(err, &ve) || !strings.Contains(ve.Fields["dir"], "does not exist") || !strings.Contains(ve.Fields["dir"], "clear it") {
				t.Errorf("a setting changed with the kept dir gone: %v, want refused naming dir and how to clear it", err)
			}
			if c, err := edit(models.ConnectionEdit{PlainEnv: map[string]string{"MODE": "rotated"}, ClearDir: true}); err != nil || c.Dir != "" {
				t.Errorf("the change with the dir cleared: %v %+v", err, c)
			}
		})
	}
}
