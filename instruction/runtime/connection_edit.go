package runtime

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// EditConnection changes a stored connection (a new command or URL,
// secret values set or unset) only when its server, as edited, answers:
// the describe-only probe runs against the edited connection first, and
// one that does not answer is refused (ProbeError) with nothing changed.
// Then the edit is stored (audited by name, never a value) and the tools
// listed are imported as SyncConnection does.
func EditConnection(ctx context.Context, store *models.Store, pool *upstream.Pool, actor, name string, e models.ConnectionEdit) (Synced, error) {
	c, err := store.ConnectionByName(ctx, name)
	if err != nil {
		return Synced{}, err
	}
	in, err := store.EditedInput(c, &e)
	if err != nil {
		return Synced{}, refusedEdit(ctx, store, actor, name, e, err)
	}
	// the probe runs in a pool of its own: the shared pool's client of
	// this name keeps serving the stored connection until the edit is
	// stored (its next use then reconnects with the new spec)
	probe := upstream.NewPool(nil)
	defer probe.Close()
	if pool != nil {
		probe.Timeout, probe.MaxMessage = pool.Timeout, pool.MaxMessage
	}
	if err := markPool(ctx, store, probe); err != nil {
		return Synced{}, err
	}
	tools, err := probe.ListTools(ctx, specOfInput(in))
	if err != nil {
		return Synced{}, refusedEdit(ctx, store, actor, name, e, &ProbeError{Err: err, Verb: "changed"})
	}
	if _, err := parseTools(ctx, in.Name, tools); err != nil {
		return Synced{Listed: len(tools)}, refusedEdit(ctx, store, actor, name, e, &ProbeError{Err: err, Verb: "changed"})
	}
	if _, err := store.UpdateConnection(ctx, actor, in, e); err != nil {
		return Synced{}, err
	}
	if pool != nil {
		pool.ForgetName(name)
	}
	out, err := importTools(ctx, store, actor, name, tools)
	out.Switched = e.SwitchNote(c)
	if err != nil {
		return out, fmt.Errorf("connection %s was changed but its tools were not imported (sync it again): %w", name, err)
	}
	return out, nil
}

// refusedEdit audits a refused edit (by name, never a value) and answers
// its error; one the audit could not record joins it.
func refusedEdit(ctx context.Context, store *models.Store, actor, name string, e models.ConnectionEdit, err error) error {
	var pe *ProbeError
	if aerr := store.AuditEditRefused(ctx, actor, name, e, err, errors.As(err, &pe)); aerr != nil {
		return errors.Join(err, aerr)
	}
	return err
}

// RemoveConnection removes a connection: its tools leave the catalog, and
// so every roster, through the import path (as vanished tools do), the
// removal is audited, and its server's client in pool (a child process
// for a stdio server) is stopped.
func RemoveConnection(ctx context.Context, store *models.Store, pool *upstream.Pool, actor, name string) (models.ImportPlan, error) {
	plan, err := store.DeleteConnection(ctx, actor, name)
	if err != nil {
		return plan, err
	}
	if pool != nil {
		pool.ForgetName(name)
	}
	return plan, nil
}

// shown is s as it may be printed: s itself when it is valid UTF-8 free
// of control and bidi characters, else s quoted (strconv.Quote escapes
// them), so a server's tool name cannot forge a line of output or
// reverse the text around it.
func shown(s string) string {
	if utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
	}) < 0 {
		return s
	}
	return strconv.Quote(s)
}

// markPool gives pool the deployment's loop marker before it probes a
// server, so a connection reaching any replica's gateway is refused as a
// loop, whichever process (a replica, the CLI) probes it.
func markPool(ctx context.Context, store *models.Store, pool *upstream.Pool) error {
	m, err := store.LoopMarker(ctx)
	if err != nil {
		return err
	}
	pool.SetLoopMarker(m)
	return nil
}
