package web

import (
	"context"
	"log/slog"

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
