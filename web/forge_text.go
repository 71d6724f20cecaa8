package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// forgeText answers the forge's state (the same query as /forge) with the
// exact instruction, byte for byte, as plain text. The forge page sends
// each section's text once, in its section; the full text is these
// sections in order, assembled in the browser or fetched here (the
// no-JavaScript path, and a link to share).
func (s *Server) forgeText(c echo.Context) error {
	fc, err := s.forgeDraft(c, c.QueryParams())
	if err != nil {
		return err
	}
	_, comp, err := s.meter.Project(fc.state.Encoding, fc.draft, fc.snap.Fidelity())
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(withNoTools(comp.Text(), fc.noTools)))
}
