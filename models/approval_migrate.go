package models

import (
	"gorm.io/gorm"
)

// migrateApprovalWithdrawals (migration 114) records who took an
// approval back, when and why.
func migrateApprovalWithdrawals(tx *gorm.DB, _ string) error {
	return addColumns(tx, &Approval{}, "WithdrawnBy", "WithdrawnAt", "WithdrawReason")
}

// addColumns adds to model's table each of the named fields' columns it
// does not have yet, so a migration can run again on a table that has
// some of them.
func addColumns(tx *gorm.DB, model any, fields ...string) error {
	for _, f := range fields {
		if tx.Migrator().HasColumn(model, f) {
			continue
		}
		if err := tx.Migrator().AddColumn(model, f); err != nil {
			return err
		}
	}
	return nil
}

// migrateApprovalArguments (migration 240) binds an approval request to
// one call's arguments: their digest and the reviewer's view of them.
// Existing requests keep "": made without arguments, they hold as before.
func migrateApprovalArguments(tx *gorm.DB, _ string) error {
	return addColumns(tx, &Approval{}, "ArgsDigest", "ArgsView")
}

// migrateApprovalKeys (migration 243) records the runtime key a request
// was filed through; earlier requests keep 0 (none known).
func migrateApprovalKeys(tx *gorm.DB, _ string) error {
	return addColumns(tx, &Approval{}, "KeyID")
}

// migrateApprovalCalls (migration 242) indexes approval requests by their
// call, which RequestApproval and CallApproval look them up by.
func migrateApprovalCalls(tx *gorm.DB, _ string) error {
	return tx.Exec("CREATE INDEX IF NOT EXISTS idx_approvals_call ON approvals (agent, subject, tool, digest, args_digest)").Error
}

// migrateApprovalRuns (migration 113) records the run that filed an
// approval request.
func migrateApprovalRuns(tx *gorm.DB, _ string) error {
	if tx.Migrator().HasColumn(&Approval{}, "Run") {
		return nil
	}
	if err := tx.Migrator().AddColumn(&Approval{}, "Run"); err != nil {
		return err
	}
	return tx.Migrator().CreateIndex(&Approval{}, "Run")
}

// migrateApprovals (migration 111) adds approval requests.
func migrateApprovals(tx *gorm.DB, _ string) error {
	return tx.Migrator().CreateTable(&Approval{})
}

// migrateApprovalHidden (migration 248) records whether a request's view
// hides anything of its arguments. Requests filed before it are read by
// the marks the maskers wrote then and by the views that showed nothing.
func migrateApprovalHidden(tx *gorm.DB, _ string) error {
	if err := addColumns(tx, &Approval{}, "ArgsHidden"); err != nil {
		return err
	}
	return tx.Exec(`UPDATE approvals SET args_hidden = ? WHERE args_view LIKE ? OR args_view LIKE ? OR args_view LIKE ? OR args_view LIKE ?`,
		true, "%[masked]%", "%[credential]%", "%[secret]%", "(the arguments %").Error
}

// migrateConnectionEditors (migration 247) records who last changed a
// connection's source; existing rows start with who added them.
func migrateConnectionEditors(tx *gorm.DB, _ string) error {
	if err := addColumns(tx, &Connection{}, "EditedBy"); err != nil {
		return err
	}
	return tx.Exec("UPDATE connections SET edited_by = created_by WHERE edited_by = '' AND created_by IS NOT NULL").Error
}
