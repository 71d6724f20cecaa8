package eval_test

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
)

func universe(t testing.TB) *catalog.Catalog {
	t.Helper()
	return catalogtest.New(t, catalogtest.SearchUniverse(t))
}

func input(c *catalog.Catalog, deferred bool, pins []string, drop ...string) instruction.Input {
	skip := map[string]bool{}
	for _, d := range drop {
		skip[d] = true
	}
	in := instruction.Input{Options: instruction.DefaultOptions(), Services: []string{"github"}}
	in.Options.Deferred, in.Options.Pins = deferred, pins
	for _, e := range c.Entries() {
		if !skip[e.ID()] {
			in.Roster = append(in.Roster, e)
		}
	}
	return in
}

func TestParseSuiteNamesTheField(t *testing.T) {
	for _, tc := range []struct{ name, src, field string }{
		{"empty", "", "cases"},
		{"no cases", "k: 5\ncases: []", "cases"},
		{"bad k", "k: 99\ncases: [{task: x, expect: [a]}]", "k"},
		{"no task", "cases: [{task: '', expect: [a]}]", "cases[0].task"},
		{"bad kind", "cases: [{task: x, expect: [a], kind: weird}]", "cases[0].kind"},
		{"bad id", "cases: [{task: x, expect: ['Not An Id']}]", "cases[0].expect[0]"},
		{"no_tool with a tool", "cases: [{task: x, expect: [a], kind: no_tool}]", "cases[0].expect"},
		{"rare without a tool", "cases: [{task: x, expect: [], kind: rare}]", "cases[0].expect"},
		{"unknown field", "cases: [{task: x, expect: [a], wat: 1}]", "cases[0].wat"},
		{"syntax", "cases: [{task: x, expect: [a]}", "file"},
		{"json", `{"cases":[{"task":"x","expect":["a"]},{"task":"","expect":[]}]}`, "cases[1].task"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := eval.ParseSuite([]byte(tc.src))
			fe, ok := err.(*eval.FieldError)
			if !ok || fe.Field != tc.field {
				t.Errorf("got %v, want a field error on %s", err, tc.field)
			}
		})
	}
	if _, err := eval.ParseSuite([]byte(`{"cases":[{"task":"add two numbers","expect":["everything.get-sum|context7.resolve-library-id"]},{"task":"find the issue","expect":["atlassian.getJiraIssue"]}]}`)); err != nil {
		t.Errorf("service tools named as MCP allows: %v", err)
	}
	s, err := eval.ParseSuite([]byte(`{"cases":[{"task":"plot sales","expect":["render_chart|exec"]}]}`))
	if err != nil || s.K != eval.DefaultK || len(s.Cases) != 1 {
		t.Fatalf("json suite: %+v %v", s, err)
	}
}

func TestEvaluateWhereEachToolIs(t *testing.T) {
	c := universe(t)
	cases := []eval.Case{
		{Task: "make a bar chart of revenue by quarter", Expect: []string{"render_chart"}, Kind: eval.KindMisleading},
		{Task: "ask the user which file they mean", Expect: []string{"ask_user"}},
		{Task: "load the csv into a dataframe in the program", Expect: []string{"load_table"}},
		{Task: "open a PR from my branch", Expect: []string{"github.create_pull_request"}},
		{Task: "thanks, that is all", Kind: eval.KindNoTool},
	}
	t.Run("everything listed", func(t *testing.T) {
		r := eval.Evaluate(input(c, false, nil), cases, 5)
		if r.RecallAtK != 1 || r.FirstStepShare != 1 {
			t.Errorf("recall %.2f first-step %.2f, want 1 and 1", r.RecallAtK, r.FirstStepShare)
		}
		for _, cr := range r.Cases {
			if cr.DiscoverySteps != 0 {
				t.Errorf("%q: %d discovery steps, want 0", cr.Task, cr.DiscoverySteps)
			}
		}
		if r.Top1Misleading != 1 || r.Misleading != 1 {
			t.Errorf("top-1 misleading %.2f of %d", r.Top1Misleading, r.Misleading)
		}
	})
	t.Run("deferred", func(t *testing.T) {
		r := eval.Evaluate(input(c, true, []string{"exec"}), cases, 5)
		want := []struct {
			where string
			steps int
		}{{eval.Search, 1}, {eval.FirstStep, 0}, {eval.FirstStep, 0}, {eval.Search, 1}, {"", 0}}
		for i, w := range want {
			cr := r.Cases[i]
			if w.where != "" && cr.Tools[0].Where != w.where || cr.DiscoverySteps != w.steps {
				t.Errorf("%q: %+v, want %s in %d steps", cr.Task, cr.Tools, w.where, w.steps)
			}
		}
		if r.Cases[0].Rank[0] < 1 || r.Cases[0].Rank[0] > 5 || !r.Cases[0].Top1 {
			t.Errorf("render_chart rank %v top1 %v", r.Cases[0].Rank, r.Cases[0].Top1)
		}
		if r.Expected != 4 || r.Reached != 4 || r.OnFirstStep != 2 {
			t.Errorf("totals %+v", r)
		}
		// without exec pinned, the helper arrives with exec, at exec's rank
		r = eval.Evaluate(input(c, true, nil), cases, 5)
		if tr := r.Cases[2].Tools[0]; tr.Via != "exec" || tr.Where == eval.FirstStep || tr.Where == eval.Unreachable {
			t.Errorf("helper via exec: %+v", tr)
		}
	})
	t.Run("missing from the roster", func(t *testing.T) {
		r := eval.Evaluate(input(c, false, nil, "render_chart", "exec"), cases, 5)
		if r.Cases[0].Tools[0].Where != eval.Unreachable || r.Cases[0].Found {
			t.Errorf("render_chart absent: %+v", r.Cases[0].Tools)
		}
		// code-only helper without exec: never listed
		if r.Cases[2].Tools[0].Where != eval.Unreachable {
			t.Errorf("helper without exec: %+v", r.Cases[2].Tools)
		}
	})
	t.Run("alternatives", func(t *testing.T) {
		r := eval.Evaluate(input(c, false, nil, "github.create_issue"), []eval.Case{{Task: "file a bug on GitHub", Expect: []string{"github.create_issue|github.issue_write"}}}, 5)
		if tr := r.Cases[0].Tools[0]; tr.Tool != "github.issue_write" || tr.Where != eval.FirstStep {
			t.Errorf("alternative: %+v", tr)
		}
	})
}

// TestFirstStepMatchesTheComposition holds ReachOf to the composer,
// the reference: for random rosters, pins and modes, the tools it puts on
// the first step are exactly the tools whose entries the composed catalog
// sections list.
func TestFirstStepMatchesTheComposition(t *testing.T) {
	c := universe(t)
	all := c.Entries()
	rng := rand.New(rand.NewSource(12))
	for i := 0; i < 200; i++ {
		in := instruction.Input{Options: instruction.DefaultOptions()}
		in.Options.Deferred = rng.Intn(2) == 0
		if rng.Intn(2) == 0 {
			in.Options.CatalogForm = catalog.FormCompact
		}
		for _, e := range all {
			if rng.Intn(4) == 0 {
				in.Roster = append(in.Roster, e)
				if rng.Intn(5) == 0 {
					in.Options.Pins = append(in.Options.Pins, e.ID())
				}
			}
		}
		if rng.Intn(2) == 0 {
			e, _ := c.Get("exec")
			in.Roster = append(in.Roster, e)
		}
		comp, err := instruction.Compose(in)
		if err != nil {
			t.Fatal(err)
		}
		listed := map[string]bool{}
		for _, s := range comp.Sections {
			if !strings.HasPrefix(s.ID, "catalog") {
				continue
			}
			for _, u := range s.Units {
				listed[u.Key] = true
			}
		}
		first := eval.ReachOf(in).First
		for _, e := range in.Roster {
			if got, want := first[e.ID()], listed[e.Render(in.Options.CatalogForm).Key]; got != want {
				t.Fatalf("case %d: %s first step %v, composition lists it %v (deferred %v, pins %v)", i, e.ID(), got, want, in.Options.Deferred, in.Options.Pins)
			}
		}
	}
}

// TestProjectCaseSetInDeferredMode runs the project's own case set over
// the whole universe in deferred mode: every case is searched, so recall@5
// is the search's, and the totals agree with a count over the cases.
func TestProjectCaseSetInDeferredMode(t *testing.T) {
	b, err := os.ReadFile(catalogtest.SelectionCasesPath())
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(b)
	if err != nil {
		t.Fatal(err)
	}
	r := eval.Evaluate(input(universe(t), true, nil), s.Cases, s.K)
	reached, expected := 0, 0
	for _, cr := range r.Cases {
		for _, tr := range cr.Tools {
			expected++
			if tr.Where == eval.FirstStep || tr.Where == eval.Search {
				reached++
			}
		}
	}
	if expected != r.Expected || reached != r.Reached {
		t.Errorf("totals %d/%d, cases say %d/%d", r.Reached, r.Expected, reached, expected)
	}
	if r.RecallAtK < 0.9 {
		t.Errorf("recall@%d %.3f in deferred mode, want ≥ 0.90", s.K, r.RecallAtK)
	}
	t.Logf("deferred, whole universe: recall@%d %.3f, first-step share %.3f, top-1 misleading %.3f", s.K, r.RecallAtK, r.FirstStepShare, r.Top1Misleading)
}

// TestSkillExpectations: a case may expect a skill; it is reachable when
// the composer would list it — every required tool in the roster (in
// deferred mode on the first step, or activated by the task's search).
func TestSkillExpectations(t *testing.T) {
	c := universe(t)
	skill := instruction.Skill{Slug: "quarterly-report", Name: "Quarterly report", Summary: "Build the quarterly report.", Version: 1, RequiredTools: []string{"read_spreadsheet", "render_chart"}}
	cases := []eval.Case{{Task: "prepare the quarterly report with a chart of the spreadsheet figures", Expect: []string{"skill:quarterly-report"}}}
	in := input(c, false, nil)
	in.Skills = []instruction.Skill{skill}
	if r := eval.Evaluate(in, cases, 5); r.Cases[0].Tools[0].Where != eval.FirstStep {
		t.Errorf("listed skill: %+v", r.Cases[0].Tools)
	}
	in.Options.Deferred = true
	if r := eval.Evaluate(in, cases, 5); r.Cases[0].Tools[0].Where != eval.Search || r.Cases[0].DiscoverySteps != 1 {
		t.Errorf("deferred skill: %+v", r.Cases[0].Tools)
	}
	in.Options.Pins = []string{"read_spreadsheet", "render_chart"}
	if r := eval.Evaluate(in, cases, 5); r.Cases[0].Tools[0].Where != eval.FirstStep {
		t.Errorf("pinned tools: %+v", r.Cases[0].Tools)
	}
	// a new version that needs a tool the roster lacks breaks the case
	broken := skill
	broken.RequiredTools = []string{"read_spreadsheet", "render_chart", "github.create_issue"}
	in = input(c, false, nil, "github.create_issue")
	in.Skills = []instruction.Skill{broken}
	if r := eval.Evaluate(in, cases, 5); r.Cases[0].Found || r.Cases[0].Tools[0].Where != eval.Unreachable || strings.Join(r.Cases[0].Tools[0].Missing, ",") != "github.create_issue" {
		t.Errorf("broken skill (it must name the tool the roster lacks): %+v", r.Cases[0].Tools)
	}
	if _, err := eval.ParseSuite([]byte("cases: [{task: x, expect: ['skill:Bad Slug']}]")); err == nil {
		t.Error("a bad skill slug passed")
	}
}
