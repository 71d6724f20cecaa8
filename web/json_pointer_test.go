package web

import (
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestDuplicateKeysNameTheirJSONPointer: a REST body holding a key twice
// in one object is refused 400 naming the field and the JSON pointer of
// the repeated key (as the gateway names an argument's), at any depth and
// inside arrays; keys holding '/' or '~' are escaped (RFC 6901).
func TestDuplicateKeysNameTheirJSONPointer(t *testing.T) {
	type item struct {
		Name string         `json:"name"`
		Tags map[string]int `json:"tags"`
	}
	type body struct {
		Agent string `json:"agent"`
		Items []item `json:"items"`
	}
	for _, tc := range []struct{ in, pointer string }{
		{`{"agent":"a","agent":"b"}`, "/agent"},
		{`{"agent":"a","items":[{"name":"x"},{"name":"y","name":"z"}]}`, "/items/1/name"},
		{`{"items":[{"tags":{"a/b":1,"a~c":2,"a~c":3}}]}`, "/items/0/tags/a~0c"},
		{`{"items":[{"tags":{"a/b":1,"a\/b":2}}]}`, "/items/0/tags/a~1b"},
	} {
		err := checkJSONKeys([]byte(tc.in), reflect.TypeOf(body{}))
		var he *echo.HTTPError
		if !errors.As(err, &he) || he.Code != http.StatusBadRequest {
			t.Errorf("%s: %v, want a 400", tc.in, err)
			continue
		}
		e := he.Message.(apiErrorBody)
		if e.Pointer != tc.pointer || !strings.Contains(e.Message, tc.pointer) {
			t.Errorf("%s: pointer %q, message %q; want %q", tc.in, e.Pointer, e.Message, tc.pointer)
		}
	}
	h := sqliteOnly(t)
	res, out := h.api(http.MethodPost, "/api/v1/authorize", h.runtimeKey(), `{"agent":"analyst","tool":"load_table","subject":{"id":"u1","groups":["contractors"],"id":"u2"}}`)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(out), `"pointer":"/subject/id"`) {
		t.Errorf("POST /api/v1/authorize with subject.id twice: %d %s", res.StatusCode, out)
	}
}
