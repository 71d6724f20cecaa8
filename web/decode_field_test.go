package web

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// jsonPaths lists the JSON paths of a request type's fields ("agent",
// "subject.id"), embedded structs flattened as encoding/json flattens
// them, with the Go type each path decodes into.
func jsonPaths(t reflect.Type, prefix string) map[string]reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			for p, ft := range jsonPaths(f.Type, prefix) {
				out[p] = ft
			}
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[prefix+name] = f.Type
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			for p, st := range jsonPaths(ft, prefix+name+".") {
				out[p] = st
			}
		}
	}
	return out
}

// TestDecodeErrorsNameJSONFields: a value of the wrong type in any field of
// any API request is a 400 whose field is the field's JSON path, exactly
// as the client wrote it — never a Go name such as the embedded runTarget
// ("runTarget.agent", "runTarget.subject.id").
func TestDecodeErrorsNameJSONFields(t *testing.T) {
	types := map[string]reflect.Type{
		"runs/search": reflect.TypeOf(runSearchRequest{}), "runs/steps": reflect.TypeOf(runStepRequest{}),
		"runs/calls": reflect.TypeOf(runCallRequest{}), "authorize": reflect.TypeOf(authorizeRequest{}),
		"compose": reflect.TypeOf(ComposeRequest{}),
	}
	checked := 0
	for name, typ := range types {
		for path, ft := range jsonPaths(typ, "") {
			if ft == reflect.TypeOf(json.RawMessage{}) {
				continue // kept raw, validated by the handler
			}
			// a value of the wrong JSON type for the field
			bad := any("x")
			if ft.Kind() == reflect.String {
				bad = 7
			}
			body := map[string]any{}
			m, parts := body, strings.Split(path, ".")
			for _, p := range parts[:len(parts)-1] {
				next := map[string]any{}
				m[p] = next
				m = next
			}
			m[parts[len(parts)-1]] = bad
			raw, _ := json.Marshal(body)
			err := decodeStrict(raw, reflect.New(typ).Interface())
			var he *echo.HTTPError
			if !errors.As(err, &he) {
				t.Errorf("%s %s: %v, want a 400", name, raw, err)
				continue
			}
			ae, _ := he.Message.(apiErrorBody)
			if he.Code != 400 || ae.Field != path || !strings.HasPrefix(ae.Message, path+" ") {
				t.Errorf("%s %s: %d field %q message %q, want 400 naming %q", name, raw, he.Code, ae.Field, ae.Message, path)
			}
			checked++
		}
	}
	if checked < 25 {
		t.Fatalf("only %d fields checked", checked)
	}
}
