package web

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// plantedSecret is a human-chosen admin password: distinctive (three
// kinds of character), found only as a word of its own.
const plantedSecret = "Summer2026!"

// withAdminPassword sets the console's secrets to the admin password pw,
// labelled as the variable it comes from, for the test.
func withAdminPassword(t *testing.T, pw string) {
	withConsoleSecret(t, "CONSOLE_ADMIN_PASSWORD", pw)
}

// withConsoleSecret sets the console's secrets to value, labelled as the
// variable name it comes from, for the test.
func withConsoleSecret(t *testing.T, name, value string) {
	upstream.SetConsoleSecrets(value)
	upstream.SetConsoleSecretLabels(upstream.ConsoleSecretLabelsOf([]string{name + "=" + value}))
	t.Cleanup(func() { upstream.SetConsoleSecrets(); upstream.SetConsoleSecretLabels(nil) })
}

// memoryFixture is a console whose connection "memory" is the published
// memory server, keeping its graph in a file of the test's.
func memoryFixture(t *testing.T, h *harness) *gwFixture {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	return h.gatewayFixtureFor(models.ConnectionInput{Name: "memory", Command: []string{"node", entry}, Env: map[string]string{"MEMORY_FILE_PATH": graph}}, false)
}

// TestStoredConsoleSecretGuessesAreAnsweredAlike: a runtime key plants
// guesses of a console secret (the admin's password) in a stored value
// and reads each back with a call whose arguments do not hold it. The
// right guess and the wrong ones are answered byte for byte alike (but
// for the guess itself), so the gateway is no oracle; the key whose call
// sent the right one is recorded (secret.sent: label, never the value)
// and the admins alerted, the read audited as an echo naming it; no key
// is suspended.
func TestStoredConsoleSecretGuessesAreAnsweredAlike(t *testing.T) {
	withAdminPassword(t, plantedSecret)
	eachDialect(t, func(t *testing.T, h *harness) {
		f := memoryFixture(t, h)
		cs, _ := f.connect(t, nil)
		var answers []string
		for _, guess := range []string{"Winter2025!", plantedSecret, "Spring2026!"} {
			if text, isErr := call(t, cs, "memory.create_entities", map[string]any{"entities": []any{map[string]any{"name": "n", "entityType": "note", "observations": []any{guess}}}}, nil); isErr {
				t.Fatalf("plant %q: %s", guess, text)
			}
			text, isErr := call(t, cs, "memory.open_nodes", map[string]any{"names": []any{"n"}}, nil)
			answers = append(answers, fmt.Sprintf("%v %s", isErr, strings.ReplaceAll(text, guess, "GUESS")))
			if !strings.Contains(text, guess) {
				t.Errorf("guess %q read back as %s", guess, text)
			}
			if text, isErr := call(t, cs, "memory.delete_entities", map[string]any{"entityNames": []any{"n"}}, nil); isErr {
				t.Fatalf("delete: %s", text)
			}
		}
		if answers[1] != answers[0] || answers[2] != answers[0] {
			t.Errorf("the right guess answers\n%s\nthe wrong ones\n%s\n%s", answers[1], answers[0], answers[2])
		}
		ctx := context.Background()
		k, _ := h.store.APIKeyBySecret(ctx, f.key)
		sent, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.sent"})
		if len(sent) != 1 || sent[0].Actor != apiKeyActor(k) || !strings.Contains(sent[0].Detail, "CONSOLE_ADMIN_PASSWORD") || !strings.Contains(sent[0].Detail, "memory.create_entities") {
			t.Errorf("sending audited %v", sent)
		}
		echo, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.echo"})
		if len(echo) != 1 || !strings.Contains(echo[0].Detail, apiKeyActor(k)) {
			t.Errorf("echo audited %v", echo)
		}
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.exposure"}); len(evs) != 0 {
			t.Errorf("exposures audited %v", evs)
		}
		all, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{PerPage: 200})
		if strings.Contains(fmt.Sprint(all), plantedSecret) {
			t.Error("the audit log holds the secret")
		}
		if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusOK {
			t.Errorf("the key answered %d, want 200 (never suspended)", res.StatusCode)
		}
		adm := h.login("admin", adminPassword)
		for _, page := range []string{"/connections", "/apikeys"} {
			_, doc := adm.get(page)
			if b := doc.Find(`[data-testid="secret-sent-key"]`); b.Length() != 1 || !strings.Contains(b.Text(), apiKeyActor(k)) || strings.Contains(b.Text(), plantedSecret) {
				t.Errorf("%s does not alert the admins of the key that sent the secret", page)
			}
		}
	})
}

// TestAPlantedConsoleSecretSuspendsNoReader: key A (through one replica)
// writes a console secret into a connection's shared data; key B reads
// that data through another replica. B's answer is served as stored and B
// keeps working; A is the one recorded (the echo names it), and A is not
// suspended either (the admins decide).
func TestAPlantedConsoleSecretSuspendsNoReader(t *testing.T) {
	withAdminPassword(t, plantedSecret)
	eachDialect(t, func(t *testing.T, h *harness) {
		f := memoryFixture(t, h)
		ctx := context.Background()
		planter, _ := f.connect(t, map[string]string{"X-Subject-Id": "mallory", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, planter, "memory.create_entities", map[string]any{"entities": []any{map[string]any{"name": "welcome", "entityType": "note", "observations": []any{"hi " + plantedSecret}}}}, nil); isErr {
			t.Fatalf("plant: %s", text)
		}
		planterKey, readerKey := f.key, h.runtimeKey()
		other := New(h.store, sharedMeter, h.app.cfg)
		defer other.Close()
		handler := other.Handler()
		f.app.Store(&handler)
		f.key = readerKey
		reader, _ := f.connect(t, map[string]string{"X-Subject-Id": "alice", "X-Subject-Groups": "everyone"})
		if text, isErr := call(t, reader, "memory.read_graph", map[string]any{}, nil); isErr || !strings.Contains(text, "hi "+plantedSecret) {
			t.Errorf("the reader's read_graph through another replica: %s", text)
		}
		for who, key := range map[string]string{"reader": readerKey, "planter": planterKey} {
			if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", key, nil); res.StatusCode != http.StatusOK {
				t.Errorf("the %s's key answers %d, want 200", who, res.StatusCode)
			}
		}
		pk, _ := h.store.APIKeyBySecret(ctx, planterKey)
		rk, _ := h.store.APIKeyBySecret(ctx, readerKey)
		echo, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.echo"})
		if len(echo) != 1 || echo[0].Actor != apiKeyActor(rk) || !strings.Contains(echo[0].Detail, apiKeyActor(pk)+" sent") {
			t.Errorf("echo audited %v", echo)
		}
		if ks, _ := h.store.SuspendedAPIKeys(ctx); len(ks) != 0 {
			t.Errorf("suspended keys %v", ks)
		}
	})
}
