package models

import (
	"context"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"gorm.io/gorm"

	"github.com/agentforge/console/catalog"
	"gorm.io/gorm/schema"
)

// Column limits: every string column with a size (varchar(n) on Postgres,
// which counts characters; SQLite enforces nothing) is checked before any
// INSERT or UPDATE reaches the database, by a GORM callback registered on
// every store. A value over its limit is a *ValidationError naming the
// column, so the caller answers 4xx and nothing is written — never the
// database's "value too long" as a 5xx on Postgres and a silent overlong
// row on SQLite. Validators closer to the user (catalog ids, names, slugs)
// give friendlier messages first; this is the guarantee behind them.

func registerLimitChecks(db *gorm.DB) error {
	if err := db.Callback().Create().Before("gorm:create").Register("console:column_limits", limitCallback); err != nil {
		return err
	}
	return db.Callback().Update().Before("gorm:update").Register("console:column_limits", limitCallback)
}

func limitCallback(db *gorm.DB) {
	if db.Error != nil || db.Statement.Schema == nil {
		return
	}
	normalizeStatement(db.Statement)
	if err := statementLimits(db.Statement); err != nil {
		_ = db.AddError(err)
	}
}

func statementLimits(st *gorm.Statement) error {
	sch := st.Schema
	switch d := st.Dest.(type) {
	case map[string]any:
		return mapLimits(sch, d)
	case *map[string]any:
		return mapLimits(sch, *d)
	}
	rv := st.ReflectValue
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	switch rv.Kind() {
	case reflect.Struct:
		return structLimits(st.Context, sch, rv)
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			e := reflect.Indirect(rv.Index(i))
			if e.Kind() == reflect.Struct {
				if err := structLimits(st.Context, sch, e); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func mapLimits(sch *schema.Schema, m map[string]any) error {
	errs := map[string]string{}
	for k, v := range m {
		f := sch.LookUpField(k)
		if s, ok := v.(string); ok && f != nil {
			limitOf(f, s, errs)
		}
	}
	return limitError(errs)
}

func structLimits(ctx context.Context, sch *schema.Schema, rv reflect.Value) error {
	errs := map[string]string{}
	for _, f := range sch.Fields {
		sized := f.DataType == schema.String && f.Size > 0
		if !(sized || PersonText(f)) || f.DBName == "" {
			continue
		}
		v, zero := f.ValueOf(ctx, rv)
		if zero {
			continue
		}
		if s, ok := v.(string); ok {
			limitOf(f, s, errs)
		}
	}
	return limitError(errs)
}

func limitOf(f *schema.Field, s string, errs map[string]string) {
	if f.DataType == schema.String && f.Size > 0 && utf8.RuneCountInString(s) > f.Size {
		errs[f.DBName] = fmt.Sprintf("is %d characters, longer than the limit of %d", utf8.RuneCountInString(s), f.Size)
	}
	if PersonText(f) {
		if msg := catalog.HiddenText(s); msg != "" && errs[f.DBName] == "" {
			errs[f.DBName] = msg
		}
		if msg := lineBreak(f, s); msg != "" && errs[f.DBName] == "" {
			errs[f.DBName] = msg
		}
	}
}

// lineBreak says why a name a person typed is refused for what one line
// cannot hold ("" when it is one line): a name (a person-text column
// called name: a key's, an agent's, a profile's, a skill's) is listed one
// a row, so a line feed, carriage return, tab or a line or paragraph
// separator (U+2028, U+2029) in it would forge rows or columns of a
// listing.
func lineBreak(f *schema.Field, s string) string {
	if f.DBName != "name" {
		return ""
	}
	if i := strings.IndexAny(s, "\n\r\t\u2028\u2029\u0085\v\f"); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		return fmt.Sprintf("must be one line: it contains U+%04X (a line break, tab or separator), which would forge a row of a listing", r)
	}
	return ""
}

// PersonText reports whether a column holds text a person typed (its
// field is tagged text:"person"): the one text rule (the security rules) holds
// for it on every write, whatever form or API wrote it — line endings
// normalized to "\n" (NormalizeLineEndings), and no control characters, no
// direction overrides or isolates, nothing invisible (catalog.HiddenText),
// refused naming the column.
func PersonText(f *schema.Field) bool {
	return f.StructField.Tag.Get("text") == "person"
}

func limitError(errs map[string]string) error {
	if len(errs) == 0 {
		return nil
	}
	return &ValidationError{Fields: errs}
}

// ColumnLimit is one sized string column of the schema.
type ColumnLimit struct {
	Table, Column, Field string
	Size                 int
}

var limitSchemas sync.Map

// ColumnLimits lists every sized string column of the given models, for
// tests that walk the schema's limits.
func ColumnLimits(modelsList ...any) ([]ColumnLimit, error) {
	var out []ColumnLimit
	for _, m := range modelsList {
		sch, err := schema.Parse(m, &limitSchemas, schema.NamingStrategy{})
		if err != nil {
			return nil, err
		}
		for _, f := range sch.Fields {
			if f.DataType == schema.String && f.Size > 0 && f.DBName != "" {
				out = append(out, ColumnLimit{Table: sch.Table, Column: f.DBName, Field: f.Name, Size: f.Size})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Column < out[j].Column
	})
	return out, nil
}

// Create inserts any model row through the store's checks (maintenance and
// tests).
func (s *Store) Create(ctx context.Context, row any) error {
	return notFound(s.with(ctx).Create(row).Error)
}

// RawScan runs a query and scans its rows into dest (maintenance and
// tests).
func (s *Store) RawScan(ctx context.Context, dest any, sql string, args ...any) error {
	return s.with(ctx).Raw(sql, args...).Scan(dest).Error
}
