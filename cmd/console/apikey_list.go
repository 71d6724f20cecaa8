package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// runAPIKeyList prints every API key: id (what revoke takes), name, the
// secret's visible prefix, scope, creator, creation, last use and state.
// The secret itself is never stored, so never shown.
func runAPIKeyList(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return &exitError{2, errors.New("usage: console apikey list")}
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	keys, err := store.APIKeys(ctx)
	if err != nil {
		return err
	}
	var revoked []uint
	for _, k := range keys {
		if k.RevokedAt != nil {
			revoked = append(revoked, k.ID)
		}
	}
	why, err := store.APIKeyRevokeReasons(ctx, revoked)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tPREFIX\tSCOPE\tCREATED BY\tCREATED\tLAST USED\tSTATE")
	for _, k := range keys {
		state := "active"
		if k.RevokedAt != nil {
			state = "revoked " + k.RevokedAt.UTC().Format(time.RFC3339)
			if why[k.ID] != "" {
				state += ": " + why[k.ID]
			}
		} else if k.SuspendedAt != nil {
			// resumed by an admin on the API keys page
			state = "suspended " + k.SuspendedAt.UTC().Format(time.RFC3339)
		} else if why := k.RefusedWhy(); why != "" {
			state = "refused: " + why
		}
		used := "never"
		if k.LastUsedAt != nil {
			used = k.LastUsedAt.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(w, "%d\t%s\t%s…\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Prefix, k.Scope, k.CreatedBy, k.CreatedAt.UTC().Format(time.RFC3339), used, state)
	}
	return w.Flush()
}

// runAPIKeyRevoke revokes one key for good (audited as --as's). A serving
// console refuses it on the API and the gateway once its key cache has
// expired: within half a second, on every replica.
func runAPIKeyRevoke(ctx context.Context, args []string, stdout io.Writer) error {
	usage := &exitError{2, errors.New("usage: console apikey revoke ID --as USER (ID: a number from console apikey list)")}
	fs := flag.NewFlagSet("apikey revoke", flag.ContinueOnError)
	as := actorFlag(fs)
	pos, err := parseNamed(fs, args)
	if err != nil || len(pos) != 1 {
		return usage
	}
	id, err := strconv.ParseUint(pos[0], 10, 32)
	if err != nil || id == 0 {
		return &exitError{2, fmt.Errorf("ID: %q is not a key id (a number from console apikey list)", pos[0])}
	}
	store, who, err := openStoreAs(ctx, *as, models.RoleAdmin)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := store.RevokeAPIKey(ctx, who, uint(id)); err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return &exitError{1, fmt.Errorf("ID: no active API key %d (unknown, or revoked already: see console apikey list)", id)}
		}
		return err
	}
	fmt.Fprintf(stdout, "API key %d revoked; serving consoles refuse it within half a second\n", id)
	return nil
}
