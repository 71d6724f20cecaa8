package web

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestSecretGuessesAreAnsweredAlike: no answer tells a caller whether a
// value it sent equals a secret of the console (its admin password) or
// of the connection serving the tool. A gateway call echoing the guess,
// /authorize and POST /approvals of a tool that needs an approval, and the
// gateway call of it answer a right guess and a wrong one byte for byte
// alike (apart from request refs and times): both file a request, shown
// as sent. A connection's secret the server writes unprompted is still
// masked; the console's own, which the guesses sent it, is served as an
// echo.
func TestSecretGuessesAreAnsweredAlike(t *testing.T) {
	const admin, tok = "Adm1n-pass-attacker!", "supersecretvalue123456"
	upstream.SetConsoleSecrets(admin)
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Api-Key": tok}}, false)
	hdr := map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": authority.Everyone}
	cs, _ := f.connect(t, hdr)
	ids := regexp.MustCompile(models.ApprovalPrefix + `[A-Za-z0-9_-]+|\d{4}-\d\d-\d\dT[0-9:.]+Z`)
	same := func(what, guess, right, wrongGuess, wrong string) {
		t.Helper()
		r := ids.ReplaceAllString(strings.ReplaceAll(right, guess, "GUESS"), "ID")
		w := ids.ReplaceAllString(strings.ReplaceAll(wrong, wrongGuess, "GUESS"), "ID")
		if r != w || strings.Contains(r, upstream.SecretMark) {
			t.Errorf("%s: right guess answered\n%s\nwrong guess answered\n%s", what, right, wrong)
		}
	}
	guesses := []string{admin, tok}
	for _, g := range guesses {
		w := g[:len(g)-1] + "?"
		r1, _ := call(t, cs, "demo.echo", map[string]any{"text": "is it " + g}, nil)
		w1, _ := call(t, cs, "demo.echo", map[string]any{"text": "is it " + w}, nil)
		if !strings.Contains(r1, g) {
			t.Fatalf("gateway echo: %s", r1)
		}
		same("gateway echo", g, r1, w, w1)
		say := "found " + g
		up.Say.Store(&say)
		u, _ := call(t, cs, "demo.echo", map[string]any{"text": "hello"}, nil)
		up.Say.Store(nil)
		if g == admin {
			// the console's own secret, sent to this connection by the
			// guesses above: an echo of what a caller sent, served as it
			// came (the sending was recorded, secretsSent)
			if errType(u) != "" || !strings.Contains(u, g) {
				t.Errorf("a server repeating the console's secret a caller sent it: %s", u)
			}
			continue
		}
		if strings.Contains(u, g) || !strings.Contains(u, upstream.SecretMark) {
			t.Errorf("a server writing %q unprompted: %s", g, u)
		}
	}
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	cs, _ = f.connect(t, hdr)
	sam := map[string]any{"id": "sam", "groups": []string{authority.Everyone}}
	ask := func(path, guess string) string {
		body := map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam, "arguments": map[string]any{"text": "is it " + guess}}
		if path == "/api/v1/approvals" {
			body["summary"] = "echo a text"
		}
		res, out := h.api(http.MethodPost, path, f.key, body)
		var d struct{ Error struct{ Approval string } }
		if json.Unmarshal(out, &d) == nil && d.Error.Approval != "" {
			_, view := h.api(http.MethodGet, "/api/v1/approvals/"+d.Error.Approval, f.key, nil)
			out = append(out, view...)
		}
		return http.StatusText(res.StatusCode) + " " + string(out)
	}
	for i, g := range guesses {
		w := g[:len(g)-1] + "?"
		same("/authorize", g, ask("/api/v1/authorize", g), w, ask("/api/v1/authorize", w))
		// a new subject each time: one subject's own requests are capped
		sam["id"] = "sam" + string(rune('a'+i))
		same("POST /approvals", g, ask("/api/v1/approvals", g), w, ask("/api/v1/approvals", w))
		gr, _ := call(t, cs, "demo.echo", map[string]any{"text": "gw " + g}, nil)
		gw, _ := call(t, cs, "demo.echo", map[string]any{"text": "gw " + w}, nil)
		same("gateway approval", g, gr, w, gw)
	}
	if n := countApprovals(t, h, "demo.echo"); n != 12 {
		t.Errorf("%d requests filed, want 12 (every guess, right or wrong, files one)", n)
	}
}
