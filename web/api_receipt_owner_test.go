package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// A runtime key composed with subject.id "alice@corp
// SSN-123"; a read key of another owner composed the same request with
// another subject, got the same digest, and GET /api/v1/compositions/{d}
// returned Alice's id. The first request stored for a digest was what
// everyone read, so a client could plant a receipt's inputs; and inputs
// were kept verbatim (duplicated pins and all).
func TestReceiptsKeepNoIdentityAndAnswerTheirOwner(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := func(owner string) string {
			secret, _, err := h.store.CreateAPIKey(ctx, owner, "k")
			if err != nil {
				t.Fatal(err)
			}
			return secret
		}
		alice, mallory, carol, admin := key("alice-team"), key("mallory-team"), key("carol-team"), key("admin")
		const secretID = "alice@corp.example SSN-123"
		body := `{"agent":"analyst","pins":["render_chart","exec","render_chart"],"tools":["exec","render_chart","exec"],"subject":{"id":"` + secretID + `","groups":["everyone","everyone"]}}`
		res, out := h.api(http.MethodPost, "/api/v1/compose", alice, body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("compose: %d %s", res.StatusCode, out)
		}
		var first struct{ Digest string }
		json.Unmarshal(out, &first)
		res, out = h.api(http.MethodPost, "/api/v1/compose", mallory, strings.Replace(body, secretID, "mallory", 1))
		var second struct{ Digest string }
		json.Unmarshal(out, &second)
		if res.StatusCode != http.StatusOK || second.Digest != first.Digest {
			t.Fatalf("the attack needs one digest for both: %d %s vs %s", res.StatusCode, second.Digest, first.Digest)
		}
		read := func(k string) (int, string) {
			res, out := h.api(http.MethodGet, "/api/v1/compositions/"+first.Digest, k, nil)
			return res.StatusCode, string(out)
		}
		code, got := read(mallory)
		if code != http.StatusOK || strings.Contains(got, "alice") || strings.Contains(got, "SSN") {
			t.Fatalf("another owner's key reads: %d %.300s", code, got)
		}
		code, got = read(alice)
		if code != http.StatusOK || strings.Contains(got, "SSN") || !strings.Contains(got, `"id_digest"`) {
			t.Fatalf("the owner reads: %d %.300s", code, got)
		}
		var rec struct {
			Inputs struct {
				Request struct {
					Pins, Tools []string
					Subject     struct{ Groups []string }
				}
			}
		}
		json.Unmarshal([]byte(got), &rec)
		if r := rec.Inputs.Request; strings.Join(r.Pins, ",") != "exec,render_chart" || strings.Join(r.Tools, ",") != "exec,render_chart" || strings.Join(r.Subject.Groups, ",") != "everyone" {
			t.Errorf("the request is not stored as sets: %+v", r)
		}
		if code, got = read(carol); code != http.StatusNotFound {
			t.Errorf("an owner never served the digest: %d %.200s, want 404 as for an unknown digest", code, got)
		}
		if code, _ = read(admin); code != http.StatusOK {
			t.Errorf("an admin's key: %d", code)
		}
		for _, table := range []string{"receipts", "receipt_readers"} {
			if n, err := h.store.Raw(ctx, "SELECT COUNT(*) FROM "+table+" WHERE inputs LIKE ?", "%SSN-123%"); err != nil || n != 0 {
				t.Errorf("%s keeps the subject's id: %d rows, %v", table, n, err)
			}
		}
	})
}
