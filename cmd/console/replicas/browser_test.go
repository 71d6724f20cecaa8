package replicas

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// browser is a signed-in user agent; cookies are per host, not per port,
// so one browser carries one session to both replicas.
type browser struct {
	t    *testing.T
	http *http.Client
	csrf string
}

func (c *cluster) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: c.t, http: &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (b *browser) do(req *http.Request) (*http.Response, *goquery.Document) {
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	d, _ := goquery.NewDocumentFromReader(res.Body)
	return res, d
}

func (b *browser) get(u string) (*http.Response, *goquery.Document) {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	return b.do(req)
}

func (b *browser) post(base, path string, form url.Values) (*http.Response, *goquery.Document) {
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", b.csrf)
	req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

func (b *browser) signInStatus(base, name, password string) int {
	_, d := b.get(base + "/login")
	tok, _ := d.Find(`input[name="_csrf"]`).Attr("value")
	req, _ := http.NewRequest(http.MethodPost, base+"/login", strings.NewReader(url.Values{"_csrf": {tok}, "username": {name}, "password": {password}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, _ := b.do(req)
	return res.StatusCode
}

func (b *browser) signIn(base, name, password string) {
	if st := b.signInStatus(base, name, password); st != http.StatusSeeOther {
		b.t.Fatalf("sign in %s on %s: %d", name, base, st)
	}
	_, d := b.get(base + "/")
	b.csrf, _ = d.Find(`meta[name="csrf-token"]`).Attr("content")
}
