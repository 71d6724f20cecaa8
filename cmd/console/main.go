// Command console runs Agent Forge Console: the web console (serve, the
// default) and its command-line tools (migrate, compose, catalog, user,
// audit).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/agentforge/console/cmd/console/startgc"
	"github.com/agentforge/console/instruction/shown"
)

// exitError carries a process exit code.
type exitError struct {
	code int
	err  error
}

// Error is the underlying error's message.
func (e *exitError) Error() string { return e.err.Error() }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	hardenProcess = true
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	removeServerHome()
	if err != nil {
		code := 1
		var ee *exitError
		if errors.As(err, &ee) {
			code = ee.code
		}
		if msg := errorText(err); msg != "" {
			fmt.Fprintln(os.Stderr, "console:", msg)
		}
		os.Exit(code)
	}
}

// errorText is err's message as the CLI prints it: a server's text it
// quotes shows its control and format characters escaped (shown.Text), so
// it cannot reverse the terminal's text or overwrite a line.
func errorText(err error) string { return shown.Text(err.Error()) }

const usage = `usage: console [command] [flags]

commands:
  serve                      run the web console (default)
  migrate                    apply database migrations and exit
  compose                    print the instruction an agent receives
  catalog validate FILE      validate a catalog document
  catalog render FILE        print a catalog document's contracts as an agent gets them (--form full|compact)
  catalog import FILE        import a catalog document (--as USER)
  catalog hints TOOL         show a stored tool's search hints; propose (--set a,b) or decide (--approve/--reject ID) with --as USER
  eval FILE                  evaluate tool selection on a case file (--agent, --deferred, --json, …)
  user add NAME              add a user (--as USER)
  audit verify [--checkpoint FILE]  verify the audit log's keyed chain
  audit checkpoint           print a signed head of the chain, to keep elsewhere
  apikey create NAME         create an API key (printed once): --scope read (default) or runtime; --as USER
  apikey list                list the API keys: id, name, prefix, scope, creator, last use, state
  apikey revoke ID           revoke an API key for good (--as USER)
  grant add|remove GROUP     grant or revoke tools (--tools a,b | --service NS | --effects CLASS) --as USER
  approval list              list approval requests, pending first
  approval show REF          one request: tool, subject, summary, the arguments it holds for (secrets masked), state
  approval approve|deny REF  decide a pending approval request (--reason TEXT, approve: --minutes N for time-bound) --as USER
  approval withdraw REF      withdraw an approval granted earlier (--reason TEXT) --as USER
  grant list                 list every group's grants
  connection add|sync|list   connect an upstream MCP server and import its tools (--command or --url, --header, --env, --as USER)
  connection edit NAME       change a connection's command, URL, secrets or settings; re-lists its tools first (--as USER)
  connection remove NAME     disconnect a server: its tools leave every roster (--as USER)
  connection resume NAME     resume a connection paused after its server answered with a console secret (--as USER)
  connection show NAME       a connection's status: the last contact with its server, when, why, what to do
  backup FILE                write a consistent copy of the database to a new FILE
  restore [--force] FILE     restore a backup into an empty database (--force: replace its data; --unauthenticated: one with no MAC, audited; --accept-broken-audit: one whose audit chain breaks)
  runs load --events N       write N synthetic run events (scale tests; --runs, --days)
  loadtest                   drive the runtime API or the MCP gateway on loopback and report figures (--mode)
  bare --addr A --body FILE  serve FILE's bytes with a bare net/http handler (the load runs' baseline; --mcp: a lean MCP server)

Every command that changes state takes --as USER (or CONSOLE_ACTOR) and
refuses to run without it: the change is recorded as that console user's.

The database is DATABASE_URL: postgres://… for Postgres, a file path
(/srv/console/console.db) for a SQLite file, or, when unset, the SQLite
file console.db in the working directory.`

// isHelp reports whether a command line's first word asks for help.
// groupUsage is each command group's usage, printed (exit 0) for
// "console GROUP --help" (or -h, help).
var groupUsage = map[string]string{
	"approval":   approvalUsage,
	"grant":      grantUsage,
	"connection": connectionUsage,
	"audit":      auditUsage,
	"apikey":     apikeyUsage,
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// run dispatches a command line.
func run(ctx context.Context, args []string, stdout, stderr *os.File) error {
	cmd := "serve"
	if len(args) > 0 && isHelp(args[0]) {
		// the whole command list, not serve's flags (serve is only the default)
		args = append([]string{"help"}, args[1:]...)
	}
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	if u, ok := groupUsage[cmd]; ok && len(args) == 1 && (isHelp(args[0]) || args[0] == "help") {
		fmt.Fprintln(stdout, u)
		return nil
	}
	// serve logs through slog, which quotes what it logs, and loadtest and
	// bare print only their own figures; every other command prints what
	// servers said and the console stored, escaped
	out, errOut := newShownWriter(stdout), newShownWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	ctx = withNotices(ctx, errOut)
	if cmd != "serve" {
		// only serve's start holds the collector off (startgc)
		startgc.Release()
	}
	switch cmd {
	case "serve":
		return runServe(ctx, args, stdout, stderr)
	case "loadtest":
		return runLoadtest(ctx, args, stdout)
	case "bare":
		return runBare(ctx, args, stdout)
	case "migrate":
		return runMigrate(ctx, args, out)
	case "compose":
		return runCompose(ctx, args, composeOutput(stdout, out), errOut)
	case "catalog":
		return runCatalog(ctx, args, out, errOut)
	case "eval":
		return runEval(ctx, args, out)
	case "user":
		return runUser(ctx, args, out)
	case "audit":
		return runAudit(ctx, args, out)
	case "apikey":
		return runAPIKey(ctx, args, out)
	case "approval":
		return runApproval(ctx, args, out)
	case "grant":
		return runGrant(ctx, args, out)
	case "connection":
		return runConnection(ctx, args, out, stderr)
	case "runs":
		return runRuns(ctx, args, out)
	case "backup":
		return runBackup(ctx, args, out)
	case "restore":
		return runRestore(ctx, args, out)
	case "help":
		fmt.Fprintln(out, usage)
		return nil
	}
	return &exitError{2, fmt.Errorf("unknown command %q\n%s", cmd, usage)}
}
