package replicas

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

const adminPassword = "admin-password-1"

// cluster is two console processes on one Postgres schema.
type cluster struct {
	t     *testing.T
	bin   string
	env   []string
	store *models.Store
	base  [2]string
	key   string // a read API key
	// extra are serve flags after the defaults (a later flag wins)
	extra []string
	// cmds are the running replicas' processes (stop ends one)
	cmds [2]*exec.Cmd
}

// startCluster builds the console, makes a fresh Postgres schema and
// starts replica A (which bootstraps it) and then replica B.
func startCluster(t *testing.T) *cluster { return startClusterWith(t) }

// startClusterWith is startCluster with extra serve flags.
func startClusterWith(t *testing.T, extra ...string) *cluster {
	pg := modelstest.RequirePostgres(t)
	ctx := context.Background()
	bin := consoleBinary(t)
	schema := "replicas_" + strings.ToLower(strings.NewReplacer("-", "_").Replace(models.RandomToken(6)))
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
	c := &cluster{t: t, bin: bin, env: append(os.Environ(), "DATABASE_URL="+u.String(), "CONSOLE_ADMIN_PASSWORD="+adminPassword, "CONSOLE_ACTOR=admin"), extra: extra}
	for i := range c.base {
		c.start(i)
	}
	c.store, err = models.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.store.Close() })
	c.key = c.newKey(t)
	return c
}

// start runs replica i on a port the kernel picks when the replica binds
// (--addr 127.0.0.1:0) and learns its address from the line serve prints,
// so no other process can take the port between choosing and binding it.
func (c *cluster) start(i int) {
	t := c.t
	log, _ := os.Create(filepath.Join(t.TempDir(), fmt.Sprintf("replica-%d.log", i)))
	cmd := exec.Command(c.bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--api-rate", "3"}, c.extra...)...)
	cmd.Env, cmd.Stderr = c.env, log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c.cmds[i] = cmd
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
		log.Close()
	})
	addr := make(chan string, 1)
	go watchServeOutput(stdout, log, addr)
	select {
	case a := <-addr:
		c.base[i] = "http://" + a
	case <-time.After(60 * time.Second):
		b, _ := os.ReadFile(log.Name())
		t.Fatalf("replica %d printed no address:\n%s", i, b)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(c.base[i] + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	b, _ := os.ReadFile(log.Name())
	t.Fatalf("replica %d did not start:\n%s", i, b)
}

// serveBanner is the line serve prints once it listens.
var serveBanner = regexp.MustCompile(`^Agent Forge Console on (\S+) `)

// watchServeOutput copies a replica's stdout to its log and sends the
// address of its first banner line, if any, on addr.
func watchServeOutput(r io.Reader, log io.Writer, addr chan<- string) {
	sc := bufio.NewScanner(r)
	sent := false
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(log, line)
		if m := serveBanner.FindStringSubmatch(line); m != nil && !sent {
			addr <- m[1]
			sent = true
		}
	}
}

// cli runs the console binary against the cluster's database.
func (c *cluster) cli(args ...string) (string, error) {
	cmd := exec.Command(c.bin, args...)
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (c *cluster) newKey(t *testing.T) string {
	out, err := c.cli("apikey", "create", "replicas-"+models.RandomToken(3))
	if err != nil {
		t.Fatalf("apikey: %v %s", err, out)
	}
	return regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
}

func (c *cluster) apiStatus(r int, key string) int {
	req, _ := http.NewRequest(http.MethodGet, c.base[r]+"/api/v1/skills/source-check?label=production", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// api calls replica r's API with the cluster key and decodes the JSON.
func (c *cluster) api(t *testing.T, r int, method, path, body string, out any) {
	t.Helper()
	for attempt := 0; ; attempt++ {
		req, _ := http.NewRequest(method, c.base[r]+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+c.key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests && attempt < 20 {
			// the replicas run with a low rate for checkRateLimit
			time.Sleep(400 * time.Millisecond)
			continue
		}
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s %s on replica %d: %d %s", method, path, r, res.StatusCode, b)
		}
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatal(err)
		}
		return
	}
}

func (c *cluster) skillVersion(t *testing.T, r int, slug string) int {
	var out struct {
		Version int `json:"version"`
	}
	c.api(t, r, http.MethodGet, "/api/v1/skills/"+slug+"?label=production", "", &out)
	return out.Version
}

type composed struct {
	ProfileVersion int    `json:"profile_version"`
	Tier           string `json:"tier"`
	Digest         string `json:"digest"`
}

func (c *cluster) compose(t *testing.T, r int, body string) composed {
	var out composed
	c.api(t, r, http.MethodPost, "/api/v1/compose", body, &out)
	return out
}
