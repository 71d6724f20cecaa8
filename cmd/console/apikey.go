package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/agentforge/console/models"
)

// apikeyUsage is the apikey group's usage.
const apikeyUsage = `usage: console apikey create NAME [--scope read|runtime] --as USER
       console apikey list
       console apikey revoke ID --as USER`

func runAPIKey(ctx context.Context, args []string, stdout io.Writer) error {
	usage := errors.New(apikeyUsage)
	if len(args) > 0 && args[0] == "list" {
		return runAPIKeyList(ctx, args[1:], stdout)
	}
	if len(args) > 0 && args[0] == "revoke" {
		return runAPIKeyRevoke(ctx, args[1:], stdout)
	}
	if len(args) < 2 || args[0] != "create" {
		return &exitError{2, usage}
	}
	fs := flag.NewFlagSet("apikey create", flag.ContinueOnError)
	scope := fs.String("scope", models.ScopeRead, "read (compose, fetch) or runtime (also runs, checks, bindings)")
	as := actorFlag(fs)
	pos, err := parseNamed(fs, args[1:])
	if err != nil || len(pos) != 1 {
		return &exitError{2, usage}
	}
	name := pos[0]
	if *scope != models.ScopeRead && *scope != models.ScopeRuntime {
		return &exitError{2, fmt.Errorf("--scope: must be read or runtime")}
	}
	store, who, err := openStoreAs(ctx, *as, models.RoleAdmin)
	if err != nil {
		return err
	}
	defer store.Close()
	secret, k, err := store.CreateScopedAPIKey(ctx, who, name, *scope)
	var ve *models.ValidationError
	if errors.As(err, &ve) && ve.Fields["name"] != "" {
		return &exitError{1, fmt.Errorf("NAME: %s", ve.Fields["name"])}
	}
	if err != nil {
		return &exitError{1, err}
	}
	fmt.Fprintf(stdout, "API key %q (scope %s), shown once:\n%s\n", k.Name, k.Scope, secret)
	return nil
}
