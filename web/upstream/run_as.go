package upstream

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"strings"
	"sync/atomic"
)

// A console running as root would run its stdio servers as root too, and
// root reads every process's environment and memory and every file (the
// console's own /proc/<pid>/environ, the SQLite database and its key
// file). RunServersAs names an unprivileged user the servers run as
// instead (serve: CONSOLE_SERVER_USER, default nobody when the console is
// root).

// serverUser is the user stdio servers run as (nil: the console's own).
type serverUser struct {
	name     string
	uid, gid uint32
	home     string
}

var runAs atomic.Pointer[serverUser]

// RunningServersAs is the user stdio servers run as ("": the console's
// own).
func RunningServersAs() string {
	if u := runAs.Load(); u != nil {
		return u.name
	}
	return ""
}

// RunningServersHome is the HOME stdio servers get when they run as
// another user ("": the console's own user, or that user's own HOME).
func RunningServersHome() string {
	if u := runAs.Load(); u != nil {
		return u.home
	}
	return ""
}

// SetServersHome gives the servers' user HOME dir (a folder the console
// made for it) instead of its own (nobody's is /nonexistent); nothing when
// servers run as the console's own user.
func SetServersHome(dir string) {
	if u := runAs.Load(); u != nil {
		c := *u
		c.home = dir
		runAs.Store(&c)
	}
}

// ServersUID is the uid and gid stdio servers run as (ok false: the
// console's own).
func ServersUID() (uid, gid int, ok bool) {
	if u := runAs.Load(); u != nil {
		return int(u.uid), int(u.gid), true
	}
	return 0, 0, false
}

// asServerUser sets cmd to run as the server user, when one is set: its
// uid and gid, no supplementary group, and HOME, USER and LOGNAME its own
// unless the connection's --env (own) gives them.
func asServerUser(cmd *exec.Cmd, own map[string]string) {
	u := runAs.Load()
	if u == nil {
		return
	}
	setCredential(cmd, u)
	set := map[string]string{"HOME": u.home, "USER": u.name, "LOGNAME": u.name}
	env := cmd.Env[:0:0]
	for _, kv := range cmd.Env {
		k, _, _ := strings.Cut(kv, "=")
		if _, ours := set[k]; ours {
			if _, mine := own[k]; !mine {
				continue
			}
		}
		env = append(env, kv)
	}
	for k, v := range set {
		if _, mine := own[k]; !mine && v != "" {
			env = append(env, k+"="+v)
		}
	}
	cmd.Env = env
}

// asUserHint is a server's failure to start, saying which user it ran as
// when that is not the console's and the failure is a permission refused
// (permissionRefused): a program or file only root may read (a tool
// installed under /root) is the usual cause. Any other failure (a
// timeout, a missing program, a server that quit) is left to say its own
// cause.
func asUserHint(err error) error {
	u := runAs.Load()
	if err == nil || u == nil || !permissionRefused(err) {
		return err
	}
	return fmt.Errorf("%w (the server runs as user %s, CONSOLE_SERVER_USER: its program and every file it needs must be readable by that user)", err, u.name)
}

// permissionRefused says whether err is a start refused for want of a
// permission: the operating system's (starting the program), or the
// server's own stderr saying so (a file it opens), and not a wait that
// ran out or was given up (whatever the stderr says then, the timeout
// is what the admin must look at).
func permissionRefused(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	if errors.Is(err, fs.ErrPermission) {
		return true
	}
	var se *StartError
	if !errors.As(err, &se) {
		return false
	}
	tail := strings.ToLower(se.Stderr)
	for _, w := range []string{"permission denied", "eacces", "eperm", "operation not permitted"} {
		if strings.Contains(tail, w) {
			return true
		}
	}
	return false
}
