package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

const auditUsage = "usage: console audit verify [--checkpoint FILE] | console audit checkpoint"

// runAudit verifies the audit chain (against a kept checkpoint, when
// given) or prints a signed checkpoint of its head.
func runAudit(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return &exitError{2, fmt.Errorf(auditUsage)}
	}
	fs := flag.NewFlagSet("audit "+args[0], flag.ContinueOnError)
	cpFile := fs.String("checkpoint", "", "a checkpoint printed earlier by console audit checkpoint")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() != 0 {
		return &exitError{2, fmt.Errorf(auditUsage)}
	}
	switch args[0] {
	case "verify":
	case "checkpoint":
		if *cpFile != "" {
			return &exitError{2, fmt.Errorf(auditUsage)}
		}
	default:
		return &exitError{2, fmt.Errorf(auditUsage)}
	}
	if err := requireDatabase(); err != nil {
		return err
	}
	var cp *models.Checkpoint
	if *cpFile != "" {
		b, err := os.ReadFile(*cpFile)
		if err != nil {
			return &exitError{2, fmt.Errorf("--checkpoint: %w", err)}
		}
		cp = &models.Checkpoint{}
		if err := json.Unmarshal(b, cp); err != nil {
			return &exitError{2, fmt.Errorf("--checkpoint: not a checkpoint: %w", err)}
		}
	}
	store, err := openDB(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	if args[0] == "checkpoint" {
		c, err := store.AuditCheckpoint(ctx)
		if err != nil {
			return &exitError{1, err}
		}
		b, _ := json.Marshal(c)
		fmt.Fprintln(stdout, string(b))
		return nil
	}
	res, err := store.VerifyAuditCheckpoint(ctx, cp)
	if err != nil {
		return err
	}
	if res.Broken() {
		fmt.Fprintf(stdout, "audit chain BROKEN at event %d: %s (%s checked)\n", res.BrokenAt, res.Reason, plural.Count(res.Events, "event"))
		if kerr := store.CheckAuditKey(ctx); kerr != nil {
			// most likely not tampering but the wrong key
			fmt.Fprintf(stdout, "the configured key is not the chain's: %v\n", kerr)
		}
		return &exitError{1, fmt.Errorf("")}
	}
	if cp != nil {
		fmt.Fprintf(stdout, "audit chain intact: %s; checkpoint head %d present (%s since)\n", plural.Count(res.Events, "event"), cp.ID, plural.Count(res.Events-cp.Events, "event"))
		return nil
	}
	fmt.Fprintf(stdout, "audit chain intact: %s\n", plural.Count(res.Events, "event"))
	return nil
}
