package models

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupMACKeyRules: with CONSOLE_AUDIT_KEY configured, backups are
// authenticated with it: one whose MAC was made with the secrets key is
// refused, naming the key expected (a secrets key alone is the weaker
// of the two: an attacker holding it could forge the file). A backup
// whose key is lost (a MAC under a source not configured, or one that
// does not match) restores only with --unauthenticated, which copies its
// content without the MAC line; without a MAC line it is the same.
func TestBackupMACKeyRules(t *testing.T) {
	dir := t.TempDir()
	content := "AGENT-FORGE-CONSOLE-BACKUP\n{}\nEND\n"
	audit := BackupKey{Source: BackupKeyAudit, Key: []byte(strings.Repeat("a", SecretBytes))}
	secrets := BackupKey{Source: BackupKeySecrets, Key: []byte(strings.Repeat("s", SecretBytes))}
	lost := BackupKey{Source: BackupKeyAudit, Key: []byte(strings.Repeat("l", SecretBytes))}
	signed := func(name string, k BackupKey) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := signBackup(p, k); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bySecrets, byLost, byAudit := signed("secrets", secrets), signed("lost", lost), signed("audit", audit)
	both := []BackupKey{audit, secrets}

	if a, err := CheckBackup(byAudit, both, false); err != nil || a.Source != BackupKeyAudit {
		t.Fatalf("the audit key's backup: %+v %v", a, err)
	}
	if a, err := CheckBackup(bySecrets, []BackupKey{secrets}, false); err != nil || a.Source != BackupKeySecrets {
		t.Fatalf("the secrets key's backup where no audit key is set: %+v %v", a, err)
	}
	_, err := CheckBackup(bySecrets, both, false)
	if err == nil || !strings.Contains(err.Error(), "CONSOLE_AUDIT_KEY") || !strings.Contains(err.Error(), "--unauthenticated") {
		t.Errorf("the secrets key's backup where CONSOLE_AUDIT_KEY is set: %v, want a refusal naming the key expected", err)
	}
	if _, err := CheckBackup(byLost, both, false); err == nil || !strings.Contains(err.Error(), "--unauthenticated") {
		t.Errorf("a backup whose key is lost: %v, want a refusal naming --unauthenticated", err)
	}
	for _, p := range []string{bySecrets, byLost} {
		a, err := CheckBackup(p, both, true)
		if err != nil || a.Source != "" || a.Size != int64(len(content)) {
			t.Errorf("%s --unauthenticated: %+v %v, want its content, not authenticated", filepath.Base(p), a, err)
		}
	}
	bare := filepath.Join(dir, "bare")
	if err := os.WriteFile(bare, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckBackup(bare, both, false); !errors.Is(err, ErrUnauthenticatedBackup) {
		t.Errorf("no MAC line: %v", err)
	}
}
