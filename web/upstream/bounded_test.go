package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// hostileServer is an HTTP MCP server (sessionless, JSON responses) that
// answers initialize properly and then tools/list and tools/call with
// answer(method, id), writing it to w as it pleases.
func hostileServer(t *testing.T, answer func(w io.Writer, method string, id json.RawMessage)) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"params"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req) != nil {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		if len(req.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if req.Method == "initialize" {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{"tools":{}},"serverInfo":{"name":"hostile","version":"1"}}}`, req.ID, req.Params.ProtocolVersion)
			return
		}
		if !strings.HasPrefix(req.Method, "tools/") {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}`, req.ID)
			return
		}
		answer(w, req.Method, req.ID)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// flood writes n bytes of one JSON string's contents (or until the
// reader goes away).
func flood(w io.Writer, n int) {
	chunk := []byte(strings.Repeat("a", 64<<10))
	for sent := 0; sent < n; sent += len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			return
		}
	}
}

// allocated is what fn allocates, in bytes: the least of runs runs.
// The count is process-wide (other goroutines' allocations join it), so
// the least of a few runs is the figure closest to fn's own.
func allocated(runs int, fn func()) uint64 {
	least := uint64(1<<64 - 1)
	for range runs {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		fn()
		runtime.ReadMemStats(&b)
		least = min(least, b.TotalAlloc-a.TotalAlloc)
	}
	return least
}

// Every document a third party writes is bounded as it is read: an upstream
// that answers a call or a tool list with 64 MB, with an endless stream of
// tools over many pages, or with garbage gets a structured error at once,
// and the console allocates a small multiple of the ceiling, not of what
// was sent.
func TestHostileHTTPUpstreamAnswersAreBounded(t *testing.T) {
	const ceiling, sent = 1 << 20, 64 << 20
	cases := []struct {
		name   string
		answer func(w io.Writer, method string, id json.RawMessage)
		list   bool
		large  string // "" when the error is not a *TooLargeError
	}{
		{"huge call result", func(w io.Writer, _ string, id json.RawMessage) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, id)
			flood(w, sent)
			io.WriteString(w, `"}]}}`)
		}, false, "a message"},
		{"huge tool list page", func(w io.Writer, _ string, id json.RawMessage) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"},"description":"`, id)
			flood(w, sent)
			io.WriteString(w, `"}]}}`)
		}, true, "a message"},
		{"endless pages", func(w io.Writer, _ string, id json.RawMessage) {
			desc := strings.Repeat("d", 60<<10)
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"nextCursor":"more","tools":[`, id)
			for i := 0; i < 10; i++ {
				if i > 0 {
					io.WriteString(w, ",")
				}
				fmt.Fprintf(w, `{"name":"t%d_%s","inputSchema":{"type":"object"},"description":%q}`, i, strings.Trim(string(id), `"`), desc)
			}
			io.WriteString(w, `]}}`)
		}, true, "the tool list"},
		{"garbage", func(w io.Writer, _ string, _ json.RawMessage) {
			io.WriteString(w, "<html>not an MCP answer</html>")
		}, false, ""},
		{"deep nesting", func(w io.Writer, _ string, id json.RawMessage) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":`, id)
			io.WriteString(w, strings.Repeat("[", 500_000))
		}, false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := hostileServer(t, tc.answer)
			sp := Spec{Name: "hostile", URL: srv.URL}
			limit := ceiling / 4
			if tc.list {
				limit = ceiling
			}
			var err error
			n := allocated(3, func() {
				// a new pool each run: a failed call starts the backoff
				p := NewPool(nil)
				// a call's answer has its own, lower ceiling (the gateway's
				// result ceiling); a tool list the message ceiling
				p.Timeout, p.MaxMessage, p.MaxResult = 20*time.Second, ceiling, ceiling/4
				defer p.Close()
				if tc.list {
					_, err = p.ListTools(context.Background(), sp)
				} else {
					_, err = p.Call(context.Background(), sp, "t", json.RawMessage(`{}`))
				}
			})
			t.Logf("%v; allocated %.1f MB", err, float64(n)/(1<<20))
			if err == nil {
				t.Fatal("a hostile answer was accepted")
			}
			var tl *TooLargeError
			if tc.large != "" && (!errors.As(err, &tl) || tl.What != tc.large || tl.Limit != limit) {
				t.Errorf("error %v, want a *TooLargeError about %s at %d bytes", err, tc.large, limit)
			}
			// the SDK reads a response into a growing buffer and decodes it
			// twice (the JSON-RPC envelope, then the result): about 15 bytes
			// allocated per byte read, whatever the server sends beyond
			if n > 32*ceiling {
				t.Errorf("allocated %d bytes for a ceiling of %d: memory follows what the server sends", n, ceiling)
			}
		})
	}
}

// A stdio server whose tool answers 8 MB on one line is refused at the
// line ceiling; the session is restarted and the next call works. Eight
// times the ceiling is enough to tell a bounded reader from one that
// reads the line to its end (the SDK allocates about 15 bytes per byte
// it reads: 120 MB, against the 16 MB allowed). The time such a call
// takes is the server's: the console stops reading at the ceiling, while
// the test server builds and encodes the whole answer first. Under the
// race detector on a loaded 2-core machine that took over 20 s for 8 MB
// (the console had allocated nothing by then), so the call gets 90 s: the
// bound under test is the answer's size, not its time.
func TestHostileStdioUpstreamAnswerIsBounded(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const ceiling = 1 << 20
	p := NewPool(nil)
	p.Timeout, p.MaxMessage = 90*time.Second, ceiling
	defer p.Close()
	sp := Spec{Name: "stdio", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	ctx := context.Background()
	if _, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	n := allocated(1, func() { _, err = p.Call(ctx, sp, "flood", json.RawMessage(`{"mb":8}`)) })
	t.Logf("%v; allocated %.1f MB", err, float64(n)/(1<<20))
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != ceiling {
		t.Fatalf("an 8 MB line: %v, want a *TooLargeError at %d bytes", err, ceiling)
	}
	if n > 16*ceiling {
		t.Errorf("allocated %d bytes for a ceiling of %d", n, ceiling)
	}
	// the next call is refused only while the pool's backoff runs, and
	// says for how long: wait that, then the restarted server answers
	for attempt := 0; ; attempt++ {
		if _, err = p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err == nil {
			break
		}
		var ue *UnavailableError
		if attempt == 3 || !errors.As(err, &ue) || ue.Retry <= 0 {
			t.Fatalf("the server was not restarted after the refused line (attempt %d): %v", attempt+1, err)
		}
		time.Sleep(ue.Retry)
	}
}
