package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestServeRefusesSealedSecretsItCannotOpen: a database holding sealed
// connection secrets (a restored backup) and no secrets key, or another
// key than the one that sealed them: console serve refuses to start on
// SQLite and on Postgres alike, naming the connection and the key. On
// Postgres it used to start with no key or a wrong one, and only a later
// sync failed ("models: no secrets key is configured"); on SQLite a
// wrong key was taken.
func TestServeRefusesSealedSecretsItCannotOpen(t *testing.T) {
	up := upstreamtest.New()
	defer up.Close()
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			s, dsn := modelstest.OpenEmpty(t, d)
			s.Close()
			t.Setenv("CONSOLE_SECRETS_KEY", strings.Repeat("k", models.SecretBytes))
			mustMigrate(t, dsn)
			if out, err := runCLI(t, dsn, "connection", "add", "up", "--url", up.URL, "--header", "X-Api-Key=k-1", "--as", "admin"); err != nil {
				t.Fatalf("add: %v\n%s", err, out)
			}
			for _, c := range []struct{ name, key, want string }{
				{"no key", "", "CONSOLE_SECRETS_KEY is not set"},
				{"another key", strings.Repeat("w", models.SecretBytes), "do not open with the configured secrets key (CONSOLE_SECRETS_KEY)"},
			} {
				t.Setenv("CONSOLE_SECRETS_KEY", c.key)
				out, err := serveUntilItStartsOrEnds(t, dsn)
				if err == nil || !strings.Contains(err.Error(), "the secrets of connection up") || !strings.Contains(err.Error(), c.want) {
					t.Errorf("%s: serve = %v, want a refusal saying %q\n%s", c.name, err, c.want, out)
				}
			}
			t.Setenv("CONSOLE_SECRETS_KEY", "")
			if out, err := runCLI(t, dsn, "connection", "sync", "up", "--as", "admin"); err == nil || strings.Contains(err.Error(), "models:") {
				t.Errorf("sync without the key: %v (want a refusal without the internal prefix)\n%s", err, out)
			}
		})
	}
}

// serveUntilItStartsOrEnds runs console serve against dsn and returns its
// output and its error when it ends on its own, or nil once it listens
// (it is stopped then).
func serveUntilItStartsOrEnds(t *testing.T, dsn string) (string, error) {
	t.Helper()
	t.Setenv("DATABASE_URL", dsn)
	out, err := os.Create(filepath.Join(t.TempDir(), "serve.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, out, out) }()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-done:
			b, _ := os.ReadFile(out.Name())
			return string(b), err
		default:
		}
		if b, _ := os.ReadFile(out.Name()); strings.Contains(string(b), "Sign in at ") {
			cancel()
			<-done
			return string(b), nil
		}
	}
	cancel()
	<-done
	t.Fatal("serve neither started nor ended")
	return "", nil
}
