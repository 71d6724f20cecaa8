package models

import (
	"context"
	"reflect"

	"gorm.io/gorm"
	"gorm.io/gorm/schema"
)

// normalizeStatement rewrites the line endings of every person's text
// (PersonText) an INSERT or UPDATE is about to write, whether the
// statement carries a struct, a slice of structs or a column map: the
// write half of the one text rule, so no form, API or CLI path can store
// a "\r".
func normalizeStatement(st *gorm.Statement) {
	sch := st.Schema
	switch d := st.Dest.(type) {
	case map[string]any:
		normalizeMap(sch, d)
		return
	case *map[string]any:
		normalizeMap(sch, *d)
		return
	}
	rv := st.ReflectValue
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		normalizeStruct(st.Context, sch, rv)
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			if e := reflect.Indirect(rv.Index(i)); e.Kind() == reflect.Struct {
				normalizeStruct(st.Context, sch, e)
			}
		}
	}
}

func normalizeMap(sch *schema.Schema, m map[string]any) {
	for k, v := range m {
		if s, ok := v.(string); ok {
			if f := sch.LookUpField(k); f != nil && PersonText(f) {
				m[k] = NormalizeLineEndings(s)
			}
		}
	}
}

func normalizeStruct(ctx context.Context, sch *schema.Schema, rv reflect.Value) {
	if !rv.CanAddr() {
		return
	}
	for _, f := range sch.Fields {
		if !PersonText(f) || f.FieldType.Kind() != reflect.String {
			continue
		}
		if v, zero := f.ValueOf(ctx, rv); !zero {
			if s, ok := v.(string); ok {
				if n := NormalizeLineEndings(s); n != s {
					_ = f.Set(ctx, rv, n)
				}
			}
		}
	}
}
