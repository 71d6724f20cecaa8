package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// hostileFixture is a console whose connection "hostile" is the stdio
// server testdata/hostile_answers.py (answers the console cannot read,
// a secret cut across two text blocks).
func hostileFixture(t *testing.T, h *harness) *gwFixture {
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is not installed (.ci/run installs it): %v", err)
		}
		t.Skip("python3 is not installed")
	}
	script, _ := filepath.Abs(filepath.Join("testdata", "hostile_answers.py"))
	return h.gatewayFixtureFor(models.ConnectionInput{Name: "hostile", Command: []string{py, script}, Env: map[string]string{"SECRET_TOKEN": hostileSecret}}, false)
}

// hostileSecret is the hostile server's own secret (its --env value).
const hostileSecret = "Zq7xK9mPw2Lr5Vt8Nb3Hc6Jd"

// TestGatewayUnreadableLineIsAnsweredAtOnce: a stdio server answering
// with one valid line nested 200,000 levels deep, a line cut short, or
// 64 MiB with no newline gets its call answered at once, not at the
// upstream timeout: the deep answer result_schema_mismatch (read-only)
// or uncertain_side_effect (with effects) saying it is nested too deep,
// the cut one as an answer that is not JSON-RPC, the endless one
// result_too_large; none says nothing was run. "At once" is judged by the
// answer's kind, as its twin in the upstream package judges it, never by
// a wall-clock bound (a loaded machine is slow, not wrong): the upstream
// timeout is three minutes, so a call left for it would answer a timeout
// (its evidence says so), not these.
func TestGatewayUnreadableLineIsAnsweredAtOnce(t *testing.T) {
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) { c.UpstreamTimeout = 3 * time.Minute })
	f := hostileFixture(t, h)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	for _, c := range []struct{ tool, typ, says string }{
		{"deep", typeResultMismatch, "nested deeper than"},
		{"write_deep", typeUncertainEffect, "nested deeper than"},
		{"broken", typeUnavailableEnv, "not a JSON-RPC message"},
		{"write_broken", typeUncertainEffect, "not a JSON-RPC message"},
		{"noline", typeResultTooLarge, "not read"},
		{"write_noline", typeResultTooLarge, "not read"},
	} {
		text, isErr := call(t, cs, "hostile."+c.tool, map[string]any{"m": "x"}, nil)
		if !isErr || errType(text) != c.typ || !strings.Contains(text, c.says) || strings.Contains(text, "nothing was run") {
			t.Errorf("%s: %s (isError %v), want %s saying %q", c.tool, text, isErr, c.typ, c.says)
		}
		if text, isErr := call(t, cs, "hostile.ok", map[string]any{"m": "x"}, nil); isErr || text != "ok" {
			t.Errorf("the call after %s: %s", c.tool, text)
		}
	}
	h.app.gw.evidence.close()
	var timedOut int
	if err := h.store.RawScan(context.Background(), &timedOut, "SELECT COUNT(*) FROM run_events WHERE call_status = 'timeout'"); err != nil || timedOut != 0 {
		t.Errorf("%d calls left for the upstream timeout (%v)", timedOut, err)
	}
}
