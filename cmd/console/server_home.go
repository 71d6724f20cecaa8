//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/agentforge/console/web/upstream"
)

// databaseURL is DATABASE_URL as serve read it (guardSecrets may remove
// it from the environment before serverHome runs).
var databaseURL string

// madeServerHome is the servers' HOME this process made in the temporary
// folder (on Postgres), removed when the command ends (removeServerHome).
var madeServerHome string

// removeServerHome removes the servers' HOME this process made fresh, with
// what its servers left in it (their servers have ended with the
// command): one start's folder, of no use to the next start, which makes
// its own. The folder beside a SQLite database stays: it is the servers'
// cache from start to start.
func removeServerHome() {
	if madeServerHome != "" {
		_ = os.RemoveAll(madeServerHome)
		madeServerHome = ""
	}
}

// serverHome gives the user stdio servers run as (when not the console's
// own) a HOME the console makes: server-home beside the SQLite database
// (on Postgres, a new folder of unpredictable name in the temporary
// folder at each start, removed when the console ends), owned by that
// user, mode 0700; a server's --env HOME still wins. The user's own HOME
// may not exist (nobody's is /nonexistent), and npx- or uvx-style servers
// need one to keep their cache.
func serverHome() error {
	uid, gid, ok := upstream.ServersUID()
	if !ok || uid == os.Geteuid() {
		return nil
	}
	db := databaseURL
	if db == "" {
		db = os.Getenv("DATABASE_URL")
	}
	var dir string
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		// a fresh folder with a name no other local user can take first
		tmp, err := os.MkdirTemp("", fmt.Sprintf("console-server-home-%d-", uid))
		if err != nil {
			return fmt.Errorf("CONSOLE_SERVER_USER: making the servers' HOME: %w", err)
		}
		dir, madeServerHome = tmp, tmp
	} else {
		db, _, _ = strings.Cut(strings.TrimPrefix(db, "sqlite://"), "?")
		if db == "" {
			db = "console.db"
		}
		dir = filepath.Join(filepath.Dir(db), "server-home")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := os.Mkdir(abs, 0o700); err != nil && !os.IsExist(err) {
		return fmt.Errorf("CONSOLE_SERVER_USER: making the servers' HOME %s: %w", abs, err)
	}
	// a folder someone else made (or a link) is not taken over
	fi, err := os.Lstat(abs)
	if err != nil {
		return err
	}
	st, _ := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || st == nil || (int(st.Uid) != uid && st.Uid != 0) {
		return &exitError{2, fmt.Errorf("CONSOLE_SERVER_USER: the servers' HOME %s is not a folder of that user or the console's", abs)}
	}
	if err := os.Chown(abs, uid, gid); err != nil {
		return err
	}
	if err := os.Chmod(abs, 0o700); err != nil {
		return err
	}
	upstream.SetServersHome(abs)
	return nil
}
