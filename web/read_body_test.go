package web

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestReadBodyEveryLength: a body read by its announced length, a chunked
// body (no length), a body cut short of its length, and one over the limit.
func TestReadBodyEveryLength(t *testing.T) {
	e := echo.New()
	read := func(body io.Reader, length int64) ([]byte, error) {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/compose", body)
		req.ContentLength = length
		return readBody(e.NewContext(req, httptest.NewRecorder()))
	}
	doc := `{"agent":"analyst"}`
	if got, err := read(strings.NewReader(doc), int64(len(doc))); err != nil || string(got) != doc {
		t.Errorf("announced length: %q, %v", got, err)
	}
	if got, err := read(strings.NewReader(doc), -1); err != nil || string(got) != doc {
		t.Errorf("no length: %q, %v", got, err)
	}
	var he *echo.HTTPError
	if _, err := read(strings.NewReader(doc[:5]), int64(len(doc))); !errors.As(err, &he) || he.Code != http.StatusBadRequest {
		t.Errorf("a body cut short of its length: %v", err)
	}
	big := strings.Repeat("x", MaxAPIBody+1)
	for _, n := range []int64{-1, int64(len(big))} {
		if _, err := read(strings.NewReader(big), n); !errors.As(err, &he) || he.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("a body over the limit (length %d): %v", n, err)
		}
	}
}
