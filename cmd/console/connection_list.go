package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/instruction/shown"
	"github.com/agentforge/console/models"
)

// listConnections prints one line per connection: its server, status,
// tools, last sync and contact, settings, plain environment, secrets'
// names and what is wrong.
func listConnections(ctx context.Context, stdout io.Writer) error {
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	cs, err := store.Connections(ctx)
	if err != nil {
		return err
	}
	if len(cs) == 0 {
		fmt.Fprintln(stdout, "no connections")
	}
	for _, c := range cs {
		target := c.ShownURL()
		if c.Transport == models.TransportStdio {
			target = strings.Join(c.Argv(), " ")
		}
		last := "never synced"
		if c.LastSync != nil {
			last = "synced " + c.LastSync.Format(time.RFC3339)
		}
		h := store.Health(&c)
		fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\t%s", c.Name, c.Transport, target, h.Status, plural.Count(c.Tools, "tool"), last)
		if at := contactText(h); at != "" {
			fmt.Fprintf(stdout, "\t%s", at)
		}
		if set := c.Settings().Summary(); set != "" {
			fmt.Fprintf(stdout, "\tsettings: %s", set)
		}
		if env := models.PlainEnvText(c.PlainEnvVars()); env != "" {
			fmt.Fprintf(stdout, "\tenv: %s", shown.Line(env))
		}
		if c.Dir != "" {
			fmt.Fprintf(stdout, "\tdir: %s", shown.Line(c.Dir))
		}
		if c.SecretNames != "" {
			fmt.Fprintf(stdout, "\tsecrets: %s", c.SecretNames)
		}
		switch {
		case h.Status != models.ConnectionOK && h.Why != "":
			fmt.Fprintf(stdout, "\terror: %s", shown.Line(h.Why))
		case c.LastError != "":
			fmt.Fprintf(stdout, "\terror: %s", shown.Line(c.LastError))
		}
		if w := runtime.OrdinarySecretsWarning(runtime.StoredOrdinarySecretNames(store, &c)); w != "" {
			fmt.Fprintf(stdout, "\twarning: %s", w)
		}
		if h.Fix != "" {
			fmt.Fprintf(stdout, "\tto fix: %s", shown.Line(h.Fix))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// warnOrdinary warns on stderr of the secrets names whose values look
// like ordinary text (runtime.OrdinarySecretNames), never their values.
func warnOrdinary(stderr io.Writer, names []string) {
	if w := runtime.OrdinarySecretsWarning(names); w != "" {
		fmt.Fprintf(stderr, "console: warning: %s\n", w)
	}
}
