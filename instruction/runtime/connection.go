package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// SpecOf is how to reach a stored connection, its secrets opened.
func SpecOf(store *models.Store, c *models.Connection) (upstream.Spec, error) {
	sec, err := store.OpenSecrets(c)
	if err != nil {
		return upstream.Spec{}, err
	}
	set := c.Settings()
	sp := upstream.Spec{Name: c.Name, URL: c.URL, Headers: sec.Headers, Env: sec.Env, PlainEnv: c.PlainEnvVars(), Dir: c.Dir, Timeout: set.Timeout, MaxBackoff: set.RestartBackoff, StderrLines: set.StderrLines}
	if c.Transport == models.TransportStdio {
		sp.Command = c.Argv()
	}
	return sp, nil
}

// specOfInput is how to reach a connection as an admin gives it.
func specOfInput(in models.ConnectionInput) upstream.Spec {
	return upstream.Spec{Name: in.Name, Command: in.Command, URL: in.URL, Headers: in.Headers, Env: in.Env, PlainEnv: in.PlainEnv, Dir: in.Dir,
		Timeout: in.Settings.Timeout, MaxBackoff: in.Settings.RestartBackoff, StderrLines: in.Settings.StderrLines}
}

// Synced is what a sync did: the import plan applied and the problems of
// the tools the catalog refused, each tool on its own: they
// are in the ledger as rejected, with those reasons, and the server's
// other tools import.
type Synced struct {
	Plan    models.ImportPlan
	Listed  int
	Refused []catalog.Problem
	// Switched says what an edit that switched the transport did (see
	// models.ConnectionEdit.SwitchNote); "" otherwise.
	Switched string
}

// ProbeError is an add refused because the server could not be listed:
// nothing was saved. Err says why (for a stdio server, with the tail of
// its stderr).
type ProbeError struct {
	Err error
	// Verb is what was not done: "added" (empty) or "changed".
	Verb string
}

func (e *ProbeError) Error() string {
	verb := e.Verb
	if verb == "" {
		verb = "added"
	}
	return fmt.Sprintf("the server did not answer its first tools/list, so nothing was %s: %v", verb, e.Err)
}

func (e *ProbeError) Unwrap() error { return e.Err }

// NamespaceTakenError is an add refused because its name is a namespace
// that holds tools imported from a file (catalog import --namespace):
// the connection's sync would replace them, and those its server does
// not list would leave the catalog and every roster. Nothing was saved.
// ConnectionInput.TakeOver allows it.
type NamespaceTakenError struct {
	Name  string
	Tools int
}

func (e *NamespaceTakenError) Error() string {
	return fmt.Sprintf("namespace %q holds %s imported from a file; a connection of that name would replace them (those its server does not list would leave the catalog and every roster), so nothing was added", e.Name, plural.Count(e.Tools, "tool"))
}

// AddConnection adds a connection only when its server answers: the
// describe-only probe runs first, and a server that does not start or
// answer is refused (ProbeError) with nothing saved — never a row left
// in error by a failed add. Then the connection is stored and the tools
// listed are imported as SyncConnection does.
func AddConnection(ctx context.Context, store *models.Store, pool *upstream.Pool, actor string, in models.ConnectionInput) (Synced, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return Synced{}, &models.ValidationError{Fields: errs}
	}
	if _, err := store.ConnectionByName(ctx, in.Name); err == nil {
		return Synced{}, fmt.Errorf("models: create connection: %w", models.ErrConnectionExists)
	}
	if !in.TakeOver {
		n, err := store.NamespaceToolCount(ctx, in.Name)
		if err != nil {
			return Synced{}, err
		}
		if n > 0 {
			return Synced{}, &NamespaceTakenError{Name: in.Name, Tools: n}
		}
	}
	spec := specOfInput(in)
	if err := markPool(ctx, store, pool); err != nil {
		return Synced{}, err
	}
	tools, err := pool.ListTools(ctx, spec)
	if err != nil {
		pool.Forget(spec) // a refused add leaves no client (nor child process) behind
		return Synced{}, &ProbeError{Err: err}
	}
	if _, err := parseTools(ctx, in.Name, tools); err != nil {
		pool.Forget(spec)
		return Synced{Listed: len(tools)}, &ProbeError{Err: err}
	}
	if _, err := store.CreateConnection(ctx, actor, in); err != nil {
		pool.Forget(spec)
		return Synced{}, err
	}
	out, err := importTools(ctx, store, actor, in.Name, tools)
	if err != nil {
		// the row is stored, its failure recorded on it: say so
		return out, fmt.Errorf("connection %s was added but its tools were not imported (sync it again): %w", in.Name, err)
	}
	return out, nil
}

// SyncConnection lists a connection's tools (a describe-only probe: no
// tool is called) and imports them into the connection's namespace
// through the catalog's import: new tools are candidates, changed ones go
// back to review, vanished ones leave the catalog and so every roster.
// The outcome, or the failure, is recorded on the connection and audited.
func SyncConnection(ctx context.Context, store *models.Store, pool *upstream.Pool, actor, name string) (Synced, error) {
	c, err := store.ConnectionByName(ctx, name)
	if err != nil {
		return Synced{}, err
	}
	sp, err := SpecOf(store, c)
	if err != nil {
		return Synced{}, err
	}
	if err := markPool(ctx, store, pool); err != nil {
		return Synced{}, err
	}
	tools, err := pool.ListTools(ctx, sp)
	if err != nil {
		_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
		return Synced{}, err
	}
	return importTools(ctx, store, actor, name, tools)
}

// parseTools reads a server's tool list as the catalog's import does (a
// server with no tool leaves none in the catalog).
func parseTools(ctx context.Context, name string, tools []*mcp.Tool) (catalog.Outcome, error) {
	var o catalog.Outcome
	if len(tools) == 0 {
		return o, nil
	}
	doc, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		return o, err
	}
	if o = catalog.ParseSyncContext(ctx, doc, name); len(o.Problems) > 0 {
		return o, fmt.Errorf("the tool list cannot be imported: %w", o.Problems)
	}
	return o, nil
}

// importTools imports the tools a connection's server listed and records
// the sync on the connection.
func importTools(ctx context.Context, store *models.Store, actor, name string, tools []*mcp.Tool) (Synced, error) {
	out := Synced{Listed: len(tools)}
	o, err := parseTools(ctx, name, tools)
	if err != nil {
		_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
		return out, err
	}
	var at []int // each refused problem's tool's place in the server's list
	refuse := func(rs []catalog.Rejection, seen map[string]bool) {
		for _, r := range rs {
			if k := fmt.Sprintf("%d %s", r.Index, r.Name); seen != nil {
				if seen[k] {
					continue
				}
				seen[k] = true
			}
			for _, p := range r.Problems {
				// a server's strings are printed by the CLI, the page and the
				// connection's warning: quoted when they could forge a line
				p.Tool, p.Field, p.Message = shown(p.Tool), shown(p.Field), shown(p.Message)
				out.Refused = append(out.Refused, p)
				at = append(at, r.Index)
			}
		}
	}
	refuse(o.Rejected, nil)
	cs := o.Contracts
	out.Plan, err = store.SyncOutcome(ctx, actor, name, o)
	if err != nil {
		_ = store.RecordSync(ctx, actor, name, models.SyncResult{Err: err.Error()})
		return out, err
	}
	// the store refuses more (a tool named like a stored one but for
	// letter case): their reasons too
	seen := map[string]bool{}
	for _, r := range o.Rejected {
		seen[fmt.Sprintf("%d %s", r.Index, r.Name)] = true
	}
	refuse(out.Plan.Rejected, seen)
	r := models.SyncResult{Tools: len(cs), Added: len(out.Plan.Added), Changed: len(out.Plan.Changed), Removed: len(out.Plan.Removed)}
	if len(out.Refused) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%d refused by the catalog: ", len(out.Refused))
		for i, p := range out.Refused {
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "tool #%d %s", at[i], p.Tool)
			if p.Field != "" {
				fmt.Fprintf(&b, " field %s", p.Field)
			}
			fmt.Fprintf(&b, ": %s", p.Message)
		}
		r.Warn = b.String()
	}
	if masked := maskedTools(cs); masked != "" {
		r.Warn = strings.TrimPrefix(r.Warn+"; "+masked, "; ")
	}
	return out, store.RecordSync(ctx, actor, name, r)
}

// maskedTools says which tools' text held the connection's secret, which
// the pool masked upstream.SecretMark at listing: their reviewer should
// know the server writes it there. "" when none did.
func maskedTools(cs []catalog.Contract) string {
	var ids []string
	for _, c := range cs {
		if strings.Contains(string(catalog.CanonicalJSON(c)), upstream.SecretMark) {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return fmt.Sprintf("the server wrote the connection's secret into the text of %s; it was masked %s at import (review what else the text says)", strings.Join(ids, ", "), upstream.SecretMark)
}
