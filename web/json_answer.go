package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
)

// lengthJSON is the server's JSON serializer: the bytes of echo's
// default (json.Encoder: a trailing newline, the indent asked for) but
// for <, > and &, written as they are (a JSON answer is never HTML: its
// type is application/json, nosniff stands, and a message saying
// "Bearer <key>" must read so), encoded into a buffer first so the answer carries its
// Content-Length. Without it net/http sends any answer over 2 KiB chunked:
// three socket writes for a 16 KiB compose answer (the buffered part, the
// rest, the closing chunk) instead of two, and the chunk framing besides.
type lengthJSON struct{ echo.DefaultJSONSerializer }

var jsonBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// Serialize encodes i as json.Encoder would and writes it with its length.
func (lengthJSON) Serialize(c echo.Context, i any, indent string) error {
	buf := jsonBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 1<<20 { // a rare huge answer is not kept
			jsonBuffers.Put(buf)
		}
	}()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent("", indent)
	}
	if err := enc.Encode(i); err != nil {
		return err
	}
	return writeWithLength(c, c.Response().Status, buf.Bytes())
}

// writeWithLength writes body as the whole answer with its Content-Length
// (the content type is the caller's). A compressing writer drops the
// length when it compresses (echo's gzip middleware does, on WriteHeader).
func writeWithLength(c echo.Context, code int, body []byte) error {
	res := c.Response()
	if res.Committed { // a JSONP answer wrote its callback first
		_, err := res.Write(body)
		return err
	}
	if code == 0 {
		code = http.StatusOK
	}
	res.Header().Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	res.WriteHeader(code)
	_, err := res.Write(body)
	return err
}

// jsonBlob answers code with body, an encoded JSON value, and its
// Content-Length (c.JSONBlob sends a large body chunked).
func jsonBlob(c echo.Context, code int, body []byte) error {
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	return writeWithLength(c, code, body)
}
