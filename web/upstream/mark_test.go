package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
)

// A call whose answer is refused at the ceiling gets the *TooLargeError;
// a concurrent call on the same client that fails for another reason
// gets its own error, never the other's (the refusal is the request's,
// not the client's). HTTP: a garbage answer held back until the other
// call was refused. Run with -race.
func TestConcurrentCallsKeepTheirOwnErrorsHTTP(t *testing.T) {
	held := make(chan struct{})
	arrived := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Name            string `json:"name"`
				ProtocolVersion string `json:"protocolVersion"`
			} `json:"params"`
		}
		if json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req) != nil || len(req.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch {
		case req.Method == "initialize":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":%q,"capabilities":{"tools":{}},"serverInfo":{"name":"h","version":"1"}}}`, req.ID, req.Params.ProtocolVersion)
		case req.Params.Name == "big":
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"`, req.ID)
			flood(w, 8<<20)
			io.WriteString(w, `"}]}}`)
		case req.Params.Name == "bad": // garbage, once the big call was refused
			once.Do(func() { close(arrived) })
			<-held
			io.WriteString(w, "<html>not an MCP answer</html>")
		default:
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}`, req.ID)
		}
	}))
	defer srv.Close()
	p := NewPool(nil)
	p.Timeout, p.MaxMessage, p.MaxResult = 20*time.Second, 1<<20, 1<<18
	defer p.Close()
	sp := Spec{Name: "h", URL: srv.URL}
	ctx := context.Background()
	badErr := make(chan error, 1)
	go func() {
		_, err := p.Call(ctx, sp, "bad", json.RawMessage(`{}`))
		badErr <- err
	}()
	<-arrived
	_, err := p.Call(ctx, sp, "big", json.RawMessage(`{}`))
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1<<18 {
		t.Errorf("the big call: %v, want a *TooLargeError at %d", err, 1<<18)
	}
	close(held)
	if err := <-badErr; err == nil || errors.As(err, &tl) {
		t.Errorf("the concurrent garbage call: %v, want its own error, not the big call's", err)
	}
}

// The same over stdio, where a refused line ends the session: the call
// the line answered gets the *TooLargeError, a call waiting beside it
// only the lost connection.
func TestConcurrentCallsKeepTheirOwnErrorsStdio(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	p := NewPool(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	p.Timeout, p.MaxMessage = 20*time.Second, 1<<20
	defer p.Close()
	sp := Spec{Name: "stdio", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	ctx := context.Background()
	if _, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	sleepErr := make(chan error, 1)
	go func() {
		_, err := p.Call(ctx, sp, "sleep", json.RawMessage(`{}`))
		sleepErr <- err
	}()
	// the server says on stderr when the sleep call arrived (the line
	// reaches the log through the pool's stderr reader)
	for i := 0; !strings.Contains(logs.String(), "sleeping"); i++ {
		if i == 200 {
			t.Fatal("the sleep call never reached the server")
		}
		time.Sleep(25 * time.Millisecond)
	}
	_, err = p.Call(ctx, sp, "flood", json.RawMessage(`{"mb":2}`))
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1<<20 {
		t.Errorf("the flood call: %v, want a *TooLargeError at %d", err, 1<<20)
	}
	if err := <-sleepErr; err == nil || errors.As(err, &tl) {
		t.Errorf("the call beside it: %v, want the lost connection, not the flood's refusal", err)
	}
}

// headID reads the top-level id of a message's head, and nothing else.
func TestHeadID(t *testing.T) {
	for head, want := range map[string]string{
		`{"jsonrpc":"2.0","id":17,"result":{"content":[`:            "17",
		`{"jsonrpc":"2.0", "id" : "a\"b","result":`:                 `"a\"b"`,
		`{"result":{"id":3,"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxx`: "",
		`{"method":"id","params":{}}`:                               "",
		`{"jsonrpc":"2.0","id":12`:                                  "",
		`{"jsonrpc":"2.0","result":{},"id":4}`:                      "4",
	} {
		got, ok := headID([]byte(head))
		if string(got) != want || ok != (want != "") {
			t.Errorf("headID(%s) = %q %v, want %q", head, got, ok, want)
		}
	}
}

// tailID reads the top-level id a message ends with (the TypeScript
// SDK writes it last), and nothing else.
func TestTailID(t *testing.T) {
	for tail, want := range map[string]string{
		`xxxxxxx"}]},"jsonrpc":"2.0","id":17}`:          "17",
		`x"}]},"jsonrpc":"2.0", "id" : "a\"b" }` + "\r": `"a\"b"`,
		`{"result":{},"id":4}`:                          "4",
		`"text":"a,\"id\":5}"}]}}`:                      "",
		`{"content":[],"x":{"id":3}}`:                   "",
		`"jsonrpc":"2.0","id":{"a":1}}`:                 "",
		`"k":"v\\","id":-2}`:                            "-2",
		`"id":7}`:                                       "",
		`d":8}`:                                         "",
		`,"id":"xxxxxxxxxxxxx`:                          "",
		`,"id":9`:                                       "",
	} {
		got, ok := tailID([]byte(tail))
		if string(got) != want || ok != (want != "") {
			t.Errorf("tailID(%s) = %q %v, want %q", tail, got, ok, want)
		}
	}
}

// A stdio server that writes each answer's id last (as TypeScript SDK
// servers do) has every line counted on the request it answers, with
// two requests waiting: the head does not name it, the tail does.
func TestIDLastLinesAreCountedOnTheirRequest(t *testing.T) {
	long := strings.Repeat("x", 300)
	lines := []string{
		`{"result":{"content":[{"type":"text","text":"` + long + `"}]},"jsonrpc":"2.0","id":2}`,
		`{"result":{"tools":[{"name":"a","description":"` + long + long + `"}]},"jsonrpc":"2.0","id":1}`,
		`{"result":{"content":[{"type":"text","text":"` + long + `"}]},"jsonrpc":"2.0","id":"s-1"}`,
	}
	for _, oneByte := range []bool{false, true} {
		m1, m2, ms := &mark{}, &mark{}, &mark{}
		mc := &markedConn{pending: map[string]*mark{"1": m1, "2": m2, `"s-1"`: ms}}
		var r io.Reader = strings.NewReader(strings.Join(lines, "\n") + "\n")
		if oneByte {
			r = iotest.OneByteReader(r)
		}
		if _, err := io.ReadAll(&lineCap{r: r, limit: 1 << 20, conn: mc, name: "ts"}); err != nil {
			t.Fatal(err)
		}
		for i, m := range []*mark{m2, m1, ms} {
			if got, want := m.bytes.Load(), int64(len(lines[i])+1); got != want {
				t.Errorf("one byte at a time %v: line %d counted %d bytes on its request, want %d", oneByte, i, got, want)
			}
		}
	}
}

// TestAnOverLongLineIsNotChargedByItsCutTail: a line refused at the
// ceiling has no end, so its id is never read from where the read
// stopped: a hostile upstream whose cut happens to fall after a nested
// `"id":2}` cannot choose which waiting request is told its answer was
// too large.
func TestAnOverLongLineIsNotChargedByItsCutTail(t *testing.T) {
	line := `{"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 200) + `"},{"id":2}` + strings.Repeat("y", 400)
	cut := strings.Index(line, `{"id":2}`) + len(`{"id":2}`)
	limit := cut - 4
	m1, m2 := &mark{}, &mark{}
	mc := &markedConn{pending: map[string]*mark{"1": m1, "2": m2}}
	r := &cutReader{s: line, cut: cut}
	if _, err := io.ReadAll(&lineCap{r: r, limit: limit, conn: mc, name: "hostile"}); err == nil {
		t.Fatal("an over-long line was read whole")
	}
	if m1.refused.Load() != 0 || m2.refused.Load() != 0 {
		t.Errorf("the cut tail named a request: refused 1=%d 2=%d", m1.refused.Load(), m2.refused.Load())
	}
}

// cutReader returns s in two reads, the first ending at cut.
type cutReader struct {
	s   string
	cut int
	n   int
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.n >= len(c.s) {
		return 0, io.EOF
	}
	end := len(c.s)
	if c.n < c.cut {
		end = c.cut
	}
	k := copy(p, c.s[c.n:end])
	c.n += k
	return k, nil
}
