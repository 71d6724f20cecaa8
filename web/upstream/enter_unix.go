//go:build unix

package upstream

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// CannotEnter says why a stdio server could not enter dir, its working
// directory, naming the first directory on the way that refuses it; ""
// when it can. The server runs as the user RunServersAs set, judged by
// the directories' mode bits (the console, as root, enters every one:
// its own check would pass and every start of the server would then fail
// with EACCES), or else as the console's own user, judged by access(2).
func CannotEnter(dir string) string {
	dir = filepath.Clean(dir)
	if !filepath.IsAbs(dir) {
		return ""
	}
	u := runAs.Load()
	other := u != nil && uint32(os.Geteuid()) != u.uid && u.uid != 0
	p := "/"
	for _, part := range append([]string{""}, strings.Split(strings.TrimPrefix(dir, "/"), "/")...) {
		p = filepath.Join(p, part)
		if !other {
			if err := syscall.Access(p, 1); err != nil {
				return fmt.Sprintf("the console's user cannot enter %s (%v)", p, err)
			}
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			return "" // the caller's own check names a missing directory
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return ""
		}
		bit := os.FileMode(0o001)
		switch {
		case st.Uid == u.uid:
			bit = 0o100
		case st.Gid == u.gid:
			bit = 0o010
		}
		if fi.Mode().Perm()&bit == 0 {
			return fmt.Sprintf("user %s, whom stdio servers run as (CONSOLE_SERVER_USER), cannot enter %s (mode %04o, owner uid %d): make it enterable by that user, or choose another directory", u.name, p, fi.Mode().Perm(), st.Uid)
		}
	}
	return ""
}
