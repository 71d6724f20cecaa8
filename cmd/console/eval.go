package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
)

// runEval evaluates a case file (the selection rules) against the tools the
// store has available: for an agent (and profile), or for listed tools
// and services. Flags override the file's roster fields.
func runEval(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	agent := fs.String("agent", "", "evaluate for this agent (default: the file's agent)")
	profile := fs.String("profile", "", "the agent's profile (default: the file's, else the agent's default)")
	tools := fs.String("tools", "", "comma-separated tool ids (ns.* for a whole service); without an agent the default is every available native tool and every tool of --services")
	services := fs.String("services", "", "comma-separated connected services")
	deferred := fs.Bool("deferred", false, "deferred tool search: only always-on tools and pins on the first step")
	pins := fs.String("pins", "", "comma-separated tools shown on the first step in deferred mode")
	k := fs.Int("k", 0, "search results that count as found (default: the file's k, else 5)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	second := fs.String("second-profile", "", "the agent's other profile: two_profiles cases look for their tools under both profiles' rosters")
	subjectGroups := fs.String("subject-groups", "", "evaluate for a subject in these groups (comma-separated): an expected tool they are not granted scores as a correct refusal")
	subjectID := fs.String("subject-id", "console-cli", "the id of the --subject-groups subject")
	pos, err := parseNamed(fs, args)
	if err != nil {
		return &exitError{2, err}
	}
	usage := errors.New("usage: console eval FILE [--agent A] [--profile P] [--second-profile P2] [--tools …] [--services …] [--deferred] [--pins …] [--subject-groups …] [--k 5] [--json]")
	switch {
	case len(pos) > 1:
		return &exitError{2, fmt.Errorf("one case file at a time: %q is a second argument; %w", pos[1], usage)}
	case len(pos) == 0:
		return &exitError{2, usage}
	}
	file := pos[0]
	b, err := readBounded(file, eval.MaxSuiteBytes)
	if err != nil {
		return &exitError{2, err}
	}
	suite, err := eval.ParseSuite(b)
	if err != nil {
		return &exitError{2, fmt.Errorf("%s: %w", file, err)}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	// source names where a roster field's value came from: the flag the
	// user typed, else the file ("cases.yaml: pins")
	source := func(field string) string {
		name := flagName(field)
		if set[name] || !suite.Sets(field) {
			return "--" + name
		}
		return file + ": " + field
	}
	req := runtime.Request{Agent: suite.Agent, Profile: suite.Profile, Tools: suite.Tools, Services: suite.Services, Pins: suite.Pins}
	if suite.Deferred {
		req.Deferred = &suite.Deferred
	}
	if set["agent"] {
		req.Agent, req.Profile, req.Tools, req.Services = *agent, "", nil, nil
	}
	if set["profile"] {
		req.Profile = *profile
	}
	if set["tools"] {
		req.Tools = list(*tools)
	}
	if set["services"] {
		req.Services = list(*services)
	}
	if set["deferred"] {
		req.Deferred = deferred
	}
	if set["pins"] {
		req.Pins = list(*pins)
	}
	if set["subject-groups"] {
		req.Subject = &authority.Subject{ID: *subjectID, Groups: list(*subjectGroups)}
	}
	if set["second-profile"] && req.Agent == "" {
		return &exitError{2, errors.New("--second-profile: a profile needs an agent (--agent, or agent: in the file)")}
	}
	if set["k"] {
		if *k < 1 || *k > catalog.MaxSearchLimit {
			return &exitError{2, fmt.Errorf("--k: must be 1 to %d", catalog.MaxSearchLimit)}
		}
		suite.K = *k
	}
	store, _, err := openStore(ctx, meter.New(1000))
	if err != nil {
		return err
	}
	defer store.Close()
	snap, err := runtime.LoadSnapshot(ctx, store)
	if err != nil {
		return err
	}
	if req.Agent == "" {
		if err := servicesHaveTools(snap, req.Services, source("services")); err != nil {
			return err
		}
		if len(req.Tools) == 0 {
			req.Tools = defaultTools(snap, req.Services)
		}
	}
	d, dropped, err := runtime.BuildDraft(ctx, store, snap, req)
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		if strings.HasPrefix(fe.Field, "subject") {
			return &exitError{2, fmt.Errorf("--%s: %s", flagName(fe.Field), fieldMessage(fe))}
		}
		return &exitError{2, fmt.Errorf("%s: %s", source(fe.Field), fe.Message)}
	}
	if err != nil {
		return err
	}
	if len(req.Pins) > 0 && !d.Options.Deferred {
		return &exitError{2, fmt.Errorf("%s: pins put tools on the first step in deferred mode only; add --deferred (or deferred: true in the file), or drop the pins", source("pins"))}
	}
	var opts eval.Options
	for _, dr := range dropped {
		if dr.Reason == instruction.ReasonNotAuthorized {
			opts.Refused = append(opts.Refused, dr.ID)
		}
	}
	if set["second-profile"] {
		// the other profile's roster as the profile gives it: the same
		// agent, services, mode and subject, its own tools and no pins
		r2 := runtime.Request{Agent: req.Agent, Profile: *second, Services: req.Services, Deferred: req.Deferred, Subject: req.Subject}
		d2, _, err := runtime.BuildDraft(ctx, store, snap, r2)
		if errors.As(err, &fe) {
			return &exitError{2, fmt.Errorf("--second-profile: %s", fe.Message)}
		}
		if err != nil {
			return err
		}
		in2 := d2.Input()
		opts.Second = &in2
	}
	r := eval.EvaluateWith(d.Input(), suite.Cases, suite.K, opts)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	return printReport(stdout, r)
}

// printReport writes one block per case and the totals.
func printReport(w io.Writer, r eval.Report) error {
	var b strings.Builder
	for _, c := range r.Cases {
		mark := "ok  "
		if !c.Found {
			mark = "MISS"
		}
		fmt.Fprintf(&b, "%s %q", mark, c.Task)
		if c.Kind != "" {
			fmt.Fprintf(&b, " [%s]", c.Kind)
		}
		b.WriteString("\n")
		for _, t := range c.Tools {
			w := where(t)
			if t.Via != "" && t.Where != eval.FirstStep && t.Where != eval.Unreachable {
				w = fmt.Sprintf("arrives with %s, at %s", t.Via, w) // the rank is that tool's
			}
			fmt.Fprintf(&b, "     %s: %s\n", t.Tool, w)
		}
		if len(c.Expect) == 0 {
			b.WriteString("     no tool expected\n")
		}
		fmt.Fprintf(&b, "     discovery steps: %s; top hits: %s", steps(c.DiscoverySteps), strings.Join(c.Hits, ", "))
		if c.Misleading {
			fmt.Fprintf(&b, "; top-1 right: %v", c.Top1)
		}
		if !c.Fits {
			b.WriteString("; search: nothing fits")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nrecall@%d %.3f (%d/%d)  first-step share %.3f (%d/%d)  top-1 misleading %.3f (%d/%d)\n",
		r.K, r.RecallAtK, r.Reached, r.Expected, r.FirstStepShare, r.OnFirstStep, r.Expected, r.Top1Misleading, r.Top1, r.Misleading)
	fmt.Fprintf(&b, "no-tool precision %.3f (%d of %s answered with a fitting tool; fit threshold %.2f; %s needing a tool answered nothing fits)\n",
		r.NoToolPrecision, r.NoToolFalsePositives, plural.Count(r.NoTool, "no-tool case"), r.FitThreshold, plural.Count(r.Silenced, "case"))
	fmt.Fprintf(&b, "two-profile cases %d, run against %s; refusals %d (expected tools the subject is not granted)\n",
		r.TwoProfiles, plural.Count(r.TwoProfilesRosters, "roster"), r.Refused)
	fmt.Fprintf(&b, "built-in tools: %.3f of the top-%d slots, %.3f of each case's first slots up to its expected tools; %.3f of the expected tools\n",
		r.BuiltinShare.TopK, r.K, r.BuiltinShare.FirstSlots, r.BuiltinShare.Expected)
	_, err := io.WriteString(w, b.String())
	return err
}

func where(t eval.ToolResult) string {
	switch t.Where {
	case eval.FirstStep:
		return "first step" + underSecond(t)
	case eval.Search:
		return fmt.Sprintf("search rank %d", t.Rank) + underSecond(t)
	case eval.Refused:
		return "refused: not granted to the subject (a correct refusal)"
	case eval.BeyondK:
		if strings.HasPrefix(t.Tool, eval.SkillPrefix) {
			if t.Rank > 0 {
				return fmt.Sprintf("its required tools need search, one ranks %d (beyond k)", t.Rank)
			}
			return "its required tools need search, which does not find them all by this wording"
		}
		if t.Rank > 0 {
			return fmt.Sprintf("search rank %d (beyond k)", t.Rank)
		}
		return "searchable, not found by this wording"
	}
	if len(t.Missing) > 0 {
		return "unreachable: it requires " + strings.Join(t.Missing, ", ") + ", which the roster lacks"
	}
	return "unreachable"
}

// underSecond marks a tool found under the second profile's roster.
func underSecond(t eval.ToolResult) string {
	if t.Roster == "second" {
		return " (under the second profile)"
	}
	return ""
}

func steps(n int) string {
	if n < 0 {
		return "unreachable"
	}
	return fmt.Sprint(n)
}

// defaultTools is the roster without an agent or --tools: every available
// native tool and every available tool of the listed services.
func defaultTools(snap *runtime.Snapshot, services []string) []string {
	listed := map[string]bool{}
	for _, ns := range services {
		listed[ns] = true
	}
	var ids []string
	for _, e := range snap.Available().Entries() {
		if ns := e.Contract().Namespace(); ns == "" || listed[ns] {
			ids = append(ids, e.ID())
		}
	}
	return ids
}

// servicesHaveTools refuses a listed service none of whose tools is
// available: every case needing it would be unreachable, and the totals
// would measure a roster the user did not mean.
func servicesHaveTools(snap *runtime.Snapshot, services []string, field string) error {
	has := map[string]bool{}
	for _, ns := range snap.Available().Namespaces() {
		has[ns] = true
	}
	for _, ns := range services {
		if !has[ns] {
			return &exitError{2, fmt.Errorf("%s: no available tool belongs to service %q (import its tools with console catalog import FILE --format mcp --namespace %s; they count once a reviewer makes them available)", field, ns, ns)}
		}
	}
	return nil
}
