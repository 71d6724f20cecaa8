package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxTrackedFile is the largest file the repository may track.
const maxTrackedFile = 5 << 20

// TestRepositoryTracksNoBinaries: no file git tracks is a compiled
// program (ELF, PE, Mach-O) or larger than 5 MB: a binary built inside
// the tree and committed by mistake fails here, not in review.
func TestRepositoryTracksNoBinaries(t *testing.T) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("git rev-parse: %v (CI needs a git checkout)", err)
		}
		t.Skip("not a git checkout")
	}
	root := strings.TrimSpace(string(top))
	list, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range strings.Split(string(list), "\x00") {
		if name == "" {
			continue
		}
		path := filepath.Join(root, name)
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the work tree, a link or a submodule
		}
		n++
		if fi.Size() > maxTrackedFile {
			t.Errorf("%s is %d bytes, more than %d", name, fi.Size(), maxTrackedFile)
		}
		if kind := executableKind(t, path); kind != "" {
			t.Errorf("%s is a compiled program (%s)", name, kind)
		}
	}
	if n < 100 {
		t.Errorf("checked %d tracked files, want the repository's", n)
	}
}

// TestExecutableKind: the headers of compiled programs are recognised,
// text that merely starts like one is not.
func TestExecutableKind(t *testing.T) {
	pe := make([]byte, 0x90)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x80)
	copy(pe[0x80:], "PE\x00\x00")
	dir := t.TempDir()
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"elf":   {[]byte("\x7fELF\x02\x01\x01"), "ELF"},
		"pe":    {pe, "PE"},
		"macho": {[]byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}, "Mach-O"},
		"fat":   {[]byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}, "Mach-O"},
		"mz":    {[]byte("MZ is a postcode prefix, not a program header."), ""},
		"text":  {[]byte("package main\n"), ""},
		"empty": {nil, ""},
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, c.data, 0o600); err != nil {
			t.Fatal(err)
		}
		if got := executableKind(t, p); got != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
	}
}

// executableKind names the compiled-program format whose header the file
// at path starts with ("" when none).
func executableKind(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	head := make([]byte, 4096)
	k, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		t.Fatal(err)
	}
	head = head[:k]
	if bytes.HasPrefix(head, []byte("\x7fELF")) {
		return "ELF"
	}
	// 32- and 64-bit, either byte order, and a universal (fat) binary
	for _, m := range [][]byte{{0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}} {
		if bytes.HasPrefix(head, m) {
			return "Mach-O"
		}
	}
	if bytes.HasPrefix(head, []byte("MZ")) && len(head) >= 0x40 {
		off := int(binary.LittleEndian.Uint32(head[0x3c:]))
		if off >= 0 && off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "PE"
		}
	}
	return ""
}
