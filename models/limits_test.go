package models_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// schemaModels is every table's model. The Postgres half of the test
// below fails when a sized column exists that no model here declares:
// add a new table's model to this list.
var schemaModels = []any{
	&models.User{}, &models.Session{}, &models.LoginAttempt{}, &models.AuditEvent{}, &models.Tool{}, &models.CatalogState{},
	&models.Agent{}, &models.Profile{}, &models.ProfileVersion{},
	&models.Skill{}, &models.SkillVersion{}, &models.SkillLabel{}, &models.Proposal{}, &models.ProposalRevision{}, &models.Review{},
	&models.APIKey{}, &models.Receipt{}, &models.ReceiptReader{}, &models.RunEvent{}, &models.ServerSecret{},
	&models.Group{}, &models.GroupVersion{}, &models.Binding{}, &models.CheckCounter{},
	&models.SelectionCaseSet{}, &models.HintProposal{}, &models.InboxRead{},
	&models.Approval{}, &models.Connection{}, &models.GatewaySession{}, &models.IdempotentCall{}, &models.ReceiptReader{},
	&models.RunOwner{}, &models.APIKeySuspension{}, &models.ConnectionDir{}, &models.ConnectionShaper{},
}

// TestEveryColumnLimitIsCheckedBeforeTheDatabase walks every
// sized string column of the schema: a value one character over the limit
// (multi-byte characters, since Postgres counts characters) is refused as
// a validation error naming the column before the database sees it, on
// both databases; a value at the limit passes the check. On Postgres the
// walk is checked against the database's own list of limited columns.
func TestEveryColumnLimitIsCheckedBeforeTheDatabase(t *testing.T) {
	limits, err := models.ColumnLimits(schemaModels...)
	if err != nil {
		t.Fatal(err)
	}
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for _, m := range schemaModels {
			typ := reflect.TypeOf(m).Elem()
			for _, l := range limits {
				f, ok := typ.FieldByName(l.Field)
				if !ok || !strings.EqualFold(tableOf(t, m), l.Table) {
					continue
				}
				for _, n := range []int{l.Size + 1, l.Size} {
					row := reflect.New(typ)
					row.Elem().FieldByIndex(f.Index).SetString(strings.Repeat("é", n))
					err := s.Create(ctx, row.Interface())
					var ve *models.ValidationError
					over := errors.As(err, &ve) && ve.Fields[l.Column] != ""
					if n > l.Size && !over {
						t.Errorf("%s.%s: %d characters over a limit of %d: %v", l.Table, l.Column, n, l.Size, err)
					}
					if n == l.Size && over {
						t.Errorf("%s.%s: %d characters refused at a limit of %d", l.Table, l.Column, n, l.Size)
					}
				}
			}
		}
		if s.Dialect() != models.DialectPostgres {
			return
		}
		var cols []struct {
			TableName              string
			ColumnName             string
			CharacterMaximumLength int
		}
		if err := s.RawScan(ctx, &cols, "SELECT table_name, column_name, character_maximum_length FROM information_schema.columns WHERE table_schema = current_schema() AND character_maximum_length IS NOT NULL"+
			// a partition's columns are its table's (run_events by day)
			" AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition AND relnamespace = current_schema()::regnamespace)"); err != nil {
			t.Fatal(err)
		}
		walked := map[string]int{}
		for _, l := range limits {
			walked[l.Table+"."+l.Column] = l.Size
		}
		for _, c := range cols {
			if c.TableName == "schema_migrations" {
				continue
			}
			if walked[c.TableName+"."+c.ColumnName] != c.CharacterMaximumLength {
				t.Errorf("column %s.%s (varchar %d) is not walked by this test: add its model to schemaModels", c.TableName, c.ColumnName, c.CharacterMaximumLength)
			}
		}
		t.Logf("%d limited columns walked, %d in the database", len(limits), len(cols))
	})
	// the catalog's own validation agrees with the columns it fills
	for _, l := range limits {
		if l.Table == "tools" && l.Column == "id" && l.Size != catalog.MaxIDLength {
			t.Errorf("tools.id is %d, catalog.MaxIDLength %d", l.Size, catalog.MaxIDLength)
		}
		if l.Table == "tools" && l.Column == "namespace" && l.Size != catalog.MaxNamespaceLength {
			t.Errorf("tools.namespace is %d, catalog.MaxNamespaceLength %d", l.Size, catalog.MaxNamespaceLength)
		}
	}
}

func tableOf(t *testing.T, m any) string {
	ls, err := models.ColumnLimits(m)
	if err != nil || len(ls) == 0 {
		return ""
	}
	return ls[0].Table
}
