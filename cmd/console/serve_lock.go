package main

import (
	"fmt"
	"net"
	"os"
	"time"

	"github.com/agentforge/console/models"
)

// lockServing takes, on a SQLite database, the lock a serving console
// holds (models.LockServing), saying who holds it: this process and the
// address it listens on. A restore then refuses while it runs. On
// Postgres it takes nothing (nil): a restore there leaves the running
// console refusing every write until it restarts.
func lockServing(addr string) (*models.ServeLock, error) {
	target, err := models.ParseDatabaseURL(os.Getenv("DATABASE_URL"))
	if err != nil || target.Dialect != models.DialectSQLite {
		return nil, nil // a bad URL is refused when the store opens
	}
	return models.LockServing(target.Path, servingWho(addr))
}

// servingWho names this console in its database's lock file.
func servingWho(addr string) string {
	return fmt.Sprintf("console serve (process %d, listening on %s, started %s)", os.Getpid(), addr, started.UTC().Format("2006-01-02 15:04 UTC"))
}

// started is when this process started.
var started = time.Now()

func displayURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil || host == "" || host == "::" || host == "0.0.0.0" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
