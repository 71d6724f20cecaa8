package web

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestForgeDeferredOffToolSaysWhenFound: in deferred mode an off tool's
// lever says what turning it on would add once search finds it, the same
// "+N when found" figure its lever shows when it is on (recounted by
// turning it on), and a toggle that changes nothing now says so in words
// instead of a row of zeros (read_file showed only "0 · 0 · 0 = 0").
func TestForgeDeferredOffToolSaysWhenFound(t *testing.T) {
	h := sqliteOnly(t)
	viewer := h.login("admin", adminPassword)
	base := "/forge?agent=analyst&profile=data-analyst&deferred=1"
	res, doc := viewer.get(base)
	if res.StatusCode != 200 {
		t.Fatalf("%s: %d", base, res.StatusCode)
	}
	found := regexp.MustCompile(`^\+([0-9][0-9,]*) when found$`)
	var on, off []string
	doc.Find(`.lever input[name="t"]`).Each(func(_ int, in *goquery.Selection) {
		if _, checked := in.Attr("checked"); checked {
			on = append(on, in.AttrOr("value", ""))
		} else {
			off = append(off, in.AttrOr("value", ""))
		}
	})
	if len(off) == 0 || len(on) == 0 {
		t.Fatalf("want on and off tools, got on %v off %v", on, off)
	}
	state := func(d *goquery.Document, id string) *goquery.Selection {
		return d.Find(`[id="ls-tool:` + id + `"]`)
	}
	checked := 0
	for _, id := range off {
		ls := state(doc, id)
		if ls.HasClass("dormant") || ls.Find(".note").Text() == "code-only" || ls.Find(".note").Text() == "needs exec" {
			continue
		}
		note := strings.TrimSpace(ls.Find(".note").First().Text())
		m := found.FindStringSubmatch(note)
		if m == nil {
			t.Errorf("off tool %s: note %q, want \"+N when found\"", id, note)
			continue
		}
		if ls.AttrOr("data-delta-total", "") == "0" && ls.AttrOr("data-delta-body", "") == "0" && ls.AttrOr("data-delta-catalog", "") == "0" && ls.AttrOr("data-delta-protocol", "") == "0" {
			txt := strings.Join(strings.Fields(ls.Text()), " ")
			if strings.Contains(txt, "0 · 0 · 0 = 0") || !strings.Contains(txt, "no tokens until found") {
				t.Errorf("off tool %s: zero delta reads %q, want it said in words", id, txt)
			}
		}
		q := url.Values{"agent": {"analyst"}, "profile": {"data-analyst"}, "deferred": {"1"}, "on": {strings.Join(append(append([]string{}, on...), id), ",")}}
		r2, d2 := viewer.get("/forge?" + q.Encode())
		if r2.StatusCode != 200 {
			t.Fatalf("%s on: %d", id, r2.StatusCode)
		}
		ls2 := state(d2, id)
		if _, isOn := ls2.Attr("data-on"); !isOn {
			t.Fatalf("%s: turning it on did not", id)
		}
		m2 := found.FindStringSubmatch(strings.TrimSpace(ls2.Find(".note").First().Text()))
		if m2 == nil || m2[1] != m[1] {
			t.Errorf("%s: off says +%s when found, on says %v", id, m[1], m2)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no off tool checked")
	}
	t.Logf("checked %d off tools of %d", checked, len(off))
}
