package web

import (
	"testing"

	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// secretCounts is every console_gateway_secret_answers_total series the
// key may read on /metrics, by kind.
func secretCounts(t *testing.T, url, key string) map[string]float64 {
	out := map[string]float64{}
	if fam := scrape(t, url+"/metrics", key)["console_gateway_secret_answers_total"]; fam != nil {
		for _, m := range fam.Metric {
			for _, l := range m.Label {
				if l.GetName() == "kind" {
					out[l.GetValue()] += m.GetCounter().GetValue()
				}
			}
		}
	}
	return out
}

// TestSecretCountersTellNoCallerItsGuess: the runtime key a gateway
// caller holds may read GET /metrics; no series there may move
// differently for a right guess of a console secret than for a wrong
// one, whether the guess is in a call's arguments or in an answer that
// echoes what the caller sent.
func TestSecretCountersTellNoCallerItsGuess(t *testing.T) {
	const admin = "Adm1n-pass-attacker!"
	upstream.SetConsoleSecrets(admin)
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	moved := func(guess string) map[string]float64 {
		before := secretCounts(t, h.srv.URL, f.key)
		call(t, cs, "demo.echo", map[string]any{"text": "guess " + guess}, nil)
		page := "stored: " + guess
		up.Say.Store(&page)
		call(t, cs, "demo.echo", map[string]any{"text": "read"}, nil)
		up.Say.Store(nil)
		after := secretCounts(t, h.srv.URL, f.key)
		d := map[string]float64{}
		for k, v := range after {
			if v != before[k] {
				d[k] = v - before[k]
			}
		}
		return d
	}
	wrong, right := moved("Wrong-pass-attacker!"), moved(admin)
	for k := range right {
		if right[k] != wrong[k] {
			t.Errorf("the caller's own key reads on /metrics which guess was right: kind %s moved %v for a wrong guess, %v for the right one", k, wrong[k], right[k])
		}
	}
	for k := range wrong {
		if right[k] != wrong[k] {
			t.Errorf("kind %s moved %v for a wrong guess, %v for the right one", k, wrong[k], right[k])
		}
	}
}
