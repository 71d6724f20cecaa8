package instruction_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestApprovalOnlyToolsAreMarked: a tool the subject may call only with a
// person's approval is taught with the approval mark, in both forms, in a
// plain composition, in a deferred step's prefix (a pin) and in its
// activated section; every other entry is byte-identical to the unmarked
// composition, and the marked text has its own digest. The deferred
// prefix is memoized across subjects: composing the same step for a
// subject without approval after one with it gives the unmarked text.
func TestApprovalOnlyToolsAreMarked(t *testing.T) {
	cat := builtinCatalog(t)
	ids := []string{"read_file", "delete_file", "web_search", "notify_user"}
	approval := func(id string) bool { return id == "delete_file" || id == "notify_user" }
	linter := instruction.NewLinter(cat.Contracts())
	checker := fidelity.ForComposition(cat.Contracts())
	for _, form := range forms {
		opts := instruction.Options{Tier: instruction.TierStandard, CatalogForm: form}
		plain := compose(t, instruction.Input{Roster: entries(t, cat, ids...), Options: opts})
		marked := compose(t, instruction.Input{Roster: entries(t, cat, ids...), Options: opts, ApprovalOnly: approval})
		for _, id := range ids {
			e, _ := cat.Get(id)
			want, other := e.Render(form).Text, e.RenderMarked(form).Text
			if approval(id) {
				want, other = other, want
			}
			if !strings.Contains(marked.Text(), want) || strings.Contains(marked.Text(), other) {
				t.Errorf("%s: %s is not taught as its approval says (approval %v)", form, id, approval(id))
			}
			if strings.Contains(plain.Text(), e.RenderMarked(form).Text) {
				t.Errorf("%s: %s marked without an approval set", form, id)
			}
		}
		if n := strings.Count(marked.Text(), catalog.ApprovalMark); n != 2 {
			t.Errorf("%s: %d approval marks, want 2:\n%s", form, n, marked.Text())
		}
		if got := marked.ApprovalOnly(); !slices.Equal(got, []string{"delete_file", "notify_user"}) {
			t.Errorf("%s: ApprovalOnly %v", form, got)
		}
		if instruction.Digest(plain.Text()) == instruction.Digest(marked.Text()) {
			t.Errorf("%s: the marked text has the unmarked digest", form)
		}
		if fs := linter.LintComposition(marked); len(fs) > 0 {
			t.Errorf("%s: the linter flags the marked text: %+v", form, fs)
		}
		if fs := checker.CheckComposition(marked); len(fs) > 0 {
			t.Errorf("%s: the fidelity check flags the marked text: %+v", form, fs)
		}
		if ss := instruction.StrayReferences(marked); len(ss) > 0 {
			t.Errorf("%s: stray references in the marked text: %+v", form, ss)
		}

		// deferred: delete_file pinned (the stable prefix), notify_user
		// activated by search
		dOpts := opts
		dOpts.Pins = []string{"delete_file"}
		in := instruction.Input{Roster: entries(t, cat, ids...), Options: dOpts, ApprovalOnly: approval}
		st := step(t, in, "notify_user")
		pre, act := prefixText(st), strings.TrimPrefix(st.Text(), prefixText(st))
		del, _ := cat.Get("delete_file")
		nu, _ := cat.Get("notify_user")
		if !strings.Contains(pre, del.RenderMarked(form).Text) {
			t.Errorf("%s: the pinned approval-only tool is not marked in the prefix:\n%s", form, pre)
		}
		if !strings.Contains(act, nu.RenderMarked(form).Text) {
			t.Errorf("%s: the activated approval-only tool is not marked:\n%s", form, act)
		}
		in.ApprovalOnly = nil
		st = step(t, in, "notify_user")
		if strings.Contains(st.Text(), catalog.ApprovalMark) {
			t.Errorf("%s: a subject without approval gets the memoized marked prefix:\n%s", form, st.Text())
		}
	}
}
