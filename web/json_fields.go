package web

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// fieldCache holds each struct type's JSON fields.
var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// structJSONFields returns a struct's JSON field names and types, built
// once per type.
func structJSONFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	f := map[string]reflect.Type{}
	jsonFields(t, f)
	fieldCache.Store(t, f)
	return f
}

// jsonFields collects a struct's JSON field names (promoting embedded
// structs' fields, as encoding/json does).
func jsonFields(t reflect.Type, out map[string]reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && !strings.Contains(tag, ",") {
			continue
		}
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			jsonFields(ft, out)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := out[name]; !dup {
			out[name] = f.Type
		}
	}
}

// jsonTypeName says in JSON's words what a Go type expects, so no error
// message shows a Go type name.
func jsonTypeName(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a JSON value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "a JSON value"
}

// jsonFieldPath turns encoding/json's path of a field with a type error
// into the path the client wrote: encoding/json names an embedded struct
// by its Go field name ("runTarget.agent" for runStepRequest's promoted
// "agent"), a name no client ever sends, so those segments are dropped.
// It returns the field's Go type too (nil when unknown).
func jsonFieldPath(t reflect.Type, field string) (string, reflect.Type) {
	if field == "" {
		return field, nil
	}
	segs := strings.Split(field, ".")
	out := segs[:0]
	for _, seg := range segs {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct {
			out = append(out, seg)
			t = nil
			continue
		}
		if f, ok := t.FieldByName(seg); ok && f.Anonymous && f.Tag.Get("json") == "" {
			t = f.Type
			continue
		}
		out = append(out, seg)
		t = fieldTypeOf(t, seg)
	}
	return strings.Join(out, "."), t
}

// typeErrorMessage words a type error in the field at path, of Go type
// ft, where encoding/json wanted want: an item of an array field is
// named as an item ("each item of pins must be a string"), not as the
// field the client did send as an array.
func typeErrorMessage(path string, ft, want reflect.Type) string {
	for ft != nil && ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if ft != nil && ft.Kind() == reflect.Slice && ft != want && ft.Elem() == want {
		return fmt.Sprintf("each item of %s must be %s", path, jsonTypeName(want))
	}
	return fmt.Sprintf("%s must be %s", path, jsonTypeName(want))
}

// fieldTypeOf is the type of the struct field (promoted ones included)
// whose JSON name is key, or nil.
func fieldTypeOf(t reflect.Type, key string) reflect.Type {
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" && !f.Anonymous {
			name = f.Name
		}
		if name == key && f.IsExported() {
			return f.Type
		}
	}
	return nil
}
