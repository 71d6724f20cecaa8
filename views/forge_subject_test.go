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
// after the group's name, saying the click it is the effect of (tick or
// untick), with the exact figures: how many more or fewer
// tools, behind search or not, and the token change.
func TestSubjectGroupFigureReadsAsASentence(t *testing.T) {
	for _, c := range []struct {
		g    SubjectGroup
		want string
	}{
		{SubjectGroup{Name: "contractors", Dropped: 6, Deferred: true}, "contractors (tick: 6 fewer tools behind search, no token change)"},
		{SubjectGroup{Name: "staff", Dropped: -3, Deferred: true}, "staff (tick: 3 more tools behind search, no token change)"},
		{SubjectGroup{Name: "staff", Dropped: -1, Delta: 1204}, "staff (tick: 1 more tool, 1,204 more tokens)"},
		{SubjectGroup{Name: "contractors", Dropped: 6, Delta: -981}, "contractors (tick: 6 fewer tools, 981 fewer tokens)"},
		{SubjectGroup{Name: "ops", Delta: -1}, "ops (tick: 1 fewer token)"},
		{SubjectGroup{Name: "everyone"}, "everyone"},
		{SubjectGroup{Name: "staff", On: true, Dropped: 1, Delta: -1204}, "staff (untick: 1 fewer tool, 1,204 fewer tokens)"},
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
