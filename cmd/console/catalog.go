package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// runCatalog validates, renders or imports a catalog document. render
// prints the contracts exactly as an agent would receive them and stores
// nothing; its problems go to stderr so stdout is only ever the rendering.
func runCatalog(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "hints" {
		return runCatalogHints(ctx, args[1:], stdout)
	}
	if len(args) == 0 || (args[0] != "validate" && args[0] != "import" && args[0] != "render") {
		return &exitError{2, fmt.Errorf("usage: console catalog validate|render FILE [--format native|mcp|openai] [--namespace NS] [--strict] [--form full|compact]\n       console catalog import FILE [--format native|mcp|openai] [--namespace NS] [--strict] --as USER\n       console catalog hints TOOL [--set a,b | --approve ID | --reject ID --reason TEXT] [--as USER]")}
	}
	sub := args[0]
	fs := flag.NewFlagSet("catalog "+sub, flag.ContinueOnError)
	format := fs.String("format", catalog.FormatNative, "native | mcp | openai")
	ns := fs.String("namespace", "", "service namespace (required for mcp and openai)")
	strict := fs.Bool("strict", false, "mcp and openai: refuse the whole file when one tool is refused (the console's own format always is)")
	var as *string
	if sub == "import" {
		as = actorFlag(fs)
	}
	form := catalog.FormFull
	if sub == "render" {
		fs.StringVar(&form, "form", catalog.FormFull, "full | compact")
	}
	// accept FILE before or after the flags
	pos, err := parseNamed(fs, args[1:])
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) > 1 {
		return &exitError{2, fmt.Errorf("catalog %s: one FILE at a time: %q is a second argument", sub, pos[1])}
	}
	if len(pos) == 0 || pos[0] == "" {
		return &exitError{2, fmt.Errorf("catalog %s: FILE is required", sub)}
	}
	file := pos[0]
	if as != nil {
		if err := needActor(*as); err != nil {
			return err
		}
	}
	if form != catalog.FormFull && form != catalog.FormCompact {
		return &exitError{2, fmt.Errorf("--form: %q is not full or compact", form)}
	}
	switch *format {
	case catalog.FormatNative:
	case catalog.FormatMCP, catalog.FormatOpenAI:
		if *ns == "" {
			return &exitError{2, fmt.Errorf("--namespace is required for --format %s (the service the tools belong to)", *format)}
		}
	default:
		return &exitError{2, fmt.Errorf("--format: %q is not one of native, mcp or openai", *format)}
	}
	data, err := readBounded(file, catalog.MaxImportBytes)
	if err != nil {
		return &exitError{2, err}
	}
	o := catalog.ParseEach(*format, data, *ns, *strict)
	cs, ps, ws := o.Contracts, o.Problems, o.Warnings
	out := stdout
	if sub == "render" {
		out = stderr // stdout is only ever the rendering
	}
	for _, w := range ws {
		fmt.Fprintln(out, "warning: "+w.String())
	}
	if len(ps) > 0 {
		for _, p := range ps {
			fmt.Fprintln(out, p.String())
		}
		if sub != "import" {
			return &exitError{1, fmt.Errorf("%s: %s", file, counted(len(ps), "problem", "problems"))}
		}
		return &exitError{1, fmt.Errorf("%s: %s; nothing was imported", file, counted(len(ps), "problem", "problems"))}
	}
	// a tool refused on its own: its reasons, and the rest goes on
	shown := printRejected(out, o.Rejected, nil)
	// what each tool's text asks of the agent that no tool of the file
	// provides: the import preview's check (fidelity.CheckContract), for
	// the reviewer to read before anyone makes the tool available, the
	// provides, the file's roster read once for all its tools
	check := fidelity.NewServiceCheck(cs)
	for _, k := range cs {
		for _, f := range check.Check(k) {
			fmt.Fprintf(out, "leak: %s: %s via “%s”: …%s… — %s (in %s)\n", k.ID, fidelity.NeedWords(f.Class), f.Signal, f.Excerpt, f.Suggestion, f.Field)
		}
	}
	if sub == "render" {
		_, err := fmt.Fprint(stdout, catalog.RenderRoster(cs, form))
		return err
	}
	if sub == "validate" {
		fmt.Fprintf(stdout, "%s: %s%s\n", file, counted(len(cs), "valid tool contract", "valid tool contracts"), rejectedNote(catalog.RejectedTools(o.Rejected)))
		return nil
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	source := map[string]string{catalog.FormatMCP: models.SourceMCP, catalog.FormatOpenAI: models.SourceOpenAI}[*format]
	if source == "" {
		source = models.SourceFile
	}
	who, err := actor(ctx, store, *as, models.RoleAdmin)
	if err != nil {
		return err
	}
	plan, err := store.ApplyOutcome(ctx, who, source, *ns, o, "")
	var served *models.NamespaceServedError
	if errors.As(err, &served) {
		field := "--namespace"
		if *ns == "" {
			field = file
		}
		return &exitError{1, fmt.Errorf("%s: %v", field, served)}
	}
	if err != nil {
		return err
	}
	// the store refuses more (a tool named like a stored one but for
	// letter case): their reasons too
	printRejected(out, plan.Rejected, shown)
	restored := ""
	if len(plan.Restored) > 0 {
		restored = fmt.Sprintf(", %d restored to the reviewed version", len(plan.Restored))
	}
	fmt.Fprintf(stdout, "%s: %d added, %d changed, %d removed%s, %d unchanged, %d rejected; new and changed tools are candidates awaiting review\n", file, len(plan.Added), len(plan.Changed), len(plan.Removed), restored, plan.Unchanged, catalog.RejectedTools(plan.Rejected))
	return nil
}

// printRejected prints the reasons of each rejection not in shown (by
// its place in the document and name) and returns shown with them.
func printRejected(out io.Writer, rs []catalog.Rejection, shown map[string]bool) map[string]bool {
	if shown == nil {
		shown = map[string]bool{}
	}
	for _, r := range rs {
		k := fmt.Sprintf("%d %s", r.Index, r.Name)
		if shown[k] {
			continue
		}
		shown[k] = true
		for _, p := range r.Problems {
			fmt.Fprintln(out, "rejected: "+p.String())
		}
	}
	return shown
}

// rejectedNote ends a count of valid tools with the refused ones.
func rejectedNote(n int) string {
	if n == 0 {
		return ""
	}
	return "; " + counted(n, "tool", "tools") + " rejected (their reasons above; --strict refuses the file for them)"
}
