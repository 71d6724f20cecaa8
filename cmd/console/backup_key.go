package main

import (
	"context"
	"fmt"
	"os"

	"github.com/agentforge/console/models"
)

// backupKey is the key a backup is authenticated with: CONSOLE_AUDIT_KEY
// when set, else the secrets key (CONSOLE_SECRETS_KEY or its key file,
// which a SQLite set-up makes here if it has none yet, as serve would).
// Both are kept outside the database. Nil: neither is configured.
func backupKey(ctx context.Context, store *models.Store) (*models.BackupKey, error) {
	keys, _, err := restoreKeys()
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 && store.Dialect() == models.DialectSQLite {
		// a key file is made only where no sealed secret needs the old one
		if ensureSealKey(ctx, store) == nil {
			if keys, _, err = restoreKeys(); err != nil {
				return nil, err
			}
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	return &keys[0], nil
}

// restoreKeys lists the configured keys that may authenticate a backup,
// CONSOLE_AUDIT_KEY first, and returns CONSOLE_AUDIT_KEY itself.
func restoreKeys() ([]models.BackupKey, []byte, error) {
	var keys []models.BackupKey
	audit := []byte(os.Getenv("CONSOLE_AUDIT_KEY"))
	if len(audit) > 0 {
		if len(audit) < models.SecretBytes {
			return nil, nil, &exitError{2, fmt.Errorf("CONSOLE_AUDIT_KEY: use at least %d bytes (e.g. openssl rand -base64 %d)", models.SecretBytes, models.SecretBytes)}
		}
		keys = append(keys, models.BackupKey{Source: models.BackupKeyAudit, Key: audit})
	}
	sk, err := loadSealKey(false)
	if err != nil {
		return nil, nil, err
	}
	if sk != nil {
		keys = append(keys, models.BackupKey{Source: models.BackupKeySecrets, Key: sk})
	}
	return keys, audit, nil
}

// backupKeyName names where a backup key source is kept.
func backupKeyName(source string) string {
	if source == models.BackupKeyAudit {
		return "CONSOLE_AUDIT_KEY"
	}
	if f := sealKeyFile(); f != "" && os.Getenv("CONSOLE_SECRETS_KEY") == "" {
		return "the secrets key (the key file " + f + ")"
	}
	return "the secrets key (CONSOLE_SECRETS_KEY)"
}

// backupKeyLookedFor says where restore looked for a backup key it did
// not find, and how to point at it: the key file's path (beside the
// SQLite file, or CONSOLE_SECRETS_KEY_FILE's) and the variables.
func backupKeyLookedFor(source string) string {
	if source == models.BackupKeyAudit {
		return "CONSOLE_AUDIT_KEY is not set; set it to the key that made the backup"
	}
	f := sealKeyFile()
	if f == "" {
		return "CONSOLE_SECRETS_KEY is not set; set it to the key that made the backup"
	}
	which := "the key file " + f + " (beside the database DATABASE_URL names)"
	if os.Getenv("CONSOLE_SECRETS_KEY_FILE") != "" {
		which = "the key file " + f + " (CONSOLE_SECRETS_KEY_FILE)"
	}
	return "looked for " + which + ", which does not exist, and CONSOLE_SECRETS_KEY, which is not set; put the key file kept with the backup at " + f +
		", or set CONSOLE_SECRETS_KEY_FILE to its path, or CONSOLE_SECRETS_KEY to the key"
}
