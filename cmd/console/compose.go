package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/web"
)

func runCompose(ctx context.Context, args []string, stdout *os.File) error {
	fs := flag.NewFlagSet("compose", flag.ContinueOnError)
	tools := fs.String("tools", "", "comma-separated tool ids (ns.* for a whole service); default every available native tool")
	services := fs.String("services", "", "comma-separated connected services")
	tier := fs.String("tier", instruction.TierStandard, "full | standard | compact")
	form := fs.String("catalog", catalog.FormFull, "catalog form: full | compact")
	deferred := fs.Bool("deferred", false, "deferred tool search")
	pins := fs.String("pins", "", "comma-separated tools shown in deferred mode")
	enc := fs.String("encoding", meter.O200k, "o200k_base | cl100k_base")
	asJSON := fs.Bool("json", false, "print the projection as JSON")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	store, _, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	snap, err := web.LoadSnapshot(ctx, store)
	if err != nil {
		return err
	}
	req := web.ComposeRequest{Tools: list(*tools), Services: list(*services), Tier: *tier, CatalogForm: *form, Deferred: *deferred, Pins: list(*pins), Encoding: *enc}
	if *tools == "" {
		for _, e := range snap.Available().Entries() {
			if e.Contract().Namespace() == "" {
				req.Tools = append(req.Tools, e.ID())
			}
		}
	}
	m := meter.New(200000)
	p, err := web.ComposeDirect(snap, m, req)
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		return &exitError{2, fmt.Errorf("--%s: %s", flagName(fe.Field), fe.Message)}
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
	_, err = fmt.Fprint(stdout, p.Text)
	return err
}

func flagName(field string) string {
	switch field {
	case "catalog_form":
		return "catalog"
	}
	return field
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
