package web

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
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
// result_too_large; none says nothing was run.
func TestGatewayUnreadableLineIsAnsweredAtOnce(t *testing.T) {
	h := sqliteOnly(t)
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
		start := time.Now()
		text, isErr := call(t, cs, "hostile."+c.tool, map[string]any{"m": "x"}, nil)
		took := time.Since(start)
		if !isErr || errType(text) != c.typ || !strings.Contains(text, c.says) || strings.Contains(text, "nothing was run") || took > 10*time.Second {
			t.Errorf("%s: after %s: %s (isError %v), want %s saying %q", c.tool, took.Round(time.Millisecond), text, isErr, c.typ, c.says)
		}
		if text, isErr := call(t, cs, "hostile.ok", map[string]any{"m": "x"}, nil); isErr || text != "ok" {
			t.Errorf("the call after %s: %s", c.tool, text)
		}
	}
}
