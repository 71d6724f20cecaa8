package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentforge/console/models"
)

// sealKeyFile is where the generated secrets key of an embedded set-up
// lives: beside the SQLite file, never in it (CONSOLE_SECRETS_KEY_FILE
// overrides). On Postgres there is none: every replica must share one
// key, so it is configured (CONSOLE_SECRETS_KEY).
func sealKeyFile() string {
	if f := os.Getenv("CONSOLE_SECRETS_KEY_FILE"); f != "" {
		return f
	}
	db := os.Getenv("DATABASE_URL")
	if strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://") {
		return ""
	}
	db, _, _ = strings.Cut(strings.TrimPrefix(db, "sqlite://"), "?")
	if db == "" {
		db = "console.db"
	}
	return filepath.Join(filepath.Dir(db), "console.secrets.key")
}

// loadSealKey reads the key that seals connection secrets:
// CONSOLE_SECRETS_KEY (at least 32 bytes), else the key file; with create
// a missing file is generated (mode 0600). Nil without error: none.
func loadSealKey(create bool) ([]byte, error) {
	if v := os.Getenv("CONSOLE_SECRETS_KEY"); v != "" {
		if len(strings.TrimSpace(v)) < models.SecretBytes {
			return nil, &exitError{2, fmt.Errorf("CONSOLE_SECRETS_KEY: use at least %d bytes (e.g. openssl rand -base64 %d)", models.SecretBytes, models.SecretBytes)}
		}
		return []byte(v), nil
	}
	path := sealKeyFile()
	if path == "" {
		if create {
			return nil, &exitError{2, errors.New("CONSOLE_SECRETS_KEY is required on Postgres to store connection secrets (every replica must use the same key)")}
		}
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err == nil {
		k := strings.TrimSpace(string(b))
		if len(k) < models.SecretBytes {
			return nil, &exitError{2, fmt.Errorf("%s: the key file holds fewer than %d bytes", path, models.SecretBytes)}
		}
		return []byte(k), nil
	}
	if !errors.Is(err, fs.ErrNotExist) || !create {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	raw := make([]byte, models.SecretBytes)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	k := base64.RawStdEncoding.EncodeToString(raw)
	err = createWhole(path, k+"\n")
	if errors.Is(err, fs.ErrExist) {
		return loadSealKey(false) // another start made it first: its key
	}
	if err != nil {
		return nil, fmt.Errorf("secrets key file %s: %w", path, err)
	}
	return []byte(k), nil
}

// createWhole makes a new file at path (mode 0600) holding text, whole
// or not at all: written and synced beside it first, then linked in
// place. A link never replaces a file (fs.ErrExist: another process made
// it first), and a process reading path never sees it part written. Where
// the file system has no hard links (noHardLinks) the file is created
// exclusively in place instead, mode 0600, still never replacing one.
func createWhole(path, text string) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	err = linkFile(tmp.Name(), path)
	if noHardLinks(err) {
		return createExclusive(path, text)
	}
	return err
}

// ensureSealKey gives the store a secrets key, generating the key file
// when neither it nor CONSOLE_SECRETS_KEY exists — but never when the
// database already holds sealed values (a restored backup without its
// key): a new key would not open them, so it says which key is missing.
// A key that does not open them is refused as well (checkSealKey).
func ensureSealKey(ctx context.Context, store *models.Store) error {
	k, err := loadSealKey(false)
	if err != nil {
		return err
	}
	if k == nil {
		if err := checkSealKey(ctx, store); err != nil {
			return err
		}
	}
	k, err = loadSealKey(true)
	if err != nil {
		return err
	}
	if k != nil {
		store.SetSealKey(k)
	}
	return checkSealKey(ctx, store)
}

// checkSealKey refuses (exit 1) a store whose secrets key (none, or
// another one) does not open the connection secrets the database holds
// sealed, naming the connections and the key: a server started so would
// fail each of their syncs and calls later, and a new key must never be
// made over them. Postgres' start calls it alone (there the key is only
// configured: CONSOLE_SECRETS_KEY).
func checkSealKey(ctx context.Context, store *models.Store) error {
	bad, err := store.SealedUnopened(ctx)
	if err != nil || len(bad) == 0 {
		return err
	}
	what := "connection " + strings.Join(bad, ", ")
	if len(bad) > 1 {
		what = "connections " + strings.Join(bad, ", ")
	}
	k, err := loadSealKey(false)
	if err != nil {
		return err
	}
	if k == nil {
		where := "CONSOLE_SECRETS_KEY is not set"
		if f := sealKeyFile(); f != "" {
			where = "the key file " + f + " is missing and CONSOLE_SECRETS_KEY is not set"
		}
		return &exitError{1, fmt.Errorf("the secrets of %s are sealed with a secrets key, but %s: restore the key kept with the backup (the file, or CONSOLE_SECRETS_KEY); a new key would not open them, so none is created", what, where)}
	}
	which := "CONSOLE_SECRETS_KEY"
	if os.Getenv("CONSOLE_SECRETS_KEY") == "" {
		which = "the key file " + sealKeyFile()
	}
	return &exitError{1, fmt.Errorf("the secrets of %s do not open with the configured secrets key (%s): set the key they were sealed with, kept with the backup", what, which)}
}

// serveSealKey readies the secrets key for serve: SQLite keeps a
// generated key beside its file (ensureSealKey); Postgres' is configured,
// and checked against what is sealed (checkSealKey).
func serveSealKey(ctx context.Context, store *models.Store) error {
	if store.Dialect() == models.DialectSQLite {
		return ensureSealKey(ctx, store)
	}
	return checkSealKey(ctx, store)
}
