package web

import (
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestForgeRosterCountsToolsThatReachTheModel: with exec off, the
// analyst's code-only helpers say "needs exec" and cost nothing; the
// header counts only the tools that reach the model and says how many
// wait for exec, and so does the agent page's roster.
func TestForgeRosterCountsToolsThatReachTheModel(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/forge?agent=analyst")
	var on []string
	doc.Find(`.lever input[name="t"]`).Each(func(_ int, in *goquery.Selection) {
		if _, checked := in.Attr("checked"); checked {
			on = append(on, in.AttrOr("value", ""))
		}
	})
	on = slices.DeleteFunc(append(on, "read_file"), func(id string) bool { return id == "exec" })
	q := url.Values{"agent": {"analyst"}, "on": {strings.Join(on, ",")}}
	res, doc := admin.get("/forge?" + q.Encode())
	if res.StatusCode != 200 {
		t.Fatalf("forge: %d", res.StatusCode)
	}
	var reach, waiting, declared int
	doc.Find(`.lever input[name="t"]`).Each(func(_ int, in *goquery.Selection) {
		declared++
		if _, checked := in.Attr("checked"); !checked {
			return
		}
		id := in.AttrOr("value", "")
		if strings.TrimSpace(doc.Find(`[id="ls-tool:`+id+`"] .note`).First().Text()) == "needs exec" {
			waiting++
		} else {
			reach++
		}
	})
	if waiting == 0 || reach == 0 {
		t.Fatalf("want tools that reach the model and tools that need exec; got %d and %d", reach, waiting)
	}
	header := strings.Join(strings.Fields(doc.Find(`[data-testid="roster-count"]`).Text()), " ")
	want := regexp.MustCompile(`^` + strconv.Itoa(reach) + ` of ` + strconv.Itoa(declared) + ` declared tools reach the model · ` + strconv.Itoa(waiting) + ` tools wait for exec$`)
	t.Logf("header: %s", header)
	if !want.MatchString(header) {
		t.Errorf("forge header %q, want %d of %d reach the model, %d wait for exec", header, reach, declared, waiting)
	}
}
