package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// TestLengthJSONWritesEchoDefaultBytes: the serializer writes the bytes
// echo's default one writes (trailing newline, indented when
// asked), with the status and content type, and adds Content-Length; a
// large answer is no longer sent chunked; an encoding error writes nothing.
func TestLengthJSONWritesEchoDefaultBytes(t *testing.T) {
	big := make([]string, 800)
	for i := range big {
		big[i] = "<a&b> \u2028 é " + strconv.Itoa(i)
	}
	values := []any{
		map[string]any{"status": "ok"},
		apiError{Error: apiErrorBody{Code: "bad_request", Field: "tools", Message: "unknown tool <x> & \"y\""}},
		map[string]any{"lines": big, "n": 3.5, "nil": nil},
		[]int{},
		"plain",
	}
	serve := func(s echo.JSONSerializer, v any, pretty bool) *http.Response {
		e := echo.New()
		e.JSONSerializer = s
		e.GET("/", func(c echo.Context) error { return c.JSON(http.StatusCreated, v) })
		srv := httptest.NewServer(e)
		defer srv.Close()
		url := srv.URL + "/"
		if pretty {
			url += "?pretty"
		}
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	read := func(res *http.Response) []byte {
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for i, v := range values {
		for _, pretty := range []bool{false, true} {
			old, new := serve(echo.DefaultJSONSerializer{}, v, pretty), serve(lengthJSON{}, v, pretty)
			ob, nb := read(old), read(new)
			// echo's default escapes <, > and &; the server writes them
			ob = []byte(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(ob)))
			if !bytes.Equal(ob, nb) {
				t.Fatalf("value %d pretty %v: bodies differ\nold %s\nnew %s", i, pretty, ob, nb)
			}
			if old.StatusCode != new.StatusCode || old.Header.Get("Content-Type") != new.Header.Get("Content-Type") {
				t.Fatalf("value %d: status or type differ: %d %q against %d %q", i, old.StatusCode, old.Header.Get("Content-Type"), new.StatusCode, new.Header.Get("Content-Type"))
			}
			if new.ContentLength != int64(len(nb)) || len(new.TransferEncoding) != 0 {
				t.Fatalf("value %d: Content-Length %d, transfer encoding %v for a %d-byte body", i, new.ContentLength, new.TransferEncoding, len(nb))
			}
		}
	}
	if len(read(serve(echo.DefaultJSONSerializer{}, values[2], false))) < 4096 {
		t.Fatal("the large value is not large: the test would not see chunking")
	}
	if res := serve(echo.DefaultJSONSerializer{}, values[2], false); len(res.TransferEncoding) == 0 {
		t.Fatal("the default serializer no longer chunks a large answer: the test proves nothing")
	}

	e := echo.New()
	e.JSONSerializer = lengthJSON{}
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)
	if err := c.JSON(http.StatusOK, map[string]any{"f": func() {}}); err == nil {
		t.Fatal("a function encoded")
	}
	if rec.Body.Len() != 0 || c.Response().Committed {
		t.Fatalf("a failed encoding wrote %q (committed %v)", rec.Body.String(), c.Response().Committed)
	}
}

// TestLengthJSONThroughGzip: behind the gzip middleware the compressed
// answer carries no stale Content-Length and decompresses to the bytes; a
// short answer the middleware leaves alone keeps its length.
func TestLengthJSONThroughGzip(t *testing.T) {
	big := map[string]any{"text": string(bytes.Repeat([]byte("compose "), 2000))}
	e := echo.New()
	e.JSONSerializer = lengthJSON{}
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{Level: 1, MinLength: 2048}))
	e.GET("/big", func(c echo.Context) error { return c.JSON(http.StatusOK, big) })
	e.GET("/small", func(c echo.Context) error { return c.JSON(http.StatusOK, map[string]string{"status": "ok"}) })
	e.GET("/blob", func(c echo.Context) error {
		b, _ := json.Marshal(big)
		return jsonBlob(c, http.StatusOK, b)
	})
	srv := httptest.NewServer(e)
	defer srv.Close()
	want, _ := json.Marshal(big)
	for _, path := range []string{"/big", "/blob"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: not compressed", path)
		}
		if cl := res.Header.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(raw)) {
			t.Fatalf("%s: Content-Length %s for %d compressed bytes", path, cl, len(raw))
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(zr)
		if !bytes.Equal(bytes.TrimSuffix(got, []byte("\n")), want) {
			t.Fatalf("%s: decompressed body differs", path)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/small", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(b) != "{\"status\":\"ok\"}\n" || res.ContentLength != int64(len(b)) {
		t.Fatalf("small answer: %q with length %d", b, res.ContentLength)
	}
}

// TestComposeAnswerCarriesItsLength: a compose answer (about 16 KiB),
// fresh and from the response cache, is the encoded result with its
// Content-Length, not chunked; so is a step-sized JSON error.
func TestComposeAnswerCarriesItsLength(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	req := ComposeRequest{Agent: "analyst", Tools: []string{"read_file", "exec", "load_table", "render_chart"}, Tier: "standard"}
	var first []byte
	for round := 0; round < 2; round++ {
		res, body := h.api(http.MethodPost, "/api/v1/compose", key, req)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("compose: %d %s", res.StatusCode, body)
		}
		if len(body) < 4096 || res.ContentLength != int64(len(body)) || len(res.TransferEncoding) != 0 {
			t.Fatalf("round %d: %d bytes with Content-Length %d, transfer encoding %v", round, len(body), res.ContentLength, res.TransferEncoding)
		}
		if round == 0 {
			first = body
		} else if !bytes.Equal(first, body) {
			t.Fatal("the cached answer differs from the fresh one")
		}
	}
	res, body := h.api(http.MethodPost, "/api/v1/compose", key, `{"agent":"analyst","tools":["nope"]}`)
	if res.StatusCode != http.StatusUnprocessableEntity || res.ContentLength != int64(len(body)) {
		t.Fatalf("error answer: %d, %d bytes with Content-Length %d", res.StatusCode, len(body), res.ContentLength)
	}
}
