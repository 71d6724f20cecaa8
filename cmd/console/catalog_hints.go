package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

const hintsUsage = `usage: console catalog hints TOOL                                  # its search hints and proposals
       console catalog hints TOOL --add "a,b" --as EDITOR              # propose the tool's hints plus these
       console catalog hints TOOL --set "a,b" --as EDITOR              # propose exactly these (replacing the tool's)
       console catalog hints TOOL --approve ID --as REVIEWER
       console catalog hints TOOL --reject ID --reason TEXT --as REVIEWER`

// runCatalogHints shows, proposes or decides a stored tool's search
// hints. Hints feed the search index only and are never shown to the
// model; a change is reviewed like a contract change: an editor proposes,
// a reviewer who did not propose it approves, and the tool's digest
// changes. --as names the console user acting, whose roles are checked.
func runCatalogHints(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("catalog hints", flag.ContinueOnError)
	add := fs.String("add", "", "propose the tool's hints plus these, comma-separated")
	set := fs.String("set", "", "propose exactly these hints, comma-separated (replacing the tool's)")
	approve := fs.Uint("approve", 0, "approve this hint proposal")
	reject := fs.Uint("reject", 0, "reject this hint proposal")
	reason := fs.String("reason", "", "why the proposal is rejected")
	as := actorFlag(fs) // an editor proposes, a reviewer decides
	var tool string
	rest := args
	pos, err := parseNamed(fs, rest)
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) != 1 {
		return &exitError{2, errors.New(hintsUsage)}
	}
	tool = pos[0]
	actions := 0
	for _, on := range []bool{*add != "", *set != "", *approve != 0, *reject != 0} {
		if on {
			actions++
		}
	}
	if actions > 1 {
		return &exitError{2, fmt.Errorf("give one of --add, --set, --approve, --reject\n%s", hintsUsage)}
	}
	if actions == 1 && *as == "" {
		return &exitError{2, errors.New("--as: name the console user acting")}
	}
	if *reason != "" && *reject == 0 {
		return &exitError{2, errors.New("--reason: only --reject takes it")}
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	t, err := store.ToolByID(ctx, tool)
	if errors.Is(err, models.ErrNotFound) {
		return &exitError{1, fmt.Errorf("TOOL: no stored tool %q", tool)}
	}
	if err != nil {
		return err
	}
	var actor *models.User
	if *as != "" {
		if actor, err = activeUser(ctx, store, *as); err != nil {
			return err
		}
	}
	switch {
	case *add != "" || *set != "":
		hints := list(*set)
		if *add != "" {
			c, err := t.Parsed()
			if err != nil {
				return err
			}
			hints = append(slices.Clone(c.SearchHints), list(*add)...)
		}
		p, err := store.ProposeHints(ctx, actor, t.ID, t.Digest, hints)
		if err != nil {
			return hintsError(err, *add != "")
		}
		fmt.Fprintf(stdout, "%s: hint proposal %d by %s: %s; a reviewer other than %s approves it\n", t.ID, p.ID, p.ProposedBy, strings.Join(p.Hints(), ", "), p.ProposedBy)
		return nil
	case *approve != 0 || *reject != 0:
		id := *approve + *reject
		p, err := store.HintProposalByID(ctx, id)
		if err != nil || p.ToolID != t.ID {
			return &exitError{1, fmt.Errorf("--approve/--reject: %s has no hint proposal %d", t.ID, id)}
		}
		if p, err = store.DecideHints(ctx, actor, id, *approve != 0, *reason); err != nil {
			return hintsError(err, false)
		}
		fmt.Fprintf(stdout, "%s: hint proposal %d %s by %s", t.ID, p.ID, p.Status, p.DecidedBy)
		if p.NewDigest != "" {
			fmt.Fprintf(stdout, "; digest %s", p.NewDigest)
		}
		fmt.Fprintln(stdout)
		return nil
	}
	c, err := t.Parsed()
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\tdigest %s\n", t.ID, t.Digest)
	fmt.Fprintf(stdout, "hints (search only, never shown to the model): %s\n", orNone(c.SearchHints))
	ps, err := store.HintProposals(ctx, t.ID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		line := fmt.Sprintf("proposal %d\t%s\tby %s\t%s", p.ID, p.Status, p.ProposedBy, orNone(p.Hints()))
		if p.DecidedBy != "" {
			line += "\tdecided by " + p.DecidedBy
		}
		if p.Reason != "" {
			line += ": " + strconv.Quote(p.Reason)
		}
		fmt.Fprintln(stdout, line)
	}
	return nil
}

func orNone(hs []string) string {
	if len(hs) == 0 {
		return "(none)"
	}
	return strings.Join(hs, ", ")
}

// hintsError names the flag a refusal is about.
func hintsError(err error, added bool) error {
	var ve *models.ValidationError
	switch {
	case errors.As(err, &ve):
		f, msg := ve.First()
		hintsFlag := "--set"
		if added {
			hintsFlag = "--add"
		}
		flag := map[string]string{"hints": hintsFlag, "reason": "--reason"}[f]
		if flag == "" {
			flag = f
		}
		return &exitError{1, fmt.Errorf("%s: %s", flag, msg)}
	case errors.Is(err, models.ErrForbidden):
		return &exitError{1, errors.New("--as: an editor proposes hints, a reviewer decides them")}
	case errors.Is(err, models.ErrSelfApproval):
		return &exitError{1, errors.New("--as: a reviewer other than the proposer decides")}
	case errors.Is(err, models.ErrClosed):
		return &exitError{1, errors.New("the proposal is already decided")}
	case errors.Is(err, models.ErrConflict):
		return &exitError{1, errors.New("the tool changed since the proposal was made; propose again")}
	}
	return err
}
