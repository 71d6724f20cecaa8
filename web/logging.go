package web

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"

	"github.com/agentforge/console/models"
)

// RequestIDHandler wraps a slog handler so every line logged with a
// request's context carries its request id.
func RequestIDHandler(h slog.Handler) slog.Handler { return requestIDHandler{h} }

type requestIDHandler struct{ slog.Handler }

// Handle adds request_id when the context has one.
func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := models.RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs keeps the wrapper.
func (h requestIDHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(as)}
}

// WithGroup keeps the wrapper.
func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}

// OmitEmptyAttrs wraps a slog handler so an attribute with nothing to
// say is left out of the line rather than written empty (user="",
// err=<nil>): an empty string, a nil value, an error or a Stringer whose
// text is empty; in groups too. Zero and false are values, and stay.
func OmitEmptyAttrs(h slog.Handler) slog.Handler { return omitEmpty{h} }

type omitEmpty struct{ slog.Handler }

// Handle writes the record without its empty attributes.
func (h omitEmpty) Handle(ctx context.Context, r slog.Record) error {
	keep := true
	r.Attrs(func(a slog.Attr) bool {
		keep = !emptyAttr(a)
		return keep
	})
	if keep {
		return h.Handler.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		if a, ok := withoutEmpty(a); ok {
			out.AddAttrs(a)
		}
		return true
	})
	return h.Handler.Handle(ctx, out)
}

// WithAttrs keeps the wrapper and drops the empty attributes.
func (h omitEmpty) WithAttrs(as []slog.Attr) slog.Handler {
	var kept []slog.Attr
	for _, a := range as {
		if a, ok := withoutEmpty(a); ok {
			kept = append(kept, a)
		}
	}
	return omitEmpty{h.Handler.WithAttrs(kept)}
}

// WithGroup keeps the wrapper.
func (h omitEmpty) WithGroup(name string) slog.Handler {
	return omitEmpty{h.Handler.WithGroup(name)}
}

// withoutEmpty is a with its empty members left out (a group's), false
// when nothing is left to say.
func withoutEmpty(a slog.Attr) (slog.Attr, bool) {
	a.Value = a.Value.Resolve()
	if a.Value.Kind() != slog.KindGroup {
		return a, !emptyAttr(a)
	}
	var kept []slog.Attr
	for _, m := range a.Value.Group() {
		if m, ok := withoutEmpty(m); ok {
			kept = append(kept, m)
		}
	}
	return slog.Attr{Key: a.Key, Value: slog.GroupValue(kept...)}, len(kept) > 0
}

// emptyAttr says whether a has nothing to say (a group: when any member
// has nothing to say, so Handle rebuilds the record).
func emptyAttr(a slog.Attr) bool {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return v.String() == ""
	case slog.KindGroup:
		for _, m := range v.Group() {
			if emptyAttr(m) {
				return true
			}
		}
		return len(v.Group()) == 0
	case slog.KindAny:
		x := v.Any()
		if x == nil {
			return true
		}
		if r := reflect.ValueOf(x); r.Kind() == reflect.Pointer && r.IsNil() {
			return true
		}
		switch x := x.(type) {
		case error:
			return x.Error() == ""
		case fmt.Stringer:
			return x.String() == ""
		}
	}
	return false
}
