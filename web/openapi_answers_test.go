package web

import (
	"encoding/json"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestOpenAPIDescribesEveryAnswer: a runtime written from the OpenAPI
// document alone meets no answer the document does not describe. Each
// request below (successes and each kind of error of every runtime
// operation) gets a status the operation documents, and a body that
// validates, strictly, against the schema documented for that status:
// no undeclared field, every required one present, types and enums kept.
// The document's own examples validate against their schemas too, and
// every error code the API answers with is in the Error schema's enum.
func TestOpenAPIDescribesEveryAnswer(t *testing.T) {
	h := sqliteOnly(t)
	res, body := h.api(http.MethodGet, "/api/v1/openapi.json", "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("openapi: %d", res.StatusCode)
	}
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	sc := schemaChecker{schemas: doc["components"].(map[string]any)["schemas"].(map[string]any)}
	paths := doc["paths"].(map[string]any)
	read, runtime := h.apiKey(), h.runtimeKey()

	// the document's examples: each must say what its schema says
	for tmpl, ops := range paths {
		for method, op := range ops.(map[string]any) {
			o := op.(map[string]any)
			if rb, ok := o["requestBody"].(map[string]any); ok {
				checkExamples(t, sc, strings.ToUpper(method)+" "+tmpl+" request", rb["content"])
			}
			for status, r := range o["responses"].(map[string]any) {
				checkExamples(t, sc, strings.ToUpper(method)+" "+tmpl+" "+status, r.(map[string]any)["content"])
			}
		}
	}

	for name, schema := range sc.schemas {
		for i, ex := range anySlice(schema.(map[string]any)["examples"]) {
			for _, e := range sc.check(name+" example "+strconv.Itoa(i), schema.(map[string]any), ex) {
				t.Errorf("%s", e)
			}
		}
	}

	// a composition to fetch, a search receipt, a binding
	_, b := h.api(http.MethodPost, "/api/v1/compose", read, map[string]any{"agent": "analyst"})
	var comp struct{ Digest string }
	_ = json.Unmarshal(b, &comp)
	_, b = h.api(http.MethodPost, "/api/v1/runs/doc-run/search", runtime, map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0})
	var sr struct{ Receipt json.RawMessage }
	_ = json.Unmarshal(b, &sr)
	_, b = h.api(http.MethodPost, "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "sql_query"})
	var call struct{ Receipt json.RawMessage }
	_ = json.Unmarshal(b, &call)
	_, b = h.api(http.MethodPost, "/api/v1/bindings", runtime, map[string]any{"agent": "analyst", "tool": "sql_query"})
	var bind struct{ Handle string }
	_ = json.Unmarshal(b, &bind)
	if comp.Digest == "" || len(sr.Receipt) < 10 || len(call.Receipt) < 10 || bind.Handle == "" {
		t.Fatalf("setup: digest %q, receipt %s, SEARCH_REQUIRED receipt %s, handle %q", comp.Digest, sr.Receipt, call.Receipt, bind.Handle)
	}
	contractor := map[string]any{"id": "c-1", "groups": []string{"contractors"}}
	forged := strings.Replace(string(sr.Receipt), `"mac":"`, `"mac":"A`, 1)[:len(sr.Receipt)-2] + `"}`
	receipts := []any{[]json.RawMessage{sr.Receipt, call.Receipt, json.RawMessage(forged), json.RawMessage(`{"v":2}`)}}
	big := strings.Repeat("x", MaxAPIBody+1)
	cases := []struct {
		name, method, path, key string
		body                    any
		status                  int
	}{
		{"compose", "POST", "/api/v1/compose", read, map[string]any{"agent": "analyst"}, 200},
		{"compose deferred with pins", "POST", "/api/v1/compose", read, map[string]any{"agent": "analyst", "deferred": true, "pins": []string{"sql_query"}}, 200},
		{"compose with skills", "POST", "/api/v1/compose", read, map[string]any{"agent": "analyst", "tools": []string{"read_spreadsheet", "workspace_write"}}, 200},
		{"compose without agent", "POST", "/api/v1/compose", read, map[string]any{}, 400},
		{"compose of no agent", "POST", "/api/v1/compose", read, map[string]any{"agent": "ghost"}, 404},
		{"compose unknown pin", "POST", "/api/v1/compose", read, map[string]any{"agent": "analyst", "deferred": true, "pins": []string{"ghost"}}, 422},
		{"compose too large", "POST", "/api/v1/compose", read, big, 413},
		{"compose without a key", "POST", "/api/v1/compose", "", map[string]any{"agent": "analyst"}, 401},
		{"composition", "GET", "/api/v1/compositions/" + comp.Digest, read, nil, 200},
		{"composition bad digest", "GET", "/api/v1/compositions/xyz", read, nil, 400},
		{"composition unknown", "GET", "/api/v1/compositions/" + strings.Repeat("0", 64), read, nil, 404},
		{"skill", "GET", "/api/v1/skills/quarterly-report", read, nil, 200},
		{"skill unknown", "GET", "/api/v1/skills/ghost", read, nil, 404},
		{"skill bad version", "GET", "/api/v1/skills/quarterly-report?version=0", read, nil, 400},
		{"tool search", "GET", "/api/v1/tools/search?agent=analyst&q=chart", read, nil, 200},
		{"tool search without q", "GET", "/api/v1/tools/search?agent=analyst", read, nil, 400},
		{"run search", "POST", "/api/v1/runs/doc-run/search", runtime, map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0}, 200},
		{"run search, no hit", "POST", "/api/v1/runs/doc-run/search", runtime, map[string]any{"agent": "analyst", "query": "zzzqqq", "step": 0}, 200},
		{"run search without step", "POST", "/api/v1/runs/doc-run/search", runtime, map[string]any{"agent": "analyst", "query": "x"}, 400},
		{"run search over the query ceiling", "POST", "/api/v1/runs/doc-run/search", runtime, map[string]any{"agent": "analyst", "query": strings.Repeat("a", 513), "step": 0}, 422},
		{"run search, read key", "POST", "/api/v1/runs/doc-run/search", read, map[string]any{"agent": "analyst", "query": "x", "step": 0}, 403},
		{"run search, bad run id", "POST", "/api/v1/runs/-x/search", runtime, map[string]any{"agent": "analyst", "query": "x", "step": 0}, 400},
		{"step", "POST", "/api/v1/runs/doc-run/steps", runtime, map[string]any{"agent": "analyst", "receipts": receipts}, 200},
		{"step with an unpinned pin", "POST", "/api/v1/runs/doc-run/steps", runtime, map[string]any{"agent": "analyst", "subject": contractor, "pins": []string{"sql_query"}, "receipts": []any{}}, 200},
		{"step pin outside the agent", "POST", "/api/v1/runs/doc-run/steps", runtime, map[string]any{"agent": "analyst", "pins": []string{"web_fetch"}}, 422},
		{"step of no agent", "POST", "/api/v1/runs/doc-run/steps", runtime, map[string]any{"agent": "ghost"}, 404},
		{"step bad tier", "POST", "/api/v1/runs/doc-run/steps", runtime, map[string]any{"agent": "analyst", "tier": "x"}, 400},
		{"call active", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "ask_user"}, 200},
		{"call search_required", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "receipts": receipts}, 200},
		{"call unknown", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "web_fetch"}, 200},
		{"call denied", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "exec", "pins": []string{"exec"}}, 200},
		{"call console tool", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "search_tools"}, 200},
		{"call invalid arguments", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "pins": []string{"sql_query"}, "arguments": map[string]any{"max_rows": 0}}, 200},
		{"call without tool", "POST", "/api/v1/runs/doc-run/calls", runtime, map[string]any{"agent": "analyst"}, 400},
		{"authorize allow", "POST", "/api/v1/authorize", runtime, map[string]any{"agent": "analyst", "tool": "sql_query"}, 200},
		{"authorize deny", "POST", "/api/v1/authorize", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "exec"}, 200},
		{"authorize invalid arguments", "POST", "/api/v1/authorize", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": map[string]any{"max_rows": 0}}, 200},
		{"authorize without tool", "POST", "/api/v1/authorize", runtime, map[string]any{"agent": "analyst"}, 400},
		{"binding", "POST", "/api/v1/bindings", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "ttl_seconds": 60}, 201},
		{"binding denied", "POST", "/api/v1/bindings", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "exec"}, 403},
		{"binding with arguments", "POST", "/api/v1/bindings", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": map[string]any{}}, 400},
		{"binding bad ttl", "POST", "/api/v1/bindings", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "ttl_seconds": -1}, 400},
		{"authorize approval required", "POST", "/api/v1/authorize", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "workspace_write"}, 200},
		{"approval request, one already pending", "POST", "/api/v1/approvals", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "workspace_write", "summary": "write notes"}, 200},
		{"approval request", "POST", "/api/v1/approvals", runtime, map[string]any{"agent": "analyst", "subject": map[string]any{"id": "c-2", "groups": []string{"contractors"}}, "tool": "workspace_write", "summary": "write notes"}, 201},
		{"approval request without summary", "POST", "/api/v1/approvals", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "workspace_write"}, 400},
		{"approval request, no approval needed", "POST", "/api/v1/approvals", runtime, map[string]any{"agent": "analyst", "tool": "sql_query", "summary": "x"}, 409},
		{"approval request, denied", "POST", "/api/v1/approvals", runtime, map[string]any{"agent": "analyst", "subject": contractor, "tool": "exec", "summary": "x"}, 403},
		{"approval unknown", "GET", "/api/v1/approvals/apr_nope", runtime, nil, 404},
		{"release", "DELETE", "/api/v1/bindings/" + bind.Handle, runtime, nil, 204},
		{"release again", "DELETE", "/api/v1/bindings/" + bind.Handle, runtime, nil, 404},
		{"connections", "GET", "/api/v1/connections", read, nil, 200},
		{"no such connection", "GET", "/api/v1/connections/ghost", read, nil, 404},
		{"connections without key", "GET", "/api/v1/connections", "", nil, 401},
		{"manifest", "GET", "/api/v1/manifest?agent=analyst", runtime, nil, 200},
		{"manifest of no agent", "GET", "/api/v1/manifest?agent=ghost", runtime, nil, 404},
		{"manifest without agent", "GET", "/api/v1/manifest", runtime, nil, 400},
		{"manifest, read key", "GET", "/api/v1/manifest?agent=analyst", read, nil, 403},
	}
	param := regexp.MustCompile(`\{[a-z]+\}`)
	for _, tc := range cases {
		res, b := h.api(tc.method, tc.path, tc.key, tc.body)
		if res.StatusCode != tc.status {
			t.Errorf("%s: %d, want %d: %s", tc.name, res.StatusCode, tc.status, b)
			continue
		}
		path, _, _ := strings.Cut(strings.TrimPrefix(tc.path, "/api/v1"), "?")
		var op map[string]any
		for tmpl, ops := range paths {
			re := regexp.MustCompile("^" + strings.ReplaceAll(regexp.QuoteMeta(param.ReplaceAllString(tmpl, "PARAM")), "PARAM", `[^/]+`) + "$")
			if re.MatchString(path) {
				op, _ = ops.(map[string]any)[strings.ToLower(tc.method)].(map[string]any)
			}
		}
		if op == nil {
			t.Errorf("%s: the document has no %s %s", tc.name, tc.method, path)
			continue
		}
		r, ok := op["responses"].(map[string]any)[strconv.Itoa(res.StatusCode)].(map[string]any)
		if !ok {
			t.Errorf("%s: %s %s answered %d, which the document does not list", tc.name, tc.method, path, res.StatusCode)
			continue
		}
		content, _ := r["content"].(map[string]any)
		if content == nil {
			if len(b) > 0 {
				t.Errorf("%s: %d is documented without a body, got %s", tc.name, res.StatusCode, b)
			}
			continue
		}
		schema := content["application/json"].(map[string]any)["schema"].(map[string]any)
		v, err := decodeJSON(b)
		if err != nil {
			t.Errorf("%s: not JSON: %s", tc.name, b)
			continue
		}
		for _, e := range sc.check("body", schema, v) {
			t.Errorf("%s (%d): %s", tc.name, res.StatusCode, e)
		}
	}
}

// checkExamples validates each example of a content map against its
// schema.
func checkExamples(t *testing.T, sc schemaChecker, where string, content any) {
	t.Helper()
	c, _ := content.(map[string]any)
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		media := c[k].(map[string]any)
		schema, _ := media["schema"].(map[string]any)
		if ex, ok := media["example"]; ok {
			for _, e := range sc.check(where+" example", schema, ex) {
				t.Errorf("%s", e)
			}
		}
		if exs, ok := media["examples"].(map[string]any); ok {
			for name, ex := range exs {
				for _, e := range sc.check(where+" example "+name, schema, ex.(map[string]any)["value"]) {
					t.Errorf("%s", e)
				}
			}
		}
	}
}
