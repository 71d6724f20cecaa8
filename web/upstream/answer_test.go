package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestServerErrorAnswerIsAnAnswer: a stdio server that answers
// a call with a JSON-RPC error answered: the call fails with a
// *ServerError carrying the server's code and message (its connection's
// secret values masked, bounded, valid UTF-8), and its session stays (the
// next call reaches the same process). The direct call to an HTTP server
// is held to the same by TestDirectCallAnswersAsTheSDK.
func TestServerErrorAnswerIsAnAnswer(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "answers", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1", "UPSTREAM_TEST_TOKEN": "tok-secret-999"}}
	ctx := context.Background()
	pid := func() string {
		res, err := p.Call(ctx, sp, "pid", nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res.Content)
		return string(b)
	}
	before := pid()
	_, err = p.Call(ctx, sp, "fail", json.RawMessage(`{}`))
	var se *ServerError
	if !errors.As(err, &se) {
		t.Fatalf("a JSON-RPC error answer: %v (%T), want a *ServerError", err, err)
	}
	if se.Code != -32603 || se.Message != "kubectl get pods failed: connection refused (token [secret])" {
		t.Errorf("server error %d %q", se.Code, se.Message)
	}
	if after := pid(); after != before {
		t.Errorf("the session was dropped after an answer: pid %s, then %s", before, after)
	}
	_, err = p.Call(ctx, sp, "fail", json.RawMessage(`{"n":5000}`))
	if !errors.As(err, &se) || len(se.Message) > MaxServerMessage+len("…") || !utf8.ValidString(se.Message) || !strings.HasSuffix(se.Message, "…") || strings.Contains(se.Message, "tok-secret") {
		t.Errorf("a long message: %d bytes, valid %v: %q…", len(se.Message), utf8.ValidString(se.Message), se.Message[:min(80, len(se.Message))])
	}
}

// TestServerStderrStaysOutOfTheLog: many servers print the
// arguments they are called with on stderr, and arguments are never
// logged: a stdio server's stderr reaches the console's log only at
// debug level (the console logs at info), masked; a call's failure is
// logged without the server's text.
func TestServerStderrStaysOutOfTheLog(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	p := NewPool(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "args", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	if _, err := p.Call(context.Background(), sp, "fail", json.RawMessage(`{"note":"argument-marker-42"}`)); err == nil {
		t.Fatal("fail answered")
	}
	for i := 0; !strings.Contains(logs.String(), "argument-marker-42"); i++ {
		if i == 200 {
			t.Fatalf("the server's stderr never reached the log at debug level:\n%s", logs.String())
		}
		time.Sleep(25 * time.Millisecond)
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, "argument-marker-42") && !strings.Contains(line, "level=DEBUG") {
			t.Errorf("an argument reached the log above debug level: %s", line)
		}
	}
}
