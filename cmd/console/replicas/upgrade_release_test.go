package replicas

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// binary is one running console process.
type binary struct {
	name, base string
	stop       func()
}

// buildRelease builds the console as it was at commit, from the
// repository's history.
func buildRelease(t *testing.T, commit string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		needHistory(t, "git is not installed")
	}
	if out, err := exec.Command("git", "cat-file", "-e", commit+"^{commit}").CombinedOutput(); err != nil {
		needHistory(t, fmt.Sprintf("commit %s is not in this clone (%v %s); a shallow clone needs git fetch --unshallow", commit, err, out))
	}
	src := releaseSource(t, commit)
	bin := filepath.Join(t.TempDir(), "console-"+commit[:12])
	start := time.Now()
	build := exec.Command("go", "build", "-buildvcs=false", "-o", bin, "./cmd/console")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release (%s): %v\n%s", commit, err, out)
	}
	t.Logf("built the previous release (%s) in %s", commit[:12], time.Since(start).Round(time.Millisecond))
	return bin
}

// releaseSource is the source tree at commit, extracted with git archive
// (no worktree is registered) once into a directory named by the commit
// that later runs reuse: the Go build cache keys a package by its
// directory, so a second run finds the release's packages compiled and
// only links. Concurrent runs each extract and the first rename wins.
func releaseSource(t *testing.T, commit string) string {
	t.Helper()
	dir := filepath.Join(os.TempDir(), "console-release-"+commit)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return dir
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "console-release-*")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	tar := filepath.Join(tmp, "release.tar")
	// from the top of the work tree: in a subdirectory git archives only it
	archive := exec.Command("git", "archive", "--format=tar", "-o", tar, commit)
	archive.Dir = "../../.."
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("git archive %s: %v %s", commit, err, out)
	}
	src := filepath.Join(tmp, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("tar", "-xf", tar, "-C", src).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v %s", err, out)
	}
	if err := os.Rename(src, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr != nil {
			t.Fatalf("keep the release's source: %v", err)
		}
	}
	return dir
}

// needHistory fails in CI, where the clone has the history, and skips
// elsewhere.
func needHistory(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("the previous release cannot be built: %s", why)
	}
	t.Skipf("the previous release cannot be built: %s", why)
}

// emptySchema creates a Postgres schema of the test's own and returns a
// URL that uses it and a store on it.
func emptySchema(t *testing.T, pg string) (string, *models.Store) {
	t.Helper()
	ctx := context.Background()
	schema := "upgrade_" + strings.ToLower(strings.NewReplacer("-", "_").Replace(models.RandomToken(6)))
	adm, err := models.Open(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	if err := adm.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = adm.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		adm.Close()
	})
	u, _ := url.Parse(pg)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	s, err := models.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return u.String(), s
}

// appliedMigrations lists schema_migrations, in order.
func appliedMigrations(t *testing.T, s *models.Store) []int {
	t.Helper()
	var got []int
	if err := s.RawScan(context.Background(), &got, "SELECT version FROM schema_migrations ORDER BY version"); err != nil {
		t.Fatal(err)
	}
	return got
}

func sorted(v []int) []int {
	c := slices.Clone(v)
	slices.Sort(c)
	return c
}

// startBinary runs `serve` from bin on a port the kernel picks and waits
// until it is ready; it stops when the test ends, or at stop.
func startBinary(t *testing.T, bin string, env []string, name string) *binary {
	t.Helper()
	log, _ := os.Create(filepath.Join(t.TempDir(), name+".log"))
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--api-rate", "100000")
	cmd.Env, cmd.Stderr = env, log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
		log.Close()
	}
	t.Cleanup(stop)
	addr := make(chan string, 1)
	go watchServeOutput(stdout, log, addr)
	b := &binary{name: name, stop: stop}
	select {
	case a := <-addr:
		b.base = "http://" + a
	case <-time.After(60 * time.Second):
		out, _ := os.ReadFile(log.Name())
		t.Fatalf("%s printed no address:\n%s", name, out)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(b.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return b
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, _ := os.ReadFile(log.Name())
	t.Fatalf("%s never became ready:\n%s", name, out)
	return nil
}

func run(bin string, env []string, args ...string) (string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}
