package upstream

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestServerUserHintFollowsTheCause: a server that fails to start while
// servers run as another user gets the hint to make its files readable
// by that user only when the failure is a permission refused (the
// program not executable, a file the server opens, said in its stderr);
// a timeout, a missing program or a server that quits says its own cause
// with no hint that would send the admin the wrong way.
func TestServerUserHintFollowsTheCause(t *testing.T) {
	old := runAs.Load()
	runAs.Store(&serverUser{name: "nobody", uid: 65534, gid: 65534})
	t.Cleanup(func() { runAs.Store(old) })
	const hint = "must be readable by that user"
	permission := []error{
		&exec.Error{Name: "/root/bin/srv", Err: fs.ErrPermission},
		&os.PathError{Op: "fork/exec", Path: "/root/bin/srv", Err: syscall.EACCES},
		&StartError{Err: errors.New("EOF"), Stderr: "Error: EACCES: permission denied, open '/root/.config/x.json'"},
		&StartError{Err: errors.New("EOF"), Stderr: "PermissionError: [Errno 13] Permission denied: '/root/data'"},
		&StartError{Err: errors.New("EOF"), Stderr: "open /root/key: operation not permitted"},
	}
	for _, err := range permission {
		if got := asUserHint(err); !strings.Contains(got.Error(), hint) || !errors.Is(got, err) {
			t.Errorf("%v: %v, want the hint", err, got)
		}
	}
	other := []error{
		context.DeadlineExceeded,
		fmt.Errorf("calling initialize: %w", context.DeadlineExceeded),
		&StartError{Err: context.DeadlineExceeded, Stderr: "listening on stdio"},
		&exec.Error{Name: "srv", Err: exec.ErrNotFound},
		&StartError{Err: errors.New("EOF"), Stderr: "TypeError: cannot read properties of undefined"},
		&StartError{Err: context.DeadlineExceeded, Stderr: "warning: permission denied reading optional /etc/x; continuing"},
	}
	for _, err := range other {
		if got := asUserHint(err); strings.Contains(got.Error(), hint) {
			t.Errorf("%v: %v, want no hint", err, got)
		}
	}
}
