package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRestoreWordsFollowWhatHappened: restoring into an empty database
// printed "the database was empty" and then "ended 5 gateway sessions of
// the backup that the replaced database had ended", naming a replaced
// database there was none of. Each line says what happened: with no
// database replaced, no line speaks of one.
func TestRestoreWordsFollowWhatHappened(t *testing.T) {
	var empty bytes.Buffer
	printRestoredAccess(&empty, models.BackupResult{RestoredAccess: models.RestoredAccess{ActiveKeys: 2, SessionsClosed: 5}})
	if out := empty.String(); strings.Contains(out, "replaced database") || !strings.Contains(out, "5 gateway sessions") {
		t.Errorf("restore into an empty database says:\n%s\nwant the 5 sessions ended, and no replaced database", out)
	}
	var replaced bytes.Buffer
	printRestoredAccess(&replaced, models.BackupResult{ReplacedData: true, RestoredAccess: models.RestoredAccess{SessionsClosed: 1}})
	if out := replaced.String(); !strings.Contains(out, "1 gateway session of the backup that the replaced database had ended") {
		t.Errorf("restore over a database says:\n%s\nwant the session the replaced database had ended", out)
	}
}

// TestHelpNamesEveryRestoreFlag: console --help listed restore's --force
// and omitted --unauthenticated and --accept-broken-audit.
func TestHelpNamesEveryRestoreFlag(t *testing.T) {
	for _, f := range []string{"--force", "--unauthenticated", "--accept-broken-audit"} {
		if !strings.Contains(usage, f) {
			t.Errorf("console --help does not name restore's %s", f)
		}
	}
}
