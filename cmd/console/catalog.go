package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/agentforge/console/instruction/meter"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

func runCatalog(ctx context.Context, args []string, stdout *os.File) error {
	if len(args) == 0 || (args[0] != "validate" && args[0] != "import") {
		return &exitError{2, fmt.Errorf("usage: console catalog validate|import FILE [--format native|mcp|openai] [--namespace NS]")}
	}
	sub := args[0]
	fs := flag.NewFlagSet("catalog "+sub, flag.ContinueOnError)
	format := fs.String("format", catalog.FormatNative, "native | mcp | openai")
	ns := fs.String("namespace", "", "service namespace (required for mcp and openai)")
	// accept FILE before or after the flags
	rest := args[1:]
	var file string
	if len(rest) > 0 && rest[0] != "" && rest[0][0] != '-' {
		file, rest = rest[0], rest[1:]
	}
	if err := fs.Parse(rest); err != nil {
		return &exitError{2, err}
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
	}
	if file == "" {
		return &exitError{2, fmt.Errorf("catalog %s: FILE is required", sub)}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return &exitError{2, err}
	}
	cs, ps := catalog.Parse(*format, data, *ns)
	if len(ps) > 0 {
		for _, p := range ps {
			fmt.Fprintln(stdout, p.String())
		}
		return &exitError{1, fmt.Errorf("%s: %d problem(s); nothing was imported", file, len(ps))}
	}
	if sub == "validate" {
		fmt.Fprintf(stdout, "%s: %d valid tool contract(s)\n", file, len(cs))
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
	plan, err := store.ApplyImport(ctx, "cli:"+osUser(), source, *ns, cs, "")
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d added, %d changed, %d removed, %d unchanged; new and changed tools are candidates awaiting review\n", file, len(plan.Added), len(plan.Changed), len(plan.Removed), plan.Unchanged)
	return nil
}

func osUser() string {
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "unknown"
}
