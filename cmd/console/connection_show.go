package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/shown"
	"github.com/agentforge/console/models"
)

// showConnection prints one connection, a field a line: its server, its
// status with when and why (the last real contact with its server) and
// what to do about a status that is not ok. A status that is not ok
// exits 1, so a script can watch it.
func showConnection(ctx context.Context, stdout io.Writer, name string) error {
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	c, err := store.ConnectionByName(ctx, name)
	if errors.Is(err, models.ErrNotFound) {
		return &exitError{1, fmt.Errorf("no connection named %s (console connection list shows them)", name)}
	}
	if err != nil {
		return err
	}
	h := store.Health(c)
	target := c.ShownURL()
	if c.Transport == models.TransportStdio {
		target = strings.Join(c.Argv(), " ")
	}
	line := func(k, v string) {
		if v != "" {
			fmt.Fprintf(stdout, "%-9s %s\n", k+":", shown.Line(v))
		}
	}
	line("name", c.Name)
	line("server", c.Transport+" "+target)
	line("status", h.Status)
	line("contact", contactText(h))
	if h.Status != models.ConnectionOK {
		line("why", h.Why)
	}
	line("to fix", h.Fix)
	sync := "never"
	if c.LastSync != nil {
		sync = c.LastSync.UTC().Format(time.RFC3339)
	}
	line("synced", sync)
	line("tools", fmt.Sprintf("%d (last sync: +%d ~%d -%d)", c.Tools, c.Added, c.Changed, c.Removed))
	if h.Status == models.ConnectionOK {
		line("warning", c.LastError)
	}
	line("env", models.PlainEnvText(c.PlainEnvVars()))
	line("dir", c.Dir)
	line("secrets", c.SecretNames)
	line("settings", c.Settings().Summary())
	if h.Status != models.ConnectionOK {
		return &exitError{1, fmt.Errorf("connection %s is %s", c.Name, h.Status)}
	}
	return nil
}

// contactText says when the server last answered or failed ("" when it
// was never reached).
func contactText(h models.ConnectionHealth) string {
	if h.At == nil {
		return ""
	}
	at := h.At.UTC().Format(time.RFC3339)
	switch h.Status {
	case models.ConnectionOK:
		return "answered " + at
	case models.ConnectionError:
		return "failed " + at
	}
	return "last contact " + at
}
