package main

import (
	"context"
	"fmt"
	"io"
)

func runMigrate(ctx context.Context, args []string, stdout io.Writer) error {
	store, err := openDBForWrites(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	applied, err := store.MigrateLocked(ctx)
	if err != nil {
		return err
	}
	v, err := store.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "applied %s; schema version %d (%s)\n", counted(len(applied), "migration", "migrations"), v, store.Dialect())
	return nil
}
