package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// openAPIRuntime is a deferred-run runtime that knows only the OpenAPI
// document: it finds each operation's path under the document's server
// URL, sends only the request properties the operation's schema declares
// (all of its required ones), and reads only response properties the
// response schema declares.
type openAPIRuntime struct {
	t       *testing.T
	base    string // the console's URL; swapped by a restart
	key     string
	doc     map[string]any
	schemas map[string]any
}

func newOpenAPIRuntime(t *testing.T, base, key string) *openAPIRuntime {
	res, err := http.Get(base + "/api/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	r := &openAPIRuntime{t: t, base: base, key: key}
	if err := json.NewDecoder(res.Body).Decode(&r.doc); err != nil {
		t.Fatal(err)
	}
	r.schemas = r.doc["components"].(map[string]any)["schemas"].(map[string]any)
	return r
}

// properties are a schema's declared properties and required names,
// following $ref and allOf.
func (r *openAPIRuntime) properties(schema map[string]any) (map[string]bool, []string) {
	if ref, ok := schema["$ref"].(string); ok {
		return r.properties(r.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any))
	}
	props := map[string]bool{}
	var required []string
	for _, part := range anySlice(schema["allOf"]) {
		p, req := r.properties(part.(map[string]any))
		for k := range p {
			props[k] = true
		}
		required = append(required, req...)
	}
	if ps, ok := schema["properties"].(map[string]any); ok {
		for k := range ps {
			props[k] = true
		}
	}
	for _, k := range anySlice(schema["required"]) {
		required = append(required, k.(string))
	}
	return props, required
}

func anySlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// call runs the POST operation at the document's path template with the
// run id, checks the body against the request schema and the fields read
// against the response schema, and decodes the 200 answer.
func (r *openAPIRuntime) call(template, run string, body map[string]any, out any, reads ...string) {
	r.t.Helper()
	op, ok := r.doc["paths"].(map[string]any)[template].(map[string]any)["post"].(map[string]any)
	if !ok {
		r.t.Fatalf("the document has no POST %s", template)
	}
	reqSchema := op["requestBody"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	props, required := r.properties(reqSchema)
	for k := range body {
		if !props[k] {
			r.t.Fatalf("POST %s: the runtime sends %q, which the document does not declare", template, k)
		}
	}
	for _, k := range required {
		if _, ok := body[k]; !ok {
			r.t.Fatalf("POST %s: the document requires %q", template, k)
		}
	}
	resSchema := op["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	resProps, _ := r.properties(resSchema)
	for _, k := range reads {
		if !resProps[k] {
			r.t.Fatalf("POST %s: the runtime reads %q, which the document does not declare", template, k)
		}
	}
	server := r.doc["servers"].([]any)[0].(map[string]any)["url"].(string)
	j, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, r.base+server+strings.Replace(template, "{run}", run, 1), bytes.NewReader(j))
	req.Header.Set("Authorization", "Bearer "+r.key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		r.t.Fatalf("POST %s: %d %s", template, res.StatusCode, b)
	}
	if err := json.Unmarshal(b, out); err != nil {
		r.t.Fatal(err)
	}
}
