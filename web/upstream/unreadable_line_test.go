package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hostileSpec is the stdio server ../testdata/hostile_answers.py.
func hostileSpec(t *testing.T) Spec {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("python3 is not installed (.ci/run installs it): %v", err)
		}
		t.Skip("python3 is not installed")
	}
	script, _ := filepath.Abs(filepath.Join("..", "testdata", "hostile_answers.py"))
	return Spec{Name: "hostile", Command: []string{py, script}, Env: map[string]string{"SECRET_TOKEN": "Zq7xK9mPw2Lr5Vt8Nb3Hc6Jd"}}
}

// TestUnreadableLineAnswersItsCallAtOnce: a stdio server's answer that
// cannot be read — one valid line nesting deeper than the decoder reads
// (its id first or last), a line cut short after its id, a line with no
// newline past the ceiling — is charged to the call it answers at once,
// never left for the timeout: the deep and the cut answer as an answer
// that cannot be read (the server ran the call), the endless line as
// too large. The session serves the next call.
func TestUnreadableLineAnswersItsCallAtOnce(t *testing.T) {
	sp := hostileSpec(t)
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 20 * time.Second
	ctx := context.Background()
	if _, err := p.Call(ctx, sp, "ok", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tool string
		want func(error) bool
	}{
		{"deep", func(err error) bool { return errors.As(err, new(*UnreadableResultError)) && errors.Is(err, ErrTooDeep) }},
		{"deep_last", func(err error) bool { return errors.As(err, new(*UnreadableResultError)) && errors.Is(err, ErrTooDeep) }},
		{"broken", func(err error) bool { return errors.As(err, new(*MalformedError)) }},
		{"noline", func(err error) bool { return errors.As(err, new(*TooLargeError)) }},
	} {
		start := time.Now()
		res, err := p.Call(ctx, sp, c.tool, json.RawMessage(`{}`))
		if took := time.Since(start); took > 10*time.Second || !c.want(err) {
			t.Errorf("%s: answered after %s with %v (%+v)", c.tool, took.Round(time.Millisecond), err, res)
		}
		res, err = p.Call(ctx, sp, "ok", json.RawMessage(`{}`))
		if err != nil || res.Content[0].(*mcp.TextContent).Text != "ok" {
			t.Errorf("the call after %s: %v", c.tool, err)
		}
	}
}
