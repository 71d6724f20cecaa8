package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// procOut is a process's combined output, written from two streams.
type procOut struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (p *procOut) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.Write(b)
}

func (p *procOut) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.b.String()
}

// stallServer answers nothing: each request waits until its client goes
// away. started is closed at the first request.
func stallServer(t *testing.T) (string, <-chan struct{}) {
	t.Helper()
	started, quit := make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(started) })
		select {
		case <-r.Context().Done():
		case <-quit:
		}
	}))
	t.Cleanup(func() {
		close(quit)
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL, started
}

// answerAll answers every JSON-RPC request at once with a result that
// is a call's and a list's (one tool), in an MCP session, and every
// other POST 200 with a result; reached is closed at the first request
// when holds for (the run is under way).
func answerAll(t *testing.T, when func(path, method, tool string) bool) (string, <-chan struct{}) {
	t.Helper()
	reached := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Name string `json:"name"`
			} `json:"params"`
		}
		_ = json.NewDecoder(r.Body).Decode(&m)
		if when(r.URL.Path, m.Method, m.Params.Name) {
			once.Do(func() { close(reached) })
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "s1")
		if m.Method != "" && m.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if m.ID == nil {
			m.ID = json.RawMessage("0")
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"ok"}],"tools":[{"name":"demo.echo"}]}}`, m.ID)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, reached
}

// freeAddr is a loopback address nothing listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestLongRunningCommandsStopOnASignal: every subcommand that can run
// for long (serve, bare, each loadtest mode, a connection's sync against
// an upstream that never answers) ends on SIGTERM or SIGINT by itself:
// it is not killed by the signal, it exits (its context cancelled), and
// it says so. Failed first: loadtest --mode gateway and the load modes
// waiting on a server kept running until their own end.
func TestLongRunningCommandsStopOnASignal(t *testing.T) {
	bin := consoleBinary(t)
	db := filepath.Join(t.TempDir(), "s.db")
	mustMigrate(t, db)
	env := append(os.Environ(), "DATABASE_URL="+db, "CONSOLE_ADMIN_PASSWORD=admin-password-1", "CONSOLE_ACTOR=admin")
	stalled, stalledStarted := stallServer(t)
	stalledMCP, stalledMCPStarted := stallServer(t)
	stalledConn, stalledConnStarted := stallServer(t)
	answering, measuring := answerAll(t, func(_, method, tool string) bool { return method == "tools/call" && strings.HasSuffix(tool, ".echo") })
	answeringCompose, composing := answerAll(t, func(path, _, _ string) bool { return path == "/api/v1/compose" })
	serveAddr, bareAddr := freeAddr(t), freeAddr(t)
	ready := func(url string) func() bool {
		return func() bool {
			res, err := http.Get(url)
			if err != nil {
				return false
			}
			res.Body.Close()
			return true
		}
	}
	hit := func(ch <-chan struct{}) func() bool {
		return func() bool {
			select {
			case <-ch:
				return true
			default:
				return false
			}
		}
	}
	cases := []struct {
		name  string
		args  []string
		env   []string
		sig   syscall.Signal
		ready func() bool
	}{
		{"serve", []string{"serve"}, []string{"CONSOLE_ADDR=" + serveAddr}, syscall.SIGTERM, ready("http://" + serveAddr + "/readyz")},
		{"bare", []string{"bare", "--mcp", "--addr", bareAddr}, nil, syscall.SIGTERM, ready("http://" + bareAddr + "/")},
		{"loadtest compose", []string{"loadtest", "--url", stalled, "--key", "afc_x", "-d", "5m"}, nil, syscall.SIGTERM, hit(stalledStarted)},
		{"connection add", []string{"connection", "add", "slow", "--url", stalledConn + "/mcp", "--as", "admin"}, nil, syscall.SIGTERM, hit(stalledConnStarted)},
		{"loadtest gateway, measuring", []string{"loadtest", "--mode", "gateway", "--url", answering, "--key", "afc_x", "--upstream", answering + "/mcp", "-d", "5m", "--rate", "50"}, nil, syscall.SIGTERM, hit(measuring)},
		{"loadtest compose, measuring", []string{"loadtest", "--url", answeringCompose, "--key", "afc_x", "-d", "5m", "-c", "2", "--rate", "50"}, nil, syscall.SIGINT, hit(composing)},
		{"loadtest gateway", []string{"loadtest", "--mode", "gateway", "--url", stalledMCP, "--key", "afc_x", "--upstream", stalledMCP, "-d", "5m"}, nil, syscall.SIGINT, hit(stalledMCPStarted)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := &procOut{}
			cmd := exec.Command(bin, c.args...)
			cmd.Env = append(append([]string{}, env...), c.env...)
			cmd.Stdout, cmd.Stderr = out, out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			for deadline := time.Now().Add(60 * time.Second); !c.ready(); time.Sleep(50 * time.Millisecond) {
				select {
				case err := <-done:
					t.Fatalf("ended before the signal: %v\n%s", err, out)
				default:
				}
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					t.Fatalf("never got going:\n%s", out)
				}
			}
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-done:
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
						t.Errorf("killed by %v instead of stopping:\n%s", ws.Signal(), out)
					}
				}
				if strings.Contains(out.String(), "database is closed") {
					t.Errorf("a background job outlived the store:\n%s", out)
				}
				if strings.HasPrefix(c.name, "loadtest") && !strings.Contains(out.String(), "interrupted") {
					t.Errorf("ended without saying it was interrupted: %v\n%s", err, out)
				}
				t.Logf("%s ended: %v\n%s", c.name, err, out)
			case <-time.After(90 * time.Second):
				_ = cmd.Process.Kill()
				<-done
				t.Errorf("still running 90 s after %v:\n%s", c.sig, out)
			}
		})
	}
}
