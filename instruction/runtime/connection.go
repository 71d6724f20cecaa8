package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/upstream"
)

// SpecOf is how to reach a stored connection, its secrets opened.
func SpecOf(store *models.Store, c *models.Connection) (upstream.Spec, error) {
	sec, err := store.OpenSecrets(c)
	if err != nil {
		return upstream.Spec{}, err
	}
	sp := upstream.Spec{Name: c.Name, URL: c.URL, Headers: sec.Headers, Env: sec.Env}
	if c.Transport == models.TransportStdio {
		sp.Command = c.Argv()
	}
	return sp, nil
}

// Synced is what a sync did: the import plan applied and the problems of
// the tools the catalog refused, each tool on its own (issue 30): they
// are in the ledger as rejected, with those reasons, and the server's
// other tools import.
type Synced struct {
	Plan    models.ImportPlan
	Listed  int
	Refused []catalog.Problem
}

// SyncConnection lists a connection's tools (a describe-only probe: no
// tool is called) and imports them into the connection's namespace
// through the catalog's import: new tools are candidates, changed ones go
// back to review, vanished ones leave the catalog and so every roster.
// The outcome, or the failure, is recorded on the connection and audited.
func SyncConnection(ctx context.Context, store *models.Store, pool *upstream.Pool, actor, name string) (Synced, error) {
	var out Synced
	c, err := store.ConnectionByName(ctx, name)
	if err != nil {
		return out, err
	}
	sp, err := SpecOf(store, c)
	if err != nil {
		return out, err
	}
	tools, err := pool.ListTools(ctx, sp)
	if err != nil {
		_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
		return out, err
	}
	out.Listed = len(tools)
	var o catalog.Outcome // a server with no tool leaves none in the catalog
	if len(tools) > 0 {
		doc, err := json.Marshal(map[string]any{"tools": tools})
		if err != nil {
			return out, err
		}
		if o = catalog.ParseSyncContext(ctx, doc, name); len(o.Problems) > 0 {
			err := fmt.Errorf("the tool list cannot be imported: %w", o.Problems)
			_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
			return out, err
		}
	}
	for _, r := range o.Rejected {
		out.Refused = append(out.Refused, r.Problems...)
	}
	cs := o.Contracts
	out.Plan, err = store.ApplyOutcome(ctx, actor, models.SourceMCP, name, o, "")
	if err != nil {
		_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
		return out, err
	}
	r := models.SyncResult{Tools: len(cs), Added: len(out.Plan.Added), Changed: len(out.Plan.Changed), Removed: len(out.Plan.Removed)}
	if len(out.Refused) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%d refused by the catalog: ", len(out.Refused))
		for i, p := range out.Refused {
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "%s %s: %s", p.Tool, p.Field, p.Message)
		}
		r.Warn = b.String()
	}
	return out, store.RecordSync(ctx, actor, name, r)
}
