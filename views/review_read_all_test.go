package views

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestReadAllLabelCountsRight: the read-all box of a set with one
// decidable tool speaks of "this contract", never "these 1 contract";
// a set of several speaks of them all.
func TestReadAllLabelCountsRight(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, "I have read this contract: select it"},
		{3, "I have read these 3 contracts: select them all"},
	} {
		items := make([]ReviewItem, c.n)
		d := ReviewData{Total: c.n, Shown: c.n, Groups: []ReviewGroup{{Namespace: "mem", Sets: []ReviewSet{{Effects: "read-only", Items: items, Key: "mem/read-only", Selectable: c.n}}}}}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(render(t, Review(d))))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(strings.Fields(doc.Find(`[data-testid="read-all"]`).Text()), " ")
		if got != c.want {
			t.Errorf("%d decidable: read-all label %q, want %q", c.n, got, c.want)
		}
	}
}
