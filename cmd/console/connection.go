package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/google/shlex"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/instruction/shown"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

const connectionUsage = `usage: console connection add NAME (--command "CMD ARGS" | --url URL) [--header K=V]… [--env K=V]… [--env-plain K=V]… [--dir PATH] [--take-over] [SETTINGS] --as USER
       console connection edit NAME [--command "CMD ARGS" | --url URL] [--header K=V]… [--env K=V]… [--env-plain K=V]… [--dir PATH|""] [--unset-header K]… [--unset-env K]… [SETTINGS] --as USER
       console connection remove NAME --as USER
       console connection sync NAME --as USER
       console connection resume NAME --as USER
       console connection list
       console connection show NAME
--env and --header values are secrets: sealed, never shown; --env-plain is for settings that are not
(a data path, a mode), shown by list and show; --dir is the absolute path of the directory a command
server runs in (default: the console's working directory; edit --dir "" clears it).
SETTINGS: --timeout D (one call, default --upstream-timeout), --restart-backoff D (the longest wait
between restarts, default 30s), --stderr-lines N (kept for a start error, command servers, default 12);
"default" returns one to the console's default`

// runConnection adds, syncs and lists upstream MCP servers.
func runConnection(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return &exitError{2, errors.New(connectionUsage)}
	}
	verb, rest := args[0], args[1:]
	fs := flag.NewFlagSet("connection "+verb, flag.ContinueOnError)
	command := fs.String("command", "", "the server's command line (stdio)")
	url := fs.String("url", "", "the server's streamable HTTP URL")
	headers, env := pairs{}, pairs{}
	fs.Var(headers, "header", "a request header K=V (repeatable; the value is a secret)")
	fs.Var(env, "env", "an environment variable K=V for the command (repeatable; the value is a secret)")
	plainEnv := plainPairs{}
	fs.Var(plainEnv, "env-plain", "an environment variable K=V for the command that is not a secret, such as a data path (repeatable; shown)")
	dir := fs.String("dir", "", "the absolute path of the directory the command runs in (default: the console's working directory; shown)")
	var unsetHeaders, unsetEnv names
	fs.Var(&unsetHeaders, "unset-header", "edit: a header NAME to remove (repeatable)")
	fs.Var(&unsetEnv, "unset-env", "edit: an environment variable NAME to remove (repeatable)")
	timeout := fs.String("timeout", "", "this connection's call timeout, such as 45s (default: the console's --upstream-timeout)")
	restartBackoff := fs.String("restart-backoff", "", "the longest wait before restarting a failing server, such as 2m (default 30s)")
	stderrLines := fs.String("stderr-lines", "", "how many of a command server's last stderr lines a start error keeps (default 12)")
	takeOver := fs.Bool("take-over", false, "add: take over a namespace of tools imported from a file (the server's tools replace them)")
	as := fs.String("as", os.Getenv("CONSOLE_ACTOR"), "the user this change is made as (CONSOLE_ACTOR)")
	pos, err := parseNamed(fs, rest)
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) > 1 {
		return &exitError{2, errors.New(connectionUsage)}
	}
	name := ""
	if len(pos) == 1 {
		name = pos[0]
	}
	switch verb {
	case "list":
		if name != "" {
			return &exitError{2, errors.New(connectionUsage)}
		}
		return listConnections(ctx, stdout)
	case "show":
		if name == "" {
			return &exitError{2, fmt.Errorf("NAME is required\n%s", connectionUsage)}
		}
		return showConnection(ctx, stdout, name)
	case "add", "sync", "edit", "remove", "resume":
	default:
		return &exitError{2, fmt.Errorf("unknown connection command %q\n%s", verb, connectionUsage)}
	}
	if name == "" {
		return &exitError{2, fmt.Errorf("NAME is required\n%s", connectionUsage)}
	}
	if *as == "" {
		return &exitError{2, errors.New("--as USER is required: every change names who made it")}
	}
	settings, err := settingsFlags(*timeout, *restartBackoff, *stderrLines)
	if err != nil {
		return err
	}
	if (verb == "sync" || verb == "remove" || verb == "resume") && (*command != "" || *url != "" || len(headers)+len(env)+len(plainEnv)+len(unsetHeaders)+len(unsetEnv) > 0 || *dir != "" || !settings.Empty()) {
		return &exitError{2, fmt.Errorf("connection %s takes only NAME and --as", verb)}
	}
	if verb != "add" && *takeOver {
		return &exitError{2, errors.New("--take-over is for connection add")}
	}
	if verb == "add" && len(unsetHeaders)+len(unsetEnv) > 0 {
		return &exitError{2, errors.New("--unset-header and --unset-env are for connection edit")}
	}
	in := models.ConnectionInput{Name: name, URL: *url, Headers: headers, Env: env, PlainEnv: plainEnv, Dir: *dir, Settings: settings.Over(models.ConnectionSettings{}), TakeOver: *takeOver}
	if *command != "" {
		argv, err := shlex.Split(*command)
		if err != nil {
			return &exitError{2, fmt.Errorf("--command: %v", err)}
		}
		in.Command = argv
	}
	if verb == "add" {
		if errs := in.Validate(); len(errs) > 0 {
			return fieldError(2, errs)
		}
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	if (verb == "add" || verb == "edit") && len(headers)+len(env) > 0 {
		if err := ensureSealKey(ctx, store); err != nil {
			return err
		}
	}
	u, err := activeUser(ctx, store, *as)
	if err != nil {
		return err
	}
	if !u.Has(models.RoleAdmin) {
		return &exitError{1, fmt.Errorf("--as: %s is not an active admin; connections are for admins", *as)}
	}
	if verb == "resume" {
		return resumeConnection(ctx, stdout, store, u.Username, name)
	}
	// the probe starts the server here: it gets none of this process's
	// secrets (guard.go)
	if err := guardSecrets(); err != nil {
		return err
	}
	pool := upstream.NewPool(nil)
	defer pool.Close()
	sctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var res runtime.Synced
	if verb == "add" {
		// the server is listed before anything is saved: a server that
		// does not answer is refused, never left behind as a broken row
		res, err = runtime.AddConnection(sctx, store, pool, u.Username, in)
		var pe *runtime.ProbeError
		var taken *runtime.NamespaceTakenError
		switch {
		case errors.As(err, &taken):
			return &exitError{1, fmt.Errorf("NAME: %v: add it with --take-over to replace them, or choose another NAME", taken)}
		case errors.Is(err, models.ErrConnectionExists):
			return &exitError{1, fmt.Errorf("NAME: a connection %q exists (sync it: console connection sync %s)", name, name)}
		case errors.As(err, &pe):
			return &exitError{1, fmt.Errorf("connection %s not added: %v", name, pe)}
		case err != nil:
			return &exitError{1, err}
		}
		fmt.Fprintf(stdout, "connection %s added\n", name)
		warnOrdinary(stderr, runtime.OrdinarySecretNames(models.ConnectionSecrets{Headers: headers, Env: env}))
	} else if verb == "edit" {
		e := models.ConnectionEdit{Command: in.Command, URL: *url, Headers: headers, Env: env, PlainEnv: plainEnv, Dir: *dir, UnsetHeaders: unsetHeaders, UnsetEnv: unsetEnv, Settings: settings}
		fs.Visit(func(f *flag.Flag) { e.ClearDir = e.ClearDir || (f.Name == "dir" && *dir == "") }) // --dir "": clear it
		if e.Empty() {
			return &exitError{2, errors.New("nothing to change: give --command, --url, --header, --env, --env-plain, --dir (--dir \"\" clears it), --unset-header, --unset-env or a setting (--timeout, --restart-backoff, --stderr-lines)")}
		}
		res, err = runtime.EditConnection(sctx, store, pool, u.Username, name, e)
		var pe *runtime.ProbeError
		var ve *models.ValidationError
		switch {
		case errors.Is(err, models.ErrNotFound):
			return &exitError{1, fmt.Errorf("NAME: no connection %q", name)}
		case errors.As(err, &ve):
			return fieldError(1, ve.Fields)
		case errors.As(err, &pe):
			return &exitError{1, fmt.Errorf("connection %s not changed: %v", name, pe)}
		case err != nil:
			return &exitError{1, err}
		}
		warnOrdinary(stderr, runtime.OrdinarySecretNames(models.ConnectionSecrets{Headers: headers, Env: env}))
		if res.Switched != "" {
			fmt.Fprintf(stdout, "connection %s changed: %s\n", name, res.Switched)
		} else {
			fmt.Fprintf(stdout, "connection %s changed\n", name)
		}
	} else if verb == "remove" {
		plan, err := runtime.RemoveConnection(sctx, store, pool, u.Username, name)
		if errors.Is(err, models.ErrNotFound) {
			return &exitError{1, fmt.Errorf("NAME: no connection %q", name)}
		}
		if err != nil {
			return &exitError{1, fmt.Errorf("remove %s: %v", name, err)}
		}
		fmt.Fprintf(stdout, "connection %s removed; %s left the catalog and every roster.\n", name, plural.Count(len(plan.Removed), "tool"))
		return nil
	} else {
		res, err = runtime.SyncConnection(sctx, store, pool, u.Username, name)
		if errors.Is(err, models.ErrNotFound) {
			return &exitError{1, fmt.Errorf("NAME: no connection %q", name)}
		}
		if err != nil {
			return &exitError{1, fmt.Errorf("sync %s: %v", name, err)}
		}
	}
	p := res.Plan
	restored := ""
	if len(p.Restored) > 0 {
		restored = fmt.Sprintf(", %d restored to the reviewed version", len(p.Restored))
	}
	fmt.Fprintf(stdout, "synced %s: %s listed; %d added, %d changed, %d removed%s, %d unchanged.%s\n",
		name, plural.Count(res.Listed, "tool"), len(p.Added), len(p.Changed), len(p.Removed), restored, p.Unchanged, awaitReview(len(p.Added)+len(p.Changed)))
	for _, pr := range res.Refused {
		// a problem of the whole tool (its size) names no field
		field := ""
		if pr.Field != "" {
			field = shown.Line(pr.Field) + ": "
		}
		fmt.Fprintf(stdout, "refused %s: %s%s\n", shown.Line(pr.Tool), field, shown.Line(pr.Message))
	}
	return nil
}

// awaitReview is the sync message's last sentence: said only when the
// sync brought tools to review.
func awaitReview(n int) string {
	if n == 0 {
		return ""
	}
	return " New and changed tools await review."
}

// resumeConnection resumes connection name, paused after one of its
// answers held a console secret no caller sent it (audited
// connection.resume, as the web's Resume does).
func resumeConnection(ctx context.Context, stdout io.Writer, store *models.Store, actor, name string) error {
	if err := store.ResumeConnection(ctx, actor, name); errors.Is(err, models.ErrNotFound) {
		return &exitError{1, fmt.Errorf("NAME: connection %q is not paused", name)}
	} else if err != nil {
		return &exitError{1, err}
	}
	fmt.Fprintf(stdout, "connection %s resumed: its calls go to its server again\n", name)
	return nil
}
