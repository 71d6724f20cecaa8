package models

import (
	"context"

	"gorm.io/gorm"
)

// migrations is the schema's history; append, never edit.
var migrations = []Migration{
	{1, "users, sessions, login attempts, audit log, tools", func(tx *gorm.DB, dialect string) error {
		if err := tx.Migrator().CreateTable(&User{}, &Session{}, &LoginAttempt{}, &AuditEvent{}, &Tool{}, &CatalogState{}); err != nil {
			return err
		}
		return tx.Create(&CatalogState{ID: 1, Generation: 1}).Error
	}},
	{2, "agents, profiles, profile versions", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&Agent{}, &Profile{}, &ProfileVersion{})
	}},
	{3, "skills, versions, labels, proposals, revisions, reviews", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&Skill{}, &SkillVersion{}, &SkillLabel{}, &Proposal{}, &ProposalRevision{}, &Review{})
	}},
	{4, "append-only audit log on Postgres", func(tx *gorm.DB, dialect string) error {
		if dialect != DialectPostgres {
			return nil // SQLite has no such trigger language; the hash chain still detects edits
		}
		return tx.Exec(`CREATE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
	RAISE EXCEPTION 'audit_events is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_events_no_update_delete BEFORE UPDATE OR DELETE ON audit_events
	FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();`).Error
	}},
	{5, "api keys, composition receipts", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&APIKey{}, &Receipt{})
	}},
	{6, "configuration generation", func(tx *gorm.DB, dialect string) error {
		// databases created after this column joined the model already have it
		if tx.Migrator().HasColumn(&CatalogState{}, "config_generation") {
			return nil
		}
		return tx.Exec("ALTER TABLE catalog_states ADD COLUMN config_generation BIGINT NOT NULL DEFAULT 1").Error
	}},
	// deferred (10-19)
	{10, "deferred run evidence", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&RunEvent{})
	}},
	// hardening (30-39)
	{30, "server secrets", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&ServerSecret{})
	}},
	{31, "reviews bind to a revision", func(tx *gorm.DB, dialect string) error {
		if !tx.Migrator().HasColumn(&Review{}, "revision") {
			if err := tx.Exec("ALTER TABLE reviews ADD COLUMN revision INTEGER NOT NULL DEFAULT 0").Error; err != nil {
				return err
			}
		}
		// an existing review was given for the newest revision with its
		// digest that existed when it was written
		return tx.Exec(`UPDATE reviews SET revision = COALESCE((SELECT MAX(r.revision) FROM proposal_revisions r
			WHERE r.proposal_id = reviews.proposal_id AND r.digest = reviews.digest AND r.created_at <= reviews.created_at), 0) WHERE revision = 0`).Error
	}},
	{32, "keyed audit chain; TRUNCATE refused on Postgres", func(tx *gorm.DB, dialect string) error {
		if !tx.Migrator().HasColumn(&AuditEvent{}, "keyed") {
			// adding a column fires no row trigger: older events stay
			// unkeyed and verify as before; every new one is keyed
			if err := tx.Exec("ALTER TABLE audit_events ADD COLUMN keyed BOOLEAN NOT NULL DEFAULT false").Error; err != nil {
				return err
			}
		}
		if dialect != DialectPostgres {
			return nil
		}
		return tx.Exec(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
	FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`).Error
	}},
	// selection: migrations 40-49
	{40, "selection cases per agent, versioned", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&SelectionCaseSet{})
	}},
	{41, "search hint proposals", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&HintProposal{})
	}},
	{42, "built-in tools stored before the built-in catalog had search hints gain them", dataMigration(syncBuiltinHints)},
	// authority: migrations 20-29
	{20, "authority: groups and versioned grants, bindings, check counters, the capability ledger", migrateAuthority},
	{21, "bindings can be revoked by an admin", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"RevokedAt", "RevokedBy"} {
			if !tx.Migrator().HasColumn(&Binding{}, col) {
				if err := tx.Migrator().AddColumn(&Binding{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{22, "bindings record the subject's group set", func(tx *gorm.DB, dialect string) error {
		if tx.Migrator().HasColumn(&Binding{}, "GroupSet") {
			return nil
		}
		return tx.Migrator().AddColumn(&Binding{}, "GroupSet")
	}},
	// authority loops: migrations 110-129
	{110, "bindings pin catalog and policy generations, profile, groups and approval, and record their first invalidation", migrateStickyBindings},
	{111, "approval requests", migrateApprovals},
	{112, "gateway sessions keep the conversation's set (tools, without)", migrateGatewaySessionSets},
	{113, "approval requests record the run whose check filed them", migrateApprovalRuns},
	{114, "approvals record who withdrew them, when and why", migrateApprovalWithdrawals},
	// console ux: migrations 60-69
	{60, "closed proposals keep the production version they were judged against and the approvals that counted", migrateClosedProposals},
	// contracts (70-79)
	{70, "available tools the stricter contract checks refuse are rejected", dataMigration(revalidateTools)},
	{71, "available tools whose text holds invisible, control or direction-changing characters are rejected", dataMigration(revalidateTools)},
	{72, "available tools that take the id of a tool the console provides (search_tools, load_skill) are rejected", dataMigration(revalidateTools)},
	{73, "imported tools awaiting review whose effects hint read silence as external-write get MCP's default, destructive", dataMigration(rehintSilentEffects)},
	// import as published: migrations 100-109
	{100, "tools keep the reasons and descriptor of a rejection at import", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"reasons", "descriptor"} {
			if tx.Migrator().HasColumn(&Tool{}, col) {
				continue // created with the table
			}
			if err := tx.Exec("ALTER TABLE tools ADD COLUMN " + col + " TEXT NOT NULL DEFAULT ''").Error; err != nil {
				return err
			}
		}
		return nil
	}},
	// gateway: migrations 130-149
	{130, "connections to upstream MCP servers", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&Connection{})
	}},
	{131, "gateway sessions (one MCP session, one run) and idempotent call outcomes", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&GatewaySession{}, &IdempotentCall{})
	}},
	{133, "profile versions carry a gateway run's budgets of searches and calls", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"SearchBudget", "CallBudget"} {
			if !tx.Migrator().HasColumn(&ProfileVersion{}, col) {
				if err := tx.Migrator().AddColumn(&ProfileVersion{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{132, "run evidence of gateway calls: latency, result bytes, status", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"LatencyUS", "ResultBytes", "CallStatus"} {
			if !tx.Migrator().HasColumn(&RunEvent{}, col) {
				if err := tx.Migrator().AddColumn(&RunEvent{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{134, "idempotency records keep a keyed digest of the call's arguments (a key reused with other arguments is refused)", func(tx *gorm.DB, dialect string) error {
		if tx.Migrator().HasColumn(&IdempotentCall{}, "ArgsDigest") {
			return nil
		}
		return tx.Migrator().AddColumn(&IdempotentCall{}, "ArgsDigest")
	}},
	{137, "idempotency keys hold per agent, subject and tool across sessions (not per run), and an open claim has a lease", migrateIdempotencyScope},
	{136, "connections keep an admin's settings: call timeout, longest restart backoff, stderr lines kept", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"TimeoutMS", "RestartBackoffMS", "StderrLines"} {
			if !tx.Migrator().HasColumn(&Connection{}, col) {
				if err := tx.Migrator().AddColumn(&Connection{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{138, "connections keep their last real contact with the server: when, and why it failed", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"ContactAt", "ContactError"} {
			if !tx.Migrator().HasColumn(&Connection{}, col) {
				if err := tx.Migrator().AddColumn(&Connection{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{135, "gateway sessions keep the tools they were shown and the digest of their last tool list", migrateGatewaySessionShown},
	// leak check: migrations 180-189
	{180, "a reviewer's rewording of a tool's description, bound to the digest it was written for", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"ReviewedPurpose", "ReviewedPurposeDigest", "ReviewedPurposeBy"} {
			if !tx.Migrator().HasColumn(&Tool{}, col) {
				if err := tx.Migrator().AddColumn(&Tool{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{181, "a reviewer's rewordings of a tool's parameter descriptions, bound to the digest they were written for", func(tx *gorm.DB, dialect string) error {
		for _, col := range []string{"ReviewedParams", "ReviewedParamsDigest", "ReviewedParamsBy"} {
			if !tx.Migrator().HasColumn(&Tool{}, col) {
				if err := tx.Migrator().AddColumn(&Tool{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	// hardening (150-169)
	{150, "the audit chain's unkeyed past (events before migration 32) is sealed once with a keyed event", dataMigration(func(ctx context.Context, s *Store) error { return s.SealUnkeyedPast(ctx) })},
	{151, "composition receipts: each owner's own inputs, subject ids kept as digests", func(tx *gorm.DB, dialect string) error {
		if err := tx.Migrator().CreateTable(&ReceiptReader{}); err != nil {
			return err
		}
		return dataMigration(scrubReceipts)(tx, dialect)
	}},
	{152, "proposals never submitted for review (drafts, drafts withdrawn unsubmitted) are marked private", migratePrivateProposals},
	// editing (170-179)
	{170, "selection case sets keep the suite as the person typed it", func(tx *gorm.DB, dialect string) error {
		if tx.Migrator().HasColumn(&SelectionCaseSet{}, "Source") {
			return nil
		}
		return tx.Migrator().AddColumn(&SelectionCaseSet{}, "Source")
	}},
	// approvals bound to a call's arguments (240-249)
	{240, "an approval request made for one call keeps its arguments' keyed digest and the reviewer's view of them (secrets masked, bounded)", migrateApprovalArguments},
	{241, "gateway sessions keep a keyed digest of their subject instead of the subject in clear; every request must send that subject again", migrateGatewaySessionSubjects},
	{242, "approval requests are found by their call (agent, subject, tool, digest, arguments digest): one pending request per call across sessions and callers", migrateApprovalCalls},
	{243, "approval requests record the runtime key they were filed through: pending requests capped per key and per subject, and a key's owner does not approve its requests", migrateApprovalKeys},
	{244, "approval requests record every runtime key that asked for them: the creator of any asking key does not approve, and only an asking key replaces a check's placeholder summary", migrateApprovalAskers},
	{245, "idempotency records belong to the runtime key whose call made them: another key of the same agent and subject never receives their outcome", migrateIdempotencyKeys},
	{246, "run evidence names the approval request a call ran under", func(tx *gorm.DB, _ string) error {
		if tx.Migrator().HasColumn(&RunEvent{}, "Approval") {
			return nil
		}
		return tx.Migrator().AddColumn(&RunEvent{}, "Approval")
	}},
	{247, "connections record who last changed their source (command, URL, env, headers): the tools their syncs bring are imported by that person; existing rows start with who added them", migrateConnectionEditors},
	{248, "approval requests record whether the reviewer's view hides anything of the arguments (a value masked, the view cut or not shown): such a request is never approved", migrateApprovalHidden},
	{249, "a live API key's name is unique per creator and scope (a unique index, so concurrent creates cannot both take it); earlier live duplicates get their id appended", migrateAPIKeyNames},
	{250, "connections keep a plain environment (settings that are not secrets: paths, modes), shown in clear and never masked", func(tx *gorm.DB, _ string) error {
		return addColumns(tx, &Connection{}, "PlainEnv")
	}},
	{251, "bindings pin the authority they were issued under (group, agent, profile and review versions): a change ends them for good, even when undone", func(tx *gorm.DB, _ string) error {
		return addColumns(tx, &Binding{}, "AuthorityPin")
	}},
	{252, "approvals pin the authority they were approved under (group, agent, profile and review versions): a change voids them for good, even when undone; live approvals are pinned to the authority of now", migrateApprovalPins},
	{253, "a run id written through the runs API belongs to the runtime key that opened it: another key's searches, steps and calls on it are refused", func(tx *gorm.DB, _ string) error {
		return tx.Migrator().CreateTable(&RunOwner{})
	}},
	{254, "agents count their roster's changes (declared tools, services, default profile) apart from their version: bindings and approvals pin that, so renaming an agent keeps them live; existing agents start at their version, so live pins still hold", func(tx *gorm.DB, _ string) error {
		if err := addColumns(tx, &Agent{}, "RosterVersion"); err != nil {
			return err
		}
		return tx.Exec("UPDATE agents SET roster_version = version").Error
	}},
	{255, "tools count their descriptor's changes and the restores of their reviewed version: bindings and approvals pin that count, so a change undone before the next check still ends them; existing tools start at 0 and keep their review stamp", func(tx *gorm.DB, _ string) error {
		return addColumns(tx, &Tool{}, "ReviewGen")
	}},
	{256, "a runtime key can be suspended (when a server's answer to one of its calls held a console secret) and resumed by an admin; existing keys are not suspended; a table of its own, so api_keys, which the previous release reads, is unchanged", func(tx *gorm.DB, _ string) error {
		return tx.Migrator().CreateTable(&APIKeySuspension{})
	}},
	{257, "a command connection can run in a working directory of its own (--dir); existing connections keep the console's; a table of its own, so connections, which the previous release reads with SELECT * as it serves the gateway, is unchanged", func(tx *gorm.DB, _ string) error {
		return tx.Migrator().CreateTable(&ConnectionDir{})
	}},
	{258, "a binding belongs to the runtime key that asked for it: another key presenting or releasing its handle finds none; live bindings get their key from the key named in their created_by", migrateBindingKeys},
	{259, "everyone who shaped a connection (added it, or changed its command, URL, env or headers) is barred from reviewing its tools, which are imported by who added it; existing connections start with who added them and who last changed their source; a table of its own, so connections and tools are unchanged", migrateConnectionShapers},
	{260, "a gateway session keeps the MCP protocol version its initialize negotiated; sessions open before it keep none (a request of one that names no version is taken at the transport's default)", func(tx *gorm.DB, _ string) error {
		return addColumns(tx, &GatewaySession{}, "ProtocolVersion")
	}},
	{262, "a gateway session's run keeps the runtime key that opened it and the digest of its subject past the session's end (the runs pages name them); the runs of sessions still stored get theirs from the session, older runs keep none", func(tx *gorm.DB, _ string) error {
		if err := addColumns(tx, &RunOwner{}, "SubjectDigest"); err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO run_owners (run, key_id, subject_digest, created_at)
SELECT g.run, g.key_id, g.subject_digest, g.created_at FROM gateway_sessions g WHERE NOT EXISTS (SELECT 1 FROM run_owners o WHERE o.run = g.run)`).Error
	}},
	{261, "pending approval requests that can never be granted are void: the ones no live runtime key asked for (their keys revoked before revoking voided them) and the ones no grant of their groups asks approval for any more", dataMigration(voidUnpresentableRequests)},
	// evidence at scale (200-214)
	{200, "run totals kept by the database as events are written; a run's latest events by (run, id)", migrateRunTotals},
	{201, "run evidence partitioned by day on Postgres (same table name and columns; the existing table becomes its first partition)", migratePartitionRunEvents},
	// review (160-169)
	{160, "person's texts stored with \\r\\n or \\r line endings get \\n; skill and proposal digests computed over the normalized text", dataMigration(normalizeStoredText)},
	{161, "inbox read state", func(tx *gorm.DB, dialect string) error {
		return tx.Migrator().CreateTable(&InboxRead{})
	}},
	{166, "an agent's choice that saves of its default profile need review; a profile version's review status, base and reviewer", func(tx *gorm.DB, dialect string) error {
		if !tx.Migrator().HasColumn(&Agent{}, "ProfileReview") {
			if err := tx.Migrator().AddColumn(&Agent{}, "ProfileReview"); err != nil {
				return err
			}
		}
		for _, col := range []string{"Status", "BaseVersion", "ReviewedBy"} {
			if !tx.Migrator().HasColumn(&ProfileVersion{}, col) {
				if err := tx.Migrator().AddColumn(&ProfileVersion{}, col); err != nil {
					return err
				}
			}
		}
		return nil
	}},
}
