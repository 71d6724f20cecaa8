package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestHTMLErrorPagesAreBounded: an error page outside the API that quotes
// the request (a group name in the forge's subject picker, here 20,000
// bytes with markup) shows at most maxErrorMessage bytes of message, as
// API errors do, and escapes it.
func TestHTMLErrorPagesAreBounded(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	huge := strings.Repeat("Z", 20000) + "<script>alert(1)</script>"
	res, doc := c.get("/forge?agent=analyst&sg=" + url.QueryEscape(huge))
	msg := doc.Find(`[data-testid="error"] p`).First().Text()
	if res.StatusCode != http.StatusBadRequest || !strings.HasPrefix(msg, "sg: ZZZ") {
		t.Fatalf("status %d, message %.80q: want the 400 error page naming sg", res.StatusCode, msg)
	}
	if len(msg) > maxErrorMessage {
		t.Errorf("the error page echoes a %d-byte message (at most %d)", len(msg), maxErrorMessage)
	}
	html, _ := doc.Html()
	if strings.Contains(html, "<script>alert(1)") {
		t.Error("the error page does not escape the input")
	}
}
