package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
)

// runEval evaluates a case file (DESIGN.md §12) against the tools the
// store has available: for an agent (and profile), or for listed tools
// and services. Flags override the file's roster fields.
func runEval(ctx context.Context, args []string, stdout *os.File) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	agent := fs.String("agent", "", "evaluate for this agent (default: the file's agent)")
	profile := fs.String("profile", "", "the agent's profile (default: the file's, else the agent's default)")
	tools := fs.String("tools", "", "comma-separated tool ids (ns.* for a whole service); without an agent the default is every available native tool")
	services := fs.String("services", "", "comma-separated connected services")
	deferred := fs.Bool("deferred", false, "deferred tool search: only always-on tools and pins on the first step")
	pins := fs.String("pins", "", "comma-separated tools shown on the first step in deferred mode")
	k := fs.Int("k", 0, "search results that count as found (default: the file's k, else 5)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	file, rest := splitFileArg(args)
	if err := fs.Parse(rest); err != nil {
		return &exitError{2, err}
	}
	if file == "" && fs.NArg() == 1 {
		file = fs.Arg(0)
	}
	if file == "" || fs.NArg() > 1 {
		return &exitError{2, errors.New("usage: console eval FILE [--agent A] [--profile P] [--tools …] [--services …] [--deferred] [--pins …] [--k 5] [--json]")}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return &exitError{2, err}
	}
	suite, err := eval.ParseSuite(b)
	if err != nil {
		return &exitError{2, fmt.Errorf("%s: %w", file, err)}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
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
	if len(req.Tools) == 0 && req.Agent == "" {
		for _, e := range snap.Available().Entries() {
			if e.Contract().Namespace() == "" {
				req.Tools = append(req.Tools, e.ID())
			}
		}
	}
	d, _, err := runtime.BuildDraft(ctx, store, snap, req)
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		return &exitError{2, fmt.Errorf("--%s: %s", flagName(fe.Field), fe.Message)}
	}
	if err != nil {
		return err
	}
	r := eval.Evaluate(d.Input(), suite.Cases, suite.K)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(r)
	}
	return printReport(stdout, r)
}

// splitFileArg takes the case file from the front of the arguments, so it
// may come before the flags (`console eval cases.yaml --json`).
func splitFileArg(args []string) (string, []string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		return args[0], args[1:]
	}
	return "", args
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
			fmt.Fprintf(&b, "     %s: %s", t.Tool, where(t))
			if t.Via != "" {
				fmt.Fprintf(&b, " (arrives with %s)", t.Via)
			}
			b.WriteString("\n")
		}
		if len(c.Expect) == 0 {
			b.WriteString("     no tool expected\n")
		}
		fmt.Fprintf(&b, "     discovery steps: %s; top hits: %s", steps(c.DiscoverySteps), strings.Join(c.Hits, ", "))
		if c.Misleading {
			fmt.Fprintf(&b, "; top-1 right: %v", c.Top1)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nrecall@%d %.3f (%d/%d)  first-step share %.3f (%d/%d)  top-1 misleading %.3f (%d/%d)\n",
		r.K, r.RecallAtK, r.Reached, r.Expected, r.FirstStepShare, r.OnFirstStep, r.Expected, r.Top1Misleading, r.Top1, r.Misleading)
	_, err := io.WriteString(w, b.String())
	return err
}

func where(t eval.ToolResult) string {
	switch t.Where {
	case eval.FirstStep:
		return "first step"
	case eval.Search:
		return fmt.Sprintf("search rank %d", t.Rank)
	case eval.BeyondK:
		if t.Rank > 0 {
			return fmt.Sprintf("search rank %d (beyond k)", t.Rank)
		}
		return "searchable, not found by this wording"
	}
	return "unreachable"
}

func steps(n int) string {
	if n < 0 {
		return "unreachable"
	}
	return fmt.Sprint(n)
}
