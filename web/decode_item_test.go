package web

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestDecodeErrorsSayAnItemIsWrong: an array field holding one item of
// the wrong type is a 400 naming the field that says the item is wrong.
// Before, {"pins":[1]} was answered "pins must be a string" and
// {"receipts":[1]} "receipts must be an array" — about a field the
// client did send as an array.
func TestDecodeErrorsSayAnItemIsWrong(t *testing.T) {
	types := map[string]reflect.Type{
		"runs/search": reflect.TypeOf(runSearchRequest{}), "runs/steps": reflect.TypeOf(runStepRequest{}),
		"runs/calls": reflect.TypeOf(runCallRequest{}), "authorize": reflect.TypeOf(authorizeRequest{}),
		"compose": reflect.TypeOf(ComposeRequest{}),
	}
	checked := 0
	for name, typ := range types {
		for path, ft := range jsonPaths(typ, "") {
			if ft.Kind() != reflect.Slice || ft == reflect.TypeOf(json.RawMessage{}) {
				continue
			}
			elem := ft.Elem()
			bad := any("x")
			if elem.Kind() == reflect.String {
				bad = 7
			}
			body := map[string]any{}
			m, parts := body, strings.Split(path, ".")
			for _, p := range parts[:len(parts)-1] {
				next := map[string]any{}
				m[p] = next
				m = next
			}
			m[parts[len(parts)-1]] = []any{bad}
			raw, _ := json.Marshal(body)
			err := decodeStrict(raw, reflect.New(typ).Interface())
			var he *echo.HTTPError
			if !errors.As(err, &he) {
				t.Errorf("%s %s: %v, want a 400", name, raw, err)
				continue
			}
			ae, _ := he.Message.(apiErrorBody)
			want := "each item of " + path + " must be " + jsonTypeName(elem)
			if he.Code != 400 || ae.Field != path || ae.Message != want {
				t.Errorf("%s %s: %d field %q message %q, want 400 on %q saying %q", name, raw, he.Code, ae.Field, ae.Message, path, want)
			}
			checked++
		}
	}
	if checked < 8 {
		t.Fatalf("only %d array fields checked", checked)
	}
}
