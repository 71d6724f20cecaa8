package main

import (
	"context"
	"fmt"
	"os"

	"github.com/agentforge/console/instruction/meter"
)

func runAPIKey(ctx context.Context, args []string, stdout *os.File) error {
	if len(args) != 2 || args[0] != "create" {
		return &exitError{2, fmt.Errorf("usage: console apikey create NAME")}
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	secret, k, err := store.CreateAPIKey(ctx, "cli:"+osUser(), args[1])
	if err != nil {
		return &exitError{1, err}
	}
	fmt.Fprintf(stdout, "API key %q (read-only), shown once:\n%s\n", k.Name, secret)
	return nil
}
