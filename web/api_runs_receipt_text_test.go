package web

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestReceiptTextNeverFailsTheRequest: receipts are text found in a
// conversation, which a model (or a tool result it read) can write. A
// receipt with a key given twice, a NUL escape or a duplicate nested key
// is one malformed receipt — rejected with its index, the rest of the
// step answered — never a 400 for the whole request, which would stop
// the run at every later step. The request's own fields keep their
// checks.
func TestReceiptTextNeverFailsTheRequest(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	bad := []string{`{"v":1,"v":1}`, `{"names":["a\u0000b"]}`, `"\u0000"`, `{"names":{"a":1,"a":2}}`, `{"run":"r","run":"r","mac":"\u0000"}`}
	receipts := "["
	for i, b := range bad {
		if i > 0 {
			receipts += ","
		}
		receipts += "[" + b + "]"
	}
	receipts += "]"
	for _, path := range []string{"/api/v1/runs/r1/steps", "/api/v1/runs/r1/calls"} {
		body := `{"agent":"analyst","tool":"render_chart","receipts":` + receipts + `}`
		if path == "/api/v1/runs/r1/steps" {
			body = `{"agent":"analyst","receipts":` + receipts + `}`
		}
		res, out := h.api(http.MethodPost, path, key, body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s, want 200 with each receipt rejected", path, res.StatusCode, out)
		}
		var got struct {
			Rejected []struct {
				Index  int    `json:"index"`
				Reason string `json:"reason"`
			} `json:"rejected"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Rejected) != len(bad) {
			t.Fatalf("%s: rejected %+v, want all %d receipts rejected", path, got.Rejected, len(bad))
		}
		for i, r := range got.Rejected {
			if r.Index != i || r.Reason != "malformed" {
				t.Errorf("%s: rejection %d = %+v, want index %d malformed", path, i, r, i)
			}
		}
	}
	// the request's own fields are still checked
	for body, field := range map[string]string{
		`{"agent":"analyst","agent":"analyst","receipts":[]}`: "agent",
		`{"agent":"ana\u0000lyst","receipts":[]}`:             "agent",
	} {
		res, out := h.api(http.MethodPost, "/api/v1/runs/r1/steps", key, body)
		if e := apiErrorOf(t, out); res.StatusCode != http.StatusBadRequest || e.Field != field {
			t.Errorf("%s: %d %s, want 400 naming %s", body, res.StatusCode, out, field)
		}
	}
}
