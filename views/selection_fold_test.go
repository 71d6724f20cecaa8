package views

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestLongSelectionListsFold: an agent with hundreds of cases must not
// turn a lever's cell, compare's lists or the misses into hundreds of
// lines: the first FoldAfter show, the rest fold under "N more", all
// still in the page.
func TestLongSelectionListsFold(t *testing.T) {
	var many []SelectionChange
	var misses []SelectionMiss
	for i := range 30 {
		many = append(many, SelectionChange{Task: fmt.Sprintf("task %d", i), Detail: "x is unreachable"})
		misses = append(misses, SelectionMiss{Task: fmt.Sprintf("task %d", i), Tool: "x", Where: "is unreachable"})
	}
	tot := SelectionTotals{Label: "this draft", K: 5, Misses: misses}
	panel := ForgeSelection(ForgeSelectionData{Agent: "a", Cases: 30, Totals: tot,
		Levers: []SelectionLever{{Lever: "deferred", Label: "turn on deferred", SelectionChanges: SelectionChanges{Lost: many}}}})
	cmp := SelectionCompare(SelectionCompareData{Agent: "a", Cases: 30, A: tot, B: tot, SelectionChanges: SelectionChanges{Lost: many, OffFirst: many}})
	for name, html := range map[string]string{"panel": render(t, panel), "compare": render(t, cmp)} {
		d, err := goquery.NewDocumentFromReader(strings.NewReader(html))
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Count(d.Text(), "task 29")
		folded := d.Find("details.fold")
		if folded.Length() == 0 || all == 0 {
			t.Errorf("%s: nothing folded (%d details.fold, task 29 ×%d)", name, folded.Length(), all)
			continue
		}
		folded.Each(func(_ int, s *goquery.Selection) {
			if !strings.Contains(s.Find("summary").Text(), fmt.Sprintf("%d more", 30-FoldAfter)) {
				t.Errorf("%s: summary %q", name, s.Find("summary").Text())
			}
		})
		// outside the folds, at most FoldAfter entries of a list show
		d.Find("details.fold").Remove()
		if n := strings.Count(d.Text(), "task "); n > 3*FoldAfter {
			t.Errorf("%s: %d entries outside the folds", name, n)
		}
	}
}

func render(t *testing.T, c interface {
	Render(context.Context, io.Writer) error
}) string {
	t.Helper()
	var b bytes.Buffer
	if err := c.Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
