package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

const grantUsage = "usage: console grant add|remove GROUP (--tools a,b | --service NS | --effects CLASS) [--requires-approval] --as USER\n       console grant list"

// runGrant changes or lists groups' grants, versioned and audited like
// the grants page's changes.
func runGrant(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return &exitError{2, errors.New(grantUsage)}
	}
	verb := args[0]
	switch verb {
	case "list":
		if len(args) != 1 {
			return &exitError{2, errors.New(grantUsage)}
		}
		return listGrants(ctx, stdout)
	case "add", "remove":
	default:
		return &exitError{2, fmt.Errorf("unknown grant command %q\n%s", verb, grantUsage)}
	}
	fs := flag.NewFlagSet("grant "+verb, flag.ContinueOnError)
	tools := fs.String("tools", "", "tool ids, comma-separated")
	service := fs.String("service", "", "a named service: every tool of it")
	effects := fs.String("effects", "", "an effects class: "+strings.Join(authority.EffectsClasses(), ", "))
	approval := fs.Bool("requires-approval", false, "each call needs a human approval")
	as := actorFlag(fs)
	rest := args[1:]
	group := ""
	pos, err := parseNamed(fs, rest)
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) != 1 {
		return &exitError{2, errors.New(grantUsage)}
	}
	group = pos[0]
	var change []models.GrantSpec
	n := 0
	if *tools != "" {
		n++
		for _, id := range list(*tools) {
			change = append(change, models.GrantSpec{Kind: authority.KindTool, Value: id, RequiresApproval: *approval})
		}
	}
	if *service != "" {
		n++
		change = append(change, models.GrantSpec{Kind: authority.KindService, Value: *service, RequiresApproval: *approval})
	}
	if *effects != "" {
		n++
		change = append(change, models.GrantSpec{Kind: authority.KindEffects, Value: *effects, RequiresApproval: *approval})
	}
	if n != 1 || len(change) == 0 {
		return &exitError{2, fmt.Errorf("give exactly one of --tools, --service, --effects\n%s", grantUsage)}
	}
	if verb == "remove" && *approval {
		return &exitError{2, errors.New("--requires-approval: only grant add takes it")}
	}
	if err := needActor(*as); err != nil {
		return err
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	rows, err := store.Tools(ctx)
	if err != nil {
		return err
	}
	known := make(map[string]bool, len(rows))
	for _, r := range rows {
		known[r.ID] = true
	}
	who, err := actor(ctx, store, *as, models.RoleAdmin)
	if err != nil {
		return err
	}
	v, err := store.ChangeGrants(ctx, who, group, verb == "add", change, known)
	var ve *models.ValidationError
	if errors.As(err, &ve) {
		// every refused field, one a line, in a stable order
		var msgs []string
		for f, msg := range ve.Fields {
			switch f {
			case "tool":
				f = "--tools"
			case "tools", "service", "effects":
				f = "--" + f
			case "group":
				f = "GROUP"
			}
			msgs = append(msgs, f+": "+msg)
		}
		slices.Sort(msgs)
		return &exitError{1, errors.New(strings.Join(msgs, "\n"))}
	}
	if err != nil {
		return &exitError{1, err}
	}
	fmt.Fprintf(stdout, "group %s: version %d, %s; %s\n", group, v.Version, counted(len(v.Grants()), "grant", "grants"), v.Message)
	return nil
}

func listGrants(ctx context.Context, stdout io.Writer) error {
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	groups, err := store.Groups(ctx)
	if err != nil {
		return err
	}
	for _, g := range groups {
		v, err := store.GroupVersionAt(ctx, g.ID, g.Version)
		if err != nil {
			return err
		}
		gs := v.Grants()
		if len(gs) == 0 {
			fmt.Fprintf(stdout, "%s\tv%d\t(no grants)\n", g.Name, g.Version)
		}
		for _, gr := range gs {
			fmt.Fprintf(stdout, "%s\tv%d\t%s\n", g.Name, g.Version, gr)
		}
	}
	return nil
}
