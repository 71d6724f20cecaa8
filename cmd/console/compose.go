package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
)

func runCompose(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("compose", flag.ContinueOnError)
	agent := fs.String("agent", "", "compose for this agent: declared ∩ selected ∩ available")
	profile := fs.String("profile", "", "the agent's profile (default: the agent's default profile)")
	tools := fs.String("tools", "", "comma-separated tool ids (ns.* for a whole service, without --agent); without --agent the default is every available native tool, with --agent a per-conversation pick of the agent's tools, named one by one")
	without := fs.String("without", "", "comma-separated tool ids to leave out")
	services := fs.String("services", "", "comma-separated connected services")
	tier := fs.String("tier", "", "full | standard | compact (default: the profile's, else standard)")
	form := fs.String("catalog", "", "catalog form: full | compact (default: the profile's, else full)")
	deferred := fs.Bool("deferred", false, "deferred tool search")
	pins := fs.String("pins", "", "comma-separated tools shown in deferred mode")
	enc := fs.String("encoding", meter.O200k, "o200k_base | cl100k_base")
	asJSON := fs.Bool("json", false, "print the projection as JSON")
	subjectGroups := fs.String("subject-groups", "", "compose for a subject in these groups (comma-separated; default: the group everyone)")
	subjectID := fs.String("subject-id", "console-cli", "the id of the --subject-groups subject (every subject names who it is)")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	m := meter.New(200000)
	store, _, err := openStore(ctx, m)
	if err != nil {
		return err
	}
	defer store.Close()
	snap, err := runtime.LoadSnapshot(ctx, store)
	if err != nil {
		return err
	}
	req := runtime.Request{Agent: *agent, Profile: *profile, Tools: list(*tools), Without: list(*without), Services: list(*services), Tier: *tier, CatalogForm: *form, Pins: list(*pins), Encoding: *enc}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "deferred":
			req.Deferred = deferred
		case "subject-groups":
			req.Subject = &authority.Subject{ID: *subjectID, Groups: list(*subjectGroups)}
		}
	})
	if *services == "" && *agent != "" {
		req.Services = nil
	}
	if *tools == "" && *agent == "" {
		for _, e := range snap.Available().Entries() {
			if e.Contract().Namespace() == "" {
				req.Tools = append(req.Tools, e.ID())
			}
		}
	}
	p, err := runtime.Compose(ctx, store, snap, m, req)
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		return &exitError{2, fmt.Errorf("--%s: %s", flagName(fe.Field), fieldMessage(fe))}
	}
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(p)
	}
	// the fidelity warnings and the dropped tools with their reasons (the
	// one resolver's, as the API and the forge say them) go to stderr, so
	// stdout stays the exact text
	for _, w := range p.Warnings {
		what := "teaches " + w.Kind + " " + w.Tool
		if w.Kind == fidelity.KindCapability {
			what = fidelity.NeedWords(w.Class) // as the catalog pages say it
		}
		fmt.Fprintf(stderr, "fidelity: %s %s via %q: …%s…\n", w.Section, what, w.Signal, w.Excerpt)
	}
	for _, d := range p.Dropped {
		fmt.Fprintf(stderr, "dropped: %s (%s): %s\n", d.ID, d.Set, d.Reason)
	}
	_, err = fmt.Fprint(stdout, p.Text)
	return err
}

// flagName is the flag that sets a request field.
func flagName(field string) string {
	switch field {
	case "catalog_form":
		return "catalog"
	case "subject.id":
		return "subject-id"
	}
	if strings.HasPrefix(field, "subject") {
		return "subject-groups"
	}
	return field
}

// fieldMessage is a field error's message without the field's internal
// name in front (the CLI names the flag instead).
func fieldMessage(fe *instruction.FieldError) string {
	return strings.TrimPrefix(fe.Message, fe.Field+": ")
}

func list(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
