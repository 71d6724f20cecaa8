package models

import (
	"context"
	"errors"
	"reflect"
	"sort"
	"strings"
	"testing"

	"gorm.io/gorm/schema"
)

// personModels are the models whose columns a person types into.
var personModels = []any{&Agent{}, &Profile{}, &ProfileVersion{}, &APIKey{}, &Approval{}, &Group{}, &GroupVersion{},
	&Proposal{}, &ProposalRevision{}, &Review{}, &SelectionCaseSet{}, &SkillVersion{}, &HintProposal{}, &Tool{}}

// Bidi overrides and terminal control characters
// were stored in agent and profile names and descriptions, key names,
// proposal summaries, grant and case messages, and refused elsewhere. The
// test enumerates every column tagged as a person's text, requires the
// issue's columns among them, and writes each with U+202E and ESC through
// the store's write check: each is refused naming its column.
func TestOneTextRuleForEveryPersonsField(t *testing.T) {
	var tagged []string
	for _, m := range personModels {
		sch, err := schema.Parse(m, &limitSchemas, schema.NamingStrategy{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range sch.Fields {
			if !PersonText(f) {
				continue
			}
			tagged = append(tagged, sch.Table+"."+f.DBName)
			for _, bad := range []string{"safe \u202etxt.exe", "red \x1b[31m text", "zero\u200bwidth"} {
				rv := reflect.New(sch.ModelType).Elem()
				rv.FieldByName(f.Name).SetString(bad)
				err := structLimits(context.Background(), sch, rv)
				var ve *ValidationError
				if !errors.As(err, &ve) || ve.Fields[f.DBName] == "" || !strings.Contains(ve.Fields[f.DBName], "U+") {
					t.Errorf("%s.%s accepts %q: %v", sch.Table, f.DBName, bad, err)
				}
			}
			visible := "Plot the 👩‍💻 revenue,\nnaïve café"
			if f.DBName == "name" { // a name is one line (TestNamesAreOneLine)
				visible = "Plot the 👩‍💻 revenue, naïve café"
			}
			rv := reflect.New(sch.ModelType).Elem()
			rv.FieldByName(f.Name).SetString(visible)
			if err := structLimits(context.Background(), sch, rv); err != nil {
				t.Errorf("%s.%s refuses visible text: %v", sch.Table, f.DBName, err)
			}
		}
	}
	sort.Strings(tagged)
	for _, want := range []string{"agents.name", "agents.description", "profiles.name", "profile_versions.message", "api_keys.name",
		"proposals.summary", "group_versions.message", "selection_case_sets.message", "reviews.comment", "skill_versions.summary",
		"tools.reviewed_purpose"} {
		if i := sort.SearchStrings(tagged, want); i == len(tagged) || tagged[i] != want {
			t.Errorf("%s is not held to the text rule (tagged: %v)", want, tagged)
		}
	}
}
