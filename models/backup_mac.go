package models

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// A backup is authenticated by its last line (docs: README, "Backups"):
//
//	AGENT-FORGE-CONSOLE-BACKUP-MAC 1 <key> <HMAC-SHA256 in hex>
//
// appended to the file (after END, or after a SQLite backup's pages) and
// computed over every byte before it with a key derived from one kept
// outside the database: CONSOLE_AUDIT_KEY when set (<key> audit-key),
// else the secrets key (secrets-key: CONSOLE_SECRETS_KEY or its key file).
// A restore checks it before it reads anything else, and a SQLite restore
// copies only the bytes before it.

const backupMACMagic = "AGENT-FORGE-CONSOLE-BACKUP-MAC 1 "

// Backup key sources: where the key a backup is authenticated with is kept.
const (
	BackupKeyAudit   = "audit-key"
	BackupKeySecrets = "secrets-key"
)

// BackupKey is a key that authenticates backups, and where it is kept.
type BackupKey struct {
	// Source is BackupKeyAudit (CONSOLE_AUDIT_KEY) or BackupKeySecrets.
	Source string
	Key    []byte
}

// describe names where the key is kept, for messages.
func describeBackupKey(source string) string {
	if source == BackupKeyAudit {
		return "CONSOLE_AUDIT_KEY"
	}
	return "the secrets key (CONSOLE_SECRETS_KEY or its key file)"
}

// macKey derives the backup MAC's key: never the configured key itself.
func (k BackupKey) macKey() []byte {
	m := hmac.New(sha256.New, k.Key)
	io.WriteString(m, "agent-forge-console backup mac v1") //nolint:errcheck // a hash
	return m.Sum(nil)
}

// signBackup appends the MAC line for the file's content to it.
func signBackup(path string, k BackupKey) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	m := hmac.New(sha256.New, k.macKey())
	if _, err := io.Copy(m, f); err != nil {
		f.Close()
		return err
	}
	if _, err := fmt.Fprintf(f, "%s%s %s\n", backupMACMagic, k.Source, hex.EncodeToString(m.Sum(nil))); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// BackupAuth is what CheckBackup found: the content's length (the MAC line
// excluded) and the key source that authenticated it ("" for a backup
// without a MAC line).
type BackupAuth struct {
	Size   int64
	Source string
}

// ErrUnauthenticatedBackup refuses a backup that carries no MAC line.
var ErrUnauthenticatedBackup = errors.New("it carries no MAC (made by an earlier version, or where neither CONSOLE_AUDIT_KEY nor a secrets key was set), so nothing shows it is the file the console wrote; pass --unauthenticated to restore it anyway")

// MissingBackupKeyError refuses a backup whose MAC names a key that is
// not configured here. Where, when the caller knows it, says where the
// restore looked for the key (the key file's path, the variables) and
// how to point at it; the error says it in place of a general advice.
type MissingBackupKeyError struct {
	Backup string
	Source string // BackupKeyAudit or BackupKeySecrets
	Where  string
}

func (e *MissingBackupKeyError) Error() string {
	todo := "set the one that made the backup"
	if e.Where != "" {
		todo = e.Where
	}
	return fmt.Sprintf("restore: %s is authenticated with %s, which is not configured here: %s; then restore (if that key is lost, pass --unauthenticated)", e.Backup, describeBackupKey(e.Source), todo)
}

// CheckBackup authenticates the backup at path with the key of keys whose
// source its MAC line names. With CONSOLE_AUDIT_KEY among keys, backups
// are authenticated with it alone: a MAC made with the secrets key is
// refused, naming the key expected. A backup without a MAC line is
// ErrUnauthenticatedBackup, and one whose key is not configured here (or
// lost) or whose MAC does not match is refused, unless unauthenticated:
// then its content (the MAC line excluded) is restored as not
// authenticated (Source "") — the restore still verifies its audit chain.
func CheckBackup(path string, keys []BackupKey, unauthenticated bool) (BackupAuth, error) {
	f, err := os.Open(path)
	if err != nil {
		return BackupAuth{}, fmt.Errorf("restore: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return BackupAuth{}, fmt.Errorf("restore: %w", err)
	}
	size := fi.Size()
	tail := make([]byte, min(size, 256))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return BackupAuth{}, fmt.Errorf("restore: %w", err)
	}
	i := bytes.LastIndex(tail, []byte(backupMACMagic))
	if i < 0 || !bytes.HasSuffix(tail, []byte("\n")) || bytes.Count(tail[i:], []byte("\n")) != 1 {
		if unauthenticated {
			return BackupAuth{Size: size}, nil
		}
		return BackupAuth{}, fmt.Errorf("restore: %s: %w", path, ErrUnauthenticatedBackup)
	}
	fields := strings.Fields(string(tail[i+len(backupMACMagic):]))
	content := size - int64(len(tail)-i)
	if unauthenticated {
		// the MAC is not checked: its key is lost, or not this one
		return BackupAuth{Size: content}, nil
	}
	if len(fields) != 2 || (fields[0] != BackupKeyAudit && fields[0] != BackupKeySecrets) {
		return BackupAuth{}, fmt.Errorf("restore: %s: its MAC line is unreadable", path)
	}
	source, want := fields[0], fields[1]
	var key *BackupKey
	audit := false
	for i := range keys {
		audit = audit || keys[i].Source == BackupKeyAudit && len(keys[i].Key) > 0
		if keys[i].Source == source && len(keys[i].Key) > 0 {
			key = &keys[i]
		}
	}
	if audit && source != BackupKeyAudit {
		return BackupAuth{}, fmt.Errorf("restore: %s is authenticated with %s, but CONSOLE_AUDIT_KEY is set, and backups here are authenticated with it (as backup makes them): expected a MAC under CONSOLE_AUDIT_KEY; nothing was restored (if the file is yours and its key is lost, pass --unauthenticated)", path, describeBackupKey(source))
	}
	if key == nil {
		return BackupAuth{}, &MissingBackupKeyError{Backup: path, Source: source}
	}
	m := hmac.New(sha256.New, key.macKey())
	if _, err := io.Copy(m, io.NewSectionReader(f, 0, content)); err != nil {
		return BackupAuth{}, fmt.Errorf("restore: %w", err)
	}
	if !hmac.Equal([]byte(hex.EncodeToString(m.Sum(nil))), []byte(want)) {
		return BackupAuth{}, fmt.Errorf("restore: %s does not match its MAC under %s: it was changed after the backup was made, or that key is not the one it was made with; nothing was restored (if the file is yours and its key is lost, pass --unauthenticated)", path, describeBackupKey(source))
	}
	return BackupAuth{Size: content, Source: source}, nil
}
