package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestKeyFileWithoutHardLinks: where the file system makes no hard links
// (the link fails EPERM, EXDEV, ENOTSUP), the key file is still created,
// whole, mode 0600, no temporary file left beside it, and an existing
// file is never replaced. Failed first: the start failed with the link's
// error and made no key file.
func TestKeyFileWithoutHardLinks(t *testing.T) {
	for _, errno := range []syscall.Errno{syscall.EPERM, syscall.EXDEV, syscall.ENOTSUP} {
		t.Run(errno.Error(), func(t *testing.T) {
			linkFile = func(oldname, newname string) error {
				return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: errno}
			}
			t.Cleanup(func() { linkFile = os.Link })
			dir := t.TempDir()
			path := filepath.Join(dir, "console.secrets.key")
			if err := createWhole(path, "k1\n"); err != nil {
				t.Fatalf("createWhole: %v", err)
			}
			b, err := os.ReadFile(path)
			st, serr := os.Stat(path)
			if err != nil || string(b) != "k1\n" || serr != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("the key file: %q %v, mode %v %v", b, err, st.Mode().Perm(), serr)
			}
			if err := createWhole(path, "k2\n"); !errors.Is(err, fs.ErrExist) {
				t.Errorf("over an existing key file: %v, want fs.ErrExist", err)
			}
			if b, _ := os.ReadFile(path); string(b) != "k1\n" {
				t.Errorf("the key file was replaced: %q", b)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("files left beside the key: %v", ents)
			}
		})
	}
}
