package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

const approvalUsage = "usage: console approval list\n       console approval show REF\n       console approval approve REF --reason TEXT [--minutes N] --as USER\n       console approval deny REF --reason TEXT --as USER\n       console approval withdraw REF --reason TEXT --as USER"

// runApproval lists approval requests, decides one or withdraws an
// approved one, as the Approvals page does: reviewers and admins, with a
// reason, audited, never deciding a request made for themselves.
func runApproval(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return &exitError{2, errors.New(approvalUsage)}
	}
	verb := args[0]
	switch verb {
	case "list":
		if len(args) != 1 {
			return &exitError{2, errors.New(approvalUsage)}
		}
		return listApprovals(ctx, stdout)
	case "show":
		if len(args) != 2 || strings.HasPrefix(args[1], "-") {
			return &exitError{2, errors.New(approvalUsage)}
		}
		return showApproval(ctx, stdout, args[1])
	case "approve", "deny", "withdraw":
	default:
		return &exitError{2, fmt.Errorf("unknown approval command %q\n%s", verb, approvalUsage)}
	}
	fs := flag.NewFlagSet("approval "+verb, flag.ContinueOnError)
	reason := fs.String("reason", "", "why (the audit keeps it)")
	minutes := 0
	if verb == "approve" {
		fs.IntVar(&minutes, "minutes", 0, "approve for this many minutes instead of one call")
	}
	as := actorFlag(fs)
	rest := args[1:]
	pos, err := parseNamed(fs, rest)
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) != 1 {
		return &exitError{2, errors.New(approvalUsage)}
	}
	ref := pos[0]
	if strings.TrimSpace(*reason) == "" {
		return &exitError{2, errors.New("--reason is required: say why (the audit keeps it)")}
	}
	maxMinutes := int(models.MaxApprovalWindow / time.Minute)
	given := false // --minutes 0 is not its absence: the page refuses 0 too
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "minutes" })
	if minutes < 0 || minutes > maxMinutes || (given && minutes == 0) {
		return &exitError{2, fmt.Errorf("--minutes: 1 to %d (absent: one call)", maxMinutes)}
	}
	store, who, err := openStoreAs(ctx, *as, models.RoleReviewer, models.RoleAdmin)
	if err != nil {
		return err
	}
	defer store.Close()
	now := time.Now()
	if verb == "withdraw" {
		return withdrawApproval(ctx, store, stdout, who, ref, strings.TrimSpace(*reason), now)
	}
	d := models.ApprovalDecision{Approve: verb == "approve", Reason: strings.TrimSpace(*reason), SingleUse: minutes == 0}
	if minutes > 0 {
		d.Until = now.Add(time.Duration(minutes) * time.Minute)
	}
	a, err := store.DecideApproval(ctx, who, ref, d, now)
	var ve *models.ValidationError
	var lapsed *models.LapsedRequestError
	switch {
	case errors.Is(err, models.ErrNotFound):
		return &exitError{1, fmt.Errorf("REF: no approval request %q", ref)}
	case errors.Is(err, models.ErrSelfDecision):
		return &exitError{1, fmt.Errorf("%s: the request was made for %s: another reviewer or admin decides it", ref, who)}
	case errors.Is(err, models.ErrKeyOwnerDecision):
		return &exitError{1, fmt.Errorf("%s: the request was filed through a runtime key %s created: another reviewer or admin approves it (%s may deny it)", ref, who, who)}
	case errors.Is(err, models.ErrConflict):
		// void is no one's decision: say why it can no longer be, as the
		// page and the API do
		if now, e := store.ApprovalByRef(ctx, ref); e == nil && now.Status == authority.ApprovalVoid {
			return &exitError{1, fmt.Errorf("%s is void: %s; nothing was changed", ref, strings.TrimSuffix(now.VoidReason, "."))}
		}
		return &exitError{1, fmt.Errorf("%s: already decided", ref)}
	case errors.Is(err, models.ErrMaskedArguments):
		return &exitError{1, fmt.Errorf("%s: its arguments hold a value that reads as a secret, shown masked, so nobody can see all it would allow; nothing was approved: deny it, and have the runtime call without secrets in its arguments", ref)}
	case errors.Is(err, models.ErrUnseenArguments):
		return &exitError{1, fmt.Errorf("%s: its arguments are larger than the %d-byte view, so nobody can see all it would allow; nothing was approved: deny it, and have the runtime make a smaller call", ref, authority.MaxArgumentsView)}
	case errors.As(err, &ve):
		f, msg := ve.First()
		return &exitError{1, fmt.Errorf("--%s: %s", f, msg)}
	case errors.As(err, &lapsed) && lapsed.Reason == authority.ReasonApprovalExpired:
		return &exitError{1, fmt.Errorf("%s: cannot be decided: it is %s; nothing was decided", ref, lapsed.Why)}
	case errors.As(err, &lapsed):
		return &exitError{1, fmt.Errorf("%s: cannot be approved: it is %s; nothing was approved (deny it to take it off the list)", ref, lapsed.Why)}
	case err != nil:
		return err
	}
	scope := " for one call"
	if a.Until != nil {
		scope = " until " + a.Until.UTC().Format(time.RFC3339)
	}
	if !d.Approve {
		scope = ""
	}
	fmt.Fprintf(stdout, "approval %s %s%s: %s → %s for subject %q\n", a.Ref, a.Status, scope, a.Agent, a.Tool, a.Subject)
	printApproval(stdout, a)
	return nil
}

// showApproval prints one approval request as a reviewer decides it.
func showApproval(ctx context.Context, stdout io.Writer, ref string) error {
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	a, err := store.ApprovalByRef(ctx, ref)
	if errors.Is(err, models.ErrNotFound) {
		return &exitError{1, fmt.Errorf("REF: no approval request %q", ref)}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "approval %s %s\n", a.Ref, a.Status)
	printApproval(stdout, a)
	return nil
}

// printApproval prints what an approval request is for: agent, tool and
// descriptor digest, subject, summary, and the one call's arguments it
// holds for (their digest and the reviewer's view, secrets masked) or
// that it was made without them.
func printApproval(stdout io.Writer, a *models.Approval) {
	fmt.Fprintf(stdout, "  agent:      %s\n  tool:       %s (descriptor %s)\n  subject:    %q groups %s\n  requested:  %s by %s\n  summary:    %s\n",
		a.Agent, a.Tool, a.Digest, a.Subject, a.GroupsJSON, a.CreatedAt.UTC().Format(time.DateTime), a.RequestedBy, oneLine(a.ShownSummary(), models.MaxApprovalSummary))
	if a.DecidedBy != "" {
		fmt.Fprintf(stdout, "  decided:    by %s: %s\n", a.DecidedBy, oneLine(a.Reason, models.MaxApprovalReason))
	}
	if a.ArgsDigest == "" {
		fmt.Fprintln(stdout, "  arguments:  none sent: holds only for a check sent without arguments and for the calls of a binding issued on it, never for a gateway call")
		return
	}
	fmt.Fprintf(stdout, "  arguments digest: %s (holds for a call with exactly these arguments)\n  arguments (secrets masked):\n", a.ArgsDigest)
	for _, l := range strings.Split(a.ArgsView, "\n") {
		fmt.Fprintln(stdout, "    "+l)
	}
}

// withdrawApproval takes back an approved, unspent approval.
func withdrawApproval(ctx context.Context, store *models.Store, stdout io.Writer, who, ref, reason string, now time.Time) error {
	a, err := store.WithdrawApproval(ctx, who, ref, reason, now)
	var ve *models.ValidationError
	switch {
	case errors.Is(err, models.ErrNotFound):
		return &exitError{1, fmt.Errorf("REF: no approval request %q", ref)}
	case errors.Is(err, models.ErrConflict):
		return &exitError{1, fmt.Errorf("%s: only an approved approval not yet spent can be withdrawn", ref)}
	case errors.As(err, &ve):
		f, msg := ve.First()
		return &exitError{1, fmt.Errorf("--%s: %s", f, msg)}
	case err != nil:
		return err
	}
	fmt.Fprintf(stdout, "approval %s withdrawn: %s → %s for subject %q; a binding that pinned it is revoked at its next check\n", a.Ref, a.Agent, a.Tool, a.Subject)
	return nil
}

func listApprovals(ctx context.Context, stdout io.Writer) error {
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	as, err := store.Approvals(ctx, 200)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "REF\tSTATUS\tAGENT\tTOOL\tSUBJECT\tREQUESTED\tSUMMARY")
	for _, a := range as {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", a.Ref, approvalState(a), a.Agent, a.Tool, a.Subject, a.CreatedAt.UTC().Format(time.DateTime), oneLine(a.ShownSummary(), 80))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(as) > 0 {
		fmt.Fprintln(stdout, "(console approval show REF: the whole summary and the arguments a request holds for)")
	}
	return nil
}

// oneLine is s on one line, cut to n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// approvalState is a listed approval's state as the Approvals page says
// it: an approved single-use approval says whether its one call was made.
func approvalState(a models.Approval) string {
	switch {
	case a.Status != authority.ApprovalApproved || !a.SingleUse:
		return a.Status
	case a.UsedAt != nil:
		return a.Status + " (single-use, used)"
	}
	return a.Status + " (single-use, not used yet)"
}
