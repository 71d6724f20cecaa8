package views

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestSubjectGroupFigureReadsAsASentence: a group's checkbox read
// "contractors −6 tools behind search · no tokens"; it reads as a phrase
// after the group's name, with the exact figures: how many more or fewer
// tools, behind search or not, and the token change.
func TestSubjectGroupFigureReadsAsASentence(t *testing.T) {
	for _, c := range []struct {
		g    SubjectGroup
		want string
	}{
		{SubjectGroup{Name: "contractors", Dropped: 6, Deferred: true}, "contractors: 6 fewer tools behind search, no token change"},
		{SubjectGroup{Name: "staff", Dropped: -3, Deferred: true}, "staff: 3 more tools behind search, no token change"},
		{SubjectGroup{Name: "staff", Dropped: -1, Delta: 1204}, "staff: 1 more tool, 1,204 more tokens"},
		{SubjectGroup{Name: "contractors", Dropped: 6, Delta: -981}, "contractors: 6 fewer tools, 981 fewer tokens"},
		{SubjectGroup{Name: "ops", Delta: -1}, "ops: 1 fewer token"},
		{SubjectGroup{Name: "everyone"}, "everyone"},
	} {
		var b bytes.Buffer
		if err := SubjectPicker(SubjectPickerData{Groups: []SubjectGroup{c.g}}, false).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(&b)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(strings.Fields(doc.Find(`[data-testid="subject-group-`+c.g.Name+`"]`).Text()), " ")
		if got != c.want {
			t.Errorf("%+v reads %q, want %q", c.g, got, c.want)
		}
	}
}
