package web

import (
	"context"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/static"
)

func (s *Server) healthz(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(c echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "database unreachable"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready", "database": s.store.Dialect()})
}

// serveStatic serves embedded assets. The version in the URL is the
// content hash, so a matching URL can be cached for a year.
func (s *Server) serveStatic(c echo.Context) error {
	name := path.Clean(c.Param("*"))
	b, err := fs.ReadFile(static.FS(), name)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "No such file.")
	}
	h := c.Response().Header()
	if c.Param("version") == s.assets {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return c.Blob(http.StatusOK, ct, b)
}
