package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// actorFlag declares --as on a state-changing command: the console user
// the change is made as, CONSOLE_ACTOR when the flag is absent.
func actorFlag(fs *flag.FlagSet) *string {
	return fs.String("as", os.Getenv("CONSOLE_ACTOR"), "the console user this change is made as (default: CONSOLE_ACTOR); required")
}

// errNoActor is a state-changing command run without --as or
// CONSOLE_ACTOR.
var errNoActor = errors.New("--as USER (or CONSOLE_ACTOR) is required: every change names the console user who made it")

// needActor refuses an empty actor before anything is opened.
func needActor(as string) error {
	if strings.TrimSpace(as) == "" {
		return &exitError{2, errNoActor}
	}
	return nil
}

// actor resolves --as to a console user holding one of roles and returns
// the name changes are recorded under: the user's own, so separation of
// duties holds across the command line and the browser (an import made
// here as alice cannot be reviewed by alice on the review page). A store
// without any user yet (the first `user add`) takes the name as given.
func actor(ctx context.Context, store *models.Store, as string, roles ...models.Role) (string, error) {
	if err := needActor(as); err != nil {
		return "", err
	}
	if n, err := store.CountUsers(ctx); err == nil && n == 0 {
		return as, nil
	}
	u, err := activeUser(ctx, store, as)
	if err != nil {
		return "", err
	}
	for _, r := range roles {
		if u.Has(r) {
			return u.Username, nil
		}
	}
	names := make([]string, len(roles))
	for i, r := range roles {
		names[i] = string(r)
	}
	return "", &exitError{1, fmt.Errorf("--as: %s is not %s", as, strings.Join(names, " or "))}
}

// activeUser is the console user --as names, refused when there is none
// or when they are disabled: a disabled user acts nowhere, on the command
// line as in the browser.
func activeUser(ctx context.Context, store *models.Store, as string) (*models.User, error) {
	u, err := store.UserByName(ctx, as)
	if err != nil {
		return nil, &exitError{1, fmt.Errorf("--as: no console user %q", as)}
	}
	if u.Disabled {
		return nil, &exitError{1, fmt.Errorf("--as: %s is disabled: a disabled user makes no change; an admin enables them on the Users page", u.Username)}
	}
	return u, nil
}

// openStoreAs opens the store for a state-changing command run as --as:
// the actor is checked as given before anything is opened, then resolved
// to a console user holding one of roles (see actor). The caller closes
// the store; on error nothing is left open.
func openStoreAs(ctx context.Context, as string, roles ...models.Role) (*models.Store, string, error) {
	if err := needActor(as); err != nil {
		return nil, "", err
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return nil, "", err
	}
	who, err := actor(ctx, store, as, roles...)
	if err != nil {
		store.Close()
		return nil, "", err
	}
	return store, who, nil
}
