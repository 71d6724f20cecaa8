package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

func (h *harness) apiKey() string {
	h.t.Helper()
	secret, _, err := h.store.CreateAPIKey(context.Background(), "test", fmt.Sprintf("read-%d", keySeq.Add(1)))
	if err != nil {
		h.t.Fatal(err)
	}
	return secret
}

func (h *harness) api(method, path, key string, body any) (*http.Response, []byte) {
	h.t.Helper()
	res, out, err := h.tryAPI(method, path, key, body)
	if err != nil {
		h.t.Fatal(err)
	}
	return res, out
}

// tryAPI is api returning a failed request's error, for goroutines (which
// must not end the test).
func (h *harness) tryAPI(method, path, key string, body any) (*http.Response, []byte, error) {
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, h.srv.URL+path, r)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res, out, nil
}

func apiErrorOf(t *testing.T, b []byte) apiErrorBody {
	var e apiError
	if err := json.Unmarshal(b, &e); err != nil || e.Error.Code == "" {
		t.Fatalf("not an API error: %s", b)
	}
	return e.Error
}

// TestAPIComposeMatchesTheSharedFunction: the API returns exactly what
// Compose (which the CLI prints) returns, byte for byte in text.
func TestAPIComposeMatchesTheSharedFunction(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.apiKey()
		req := ComposeRequest{Agent: "analyst", Tier: "compact", Encoding: "cl100k_base"}
		res, body := h.api(http.MethodPost, "/api/v1/compose", key, req)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("compose: %d %s", res.StatusCode, body)
		}
		snap, _ := runtime.LoadSnapshot(context.Background(), h.store)
		want, err := Compose(context.Background(), h.store, snap, sharedMeter, req)
		if err != nil {
			t.Fatal(err)
		}
		wantJSON, _ := json.Marshal(want)
		var got, exp map[string]any
		json.Unmarshal(body, &got)
		json.Unmarshal(wantJSON, &exp)
		gj, _ := json.Marshal(got)
		ej, _ := json.Marshal(exp)
		if !bytes.Equal(gj, ej) {
			t.Fatal("API JSON differs from Compose's")
		}
		if got["profile"] != "data-analyst" || got["profile_version"].(float64) != 2 || got["encoding"] != "cl100k_base" {
			t.Errorf("profile/version/encoding: %v %v %v", got["profile"], got["profile_version"], got["encoding"])
		}
		// the forge shows the same text for the same state
		_, forge := h.login("admin", adminPassword).get("/forge?agent=analyst&tier=compact&enc=cl100k_base")
		if d, _ := forge.Find(`[data-testid="digest"]`).Html(); !strings.HasPrefix(want.Digest, d) {
			t.Errorf("forge digest %s, API %s", d, want.Digest)
		}
	})
}

// TestReceiptReproducesAfterChanges: a composition's receipt returns the
// same text after its profile and a skill changed.
func TestReceiptReproducesAfterChanges(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.apiKey()
		_, body := h.api(http.MethodPost, "/api/v1/compose", key, map[string]any{"agent": "analyst"})
		var first Result
		json.Unmarshal(body, &first)
		// change the profile and promote a skill
		admin := h.login("admin", adminPassword)
		if res, _ := admin.post("/profiles/data-analyst", url.Values{"base": {"2"}, "tools": {"read_spreadsheet\nworkspace_write"}, "tier": {"standard"}, "catalog_form": {"full"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("profile save: %d", res.StatusCode)
		}
		if res, _ := admin.post("/proposals/5/promote", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("promote: %d", res.StatusCode)
		}
		_, body = h.api(http.MethodPost, "/api/v1/compose", key, map[string]any{"agent": "analyst"})
		var second Result
		json.Unmarshal(body, &second)
		if second.Digest == first.Digest {
			t.Fatal("the change did not change the composition")
		}
		res, body := h.api(http.MethodGet, "/api/v1/compositions/"+first.Digest, key, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("receipt: %d", res.StatusCode)
		}
		var rec struct {
			Text   string `json:"text"`
			Inputs struct {
				ProfileVersion int            `json:"profile_version"`
				Pinned         runtime.Pinned `json:"pinned"`
			} `json:"inputs"`
		}
		json.Unmarshal(body, &rec)
		if rec.Text != first.Text || rec.Inputs.ProfileVersion != 2 || len(rec.Inputs.Pinned.Tools) == 0 {
			t.Fatalf("receipt does not reproduce: version %d, text equal %v", rec.Inputs.ProfileVersion, rec.Text == first.Text)
		}
		_ = ctx
	})
}

func TestAPIErrors(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	cases := []struct {
		name, method, path, key string
		body                    any
		status                  int
		field                   string
	}{
		{"no key", "POST", "/api/v1/compose", "", `{"agent":"analyst"}`, 401, "Authorization"},
		{"bad key", "POST", "/api/v1/compose", "afc_nope", `{"agent":"analyst"}`, 401, "Authorization"},
		{"not json", "POST", "/api/v1/compose", key, `{nope`, 400, ""},
		{"unknown field", "POST", "/api/v1/compose", key, `{"agent":"analyst","colour":1}`, 400, "colour"},
		{"wrong type", "POST", "/api/v1/compose", key, `{"agent":"analyst","tools":"exec"}`, 400, "tools"},
		{"missing agent", "POST", "/api/v1/compose", key, `{}`, 400, "agent"},
		{"bad tier", "POST", "/api/v1/compose", key, `{"agent":"analyst","tier":"huge"}`, 400, "tier"},
		{"bad encoding", "POST", "/api/v1/compose", key, `{"agent":"analyst","encoding":"gpt2"}`, 400, "encoding"},
		{"unknown agent", "POST", "/api/v1/compose", key, `{"agent":"ghost"}`, 404, "agent"},
		{"unknown profile", "POST", "/api/v1/compose", key, `{"agent":"analyst","profile":"ghost"}`, 404, "profile"},
		{"unknown tool", "POST", "/api/v1/compose", key, `{"agent":"analyst","tools":["nope"]}`, 422, "tools"},
		{"service not connected", "POST", "/api/v1/compose", key, `{"agent":"analyst","services":["jira"]}`, 400, "services"},
		{"too large", "POST", "/api/v1/compose", key, `{"agent":"` + strings.Repeat("a", MaxAPIBody) + `"}`, 413, "body"},
		{"over the server's body limit", "POST", "/api/v1/compose", key, `{"agent":"` + strings.Repeat("a", 11<<20) + `"}`, 413, "body"},
		{"binary", "POST", "/api/v1/compose", key, []byte{0xff, 0xfe, 0x00, 0x01}, 400, ""},
		{"unknown digest", "GET", "/api/v1/compositions/" + strings.Repeat("0", 64), key, nil, 404, "digest"},
		{"bad digest", "GET", "/api/v1/compositions/xyz", key, nil, 400, "digest"},
		{"unknown skill", "GET", "/api/v1/skills/ghost", key, nil, 404, "slug"},
		{"bad version", "GET", "/api/v1/skills/quarterly-report?version=0", key, nil, 400, "version"},
		{"bad label beside a version", "GET", "/api/v1/skills/quarterly-report?label=bogus&version=1", key, nil, 400, "label"},
		{"label and version", "GET", "/api/v1/skills/quarterly-report?label=production&version=1", key, nil, 400, "version"},
		{"search without q", "GET", "/api/v1/tools/search?agent=analyst", key, nil, 400, "q"},
		{"search limit", "GET", "/api/v1/tools/search?agent=analyst&q=x&limit=1000", key, nil, 400, "limit"},
		{"search unknown agent", "GET", "/api/v1/tools/search?agent=ghost&q=x", key, nil, 404, "agent"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, body := h.api(tc.method, tc.path, tc.key, tc.body)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tc.status, body)
			}
			e := apiErrorOf(t, body)
			if tc.field != "" && e.Field != tc.field {
				t.Errorf("field %q, want %q (%s)", e.Field, tc.field, e.Message)
			}
		})
	}
}

func TestAPISkillETag(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	res, body := h.api("GET", "/api/v1/skills/quarterly-report?label=production", key, nil)
	if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == "" {
		t.Fatalf("skill: %d", res.StatusCode)
	}
	var sk map[string]any
	json.Unmarshal(body, &sk)
	if sk["version"].(float64) != 2 || !strings.Contains(sk["procedure"].(string), "margin") {
		t.Errorf("skill = %v", sk)
	}
	req, _ := http.NewRequest("GET", h.srv.URL+"/api/v1/skills/quarterly-report", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	r2, _ := http.DefaultClient.Do(req)
	r2.Body.Close()
	if r2.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", r2.StatusCode)
	}
	res, _ = h.api("GET", "/api/v1/skills/quarterly-report?version=1", key, nil)
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("numbered version cache: %s", res.Header.Get("Cache-Control"))
	}
}

func TestAPIToolSearchNamesNoSchemas(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	res, body := h.api("GET", "/api/v1/tools/search?agent=analyst&q=spreadsheet+table&limit=3", key, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("search: %d", res.StatusCode)
	}
	var out struct {
		Tools []map[string]any `json:"tools"`
	}
	json.Unmarshal(body, &out)
	if len(out.Tools) == 0 || len(out.Tools) > 3 {
		t.Fatalf("%d hits", len(out.Tools))
	}
	for _, tl := range out.Tools {
		if len(tl) != 2 || tl["name"] == "" || tl["description"] == "" {
			t.Errorf("hit carries more than name and description: %v", tl)
		}
	}
	if strings.Contains(string(body), "params") || strings.Contains(string(body), "\"type\"") {
		t.Error("search leaked a schema")
	}
	// researcher has no exec: code-only helpers are unreachable
	_, body = h.api("GET", "/api/v1/tools/search?agent=researcher&q=table", key, nil)
	if strings.Contains(string(body), "load_table") {
		t.Error("search reached a code-only helper without exec")
	}
}

// FuzzAPICompose: no body produces a 5xx.
func FuzzAPICompose(f *testing.F) {
	for _, s := range []string{`{"agent":"analyst"}`, `{"agent":"analyst","tools":["exec"],"tier":"full","deferred":true,"pins":["exec"]}`, `{}`, `[]`, `null`, `{"agent":"researcher","without":["read_file"],"services":[]}`, "\x00\xff"} {
		f.Add([]byte(s))
	}
	store := modelstest.OpenSeeded(f, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), APIRate: 1 << 30})
	secret, _, err := store.CreateAPIKey(context.Background(), "fuzz", "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	handler := app.Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "/api/v1/compose", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+secret)
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}
