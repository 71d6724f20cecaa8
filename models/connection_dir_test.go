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

// TestConnectionDir: a command connection's working directory must be an
// absolute path to a directory that exists; a bad one is refused naming
// the field "dir", with nothing written; a good one is stored, listed,
// changed by an edit, dropped by a switch to a URL and gone with the
// connection; on both databases.
func TestConnectionDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			cmd := []string{"node", "server.js"}
			for _, c := range []struct {
				name string
				in   models.ConnectionInput
				want string
			}{
				{"relative", models.ConnectionInput{Name: "m", Command: cmd, Dir: "data"}, "not an absolute path"},
				{"missing", models.ConnectionInput{Name: "m", Command: cmd, Dir: filepath.Join(dir, "nope")}, "does not exist"},
				{"a file", models.ConnectionInput{Name: "m", Command: cmd, Dir: file}, "is not a directory"},
				{"a URL server", models.ConnectionInput{Name: "m", URL: "http://127.0.0.1:1/mcp", Dir: dir}, "for command servers"},
				{"too long", models.ConnectionInput{Name: "m", Command: cmd, Dir: "/" + strings.Repeat("a", models.MaxConnectionDir)}, "at most"},
			} {
				_, err := store.CreateConnection(ctx, "alice", c.in)
				var ve *models.ValidationError
				if !errors.As(err, &ve) || !strings.Contains(ve.Fields["dir"], c.want) {
					t.Errorf("%s: got %v, want dir: …%s…", c.name, err, c.want)
				}
			}
			if cs, _ := store.Connections(ctx); len(cs) != 0 {
				t.Fatalf("a refused add was written: %+v", cs)
			}
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "m", Command: cmd, Dir: dir}); err != nil {
				t.Fatal(err)
			}
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "other", Command: cmd}); err != nil {
				t.Fatal(err)
			}
			cs, err := store.Connections(ctx)
			if err != nil || len(cs) != 2 || cs[0].Name != "m" || cs[0].Dir != dir || cs[1].Dir != "" {
				t.Fatalf("listed: %v %+v", err, cs)
			}
			sub := filepath.Join(dir, "sub-"+d.Name)
			if err := os.Mkdir(sub, 0o700); err != nil {
				t.Fatal(err)
			}
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
			if _, err := edit(models.ConnectionEdit{Dir: "relative"}); err == nil || !strings.Contains(err.Error(), "dir") {
				t.Errorf("an edit to a relative dir: %v", err)
			}
			if c, err := edit(models.ConnectionEdit{Dir: sub}); err != nil || c.Dir != sub {
				t.Fatalf("edit dir: %v %+v", err, c)
			}
			if c, err := edit(models.ConnectionEdit{PlainEnv: map[string]string{"MODE": "x"}}); err != nil || c.Dir != sub {
				t.Fatalf("an edit of something else changed the dir: %v %+v", err, c)
			}
			if c, err := edit(models.ConnectionEdit{URL: "http://127.0.0.1:1/mcp"}); err != nil || c.Dir != "" {
				t.Fatalf("a switch to a URL kept the dir: %v %+v", err, c)
			}
			if _, err := store.DeleteConnection(ctx, "alice", "other"); err != nil {
				t.Fatal(err)
			}
		})
	}
}
