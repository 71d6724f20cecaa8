package main

import (
	"context"
	"fmt"
	"os"

	"github.com/agentforge/console/models"
)

func runAudit(ctx context.Context, args []string, stdout *os.File) error {
	if len(args) != 1 || args[0] != "verify" {
		return &exitError{2, fmt.Errorf("usage: console audit verify")}
	}
	store, err := models.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer store.Close()
	res, err := store.VerifyAudit(ctx)
	if err != nil {
		return err
	}
	if res.BrokenAt != 0 {
		fmt.Fprintf(stdout, "audit chain BROKEN at event %d: %s (%d events checked)\n", res.BrokenAt, res.Reason, res.Events)
		return &exitError{1, fmt.Errorf("")}
	}
	fmt.Fprintf(stdout, "audit chain intact: %d events\n", res.Events)
	return nil
}
