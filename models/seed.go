package models

import (
	"context"

	"github.com/agentforge/console/catalog"
)

// SystemActor is the actor of changes the console makes by itself.
const SystemActor = "system"

// BootstrapResult says what a first start created.
type BootstrapResult struct {
	Migrated []int
	// CreatedAdmin: the admin was created, or a first start that ended
	// before storing its hash left it pending and it got a new password
	CreatedAdmin  bool
	AdminPassword string // the generated password, shown once; "" when given
	// AdminPending: BootstrapForCommand created the admin without a
	// password; the next server start gives it one and shows it
	AdminPending bool
	SeededTools  int
	SeededDemo   bool
	// FinishAdmin, after BootstrapDeferred created the admin, computes and
	// stores its argon2id hash; until then no password matches and a
	// sign-in through this store waits for it. nil after Bootstrap.
	FinishAdmin func(context.Context) error
	// Seed, after BootstrapSeedLater found an empty database, loads the
	// built-in catalog, the admin (its hash pending) and the demo in one
	// transaction (SeededTools and SeededDemo say only what the bootstrap
	// itself did); FinishAdmin runs after it. nil: nothing to seed.
	Seed func(context.Context) error
}

// Bootstrap migrates and, on an empty database, loads the built-in
// catalog, the demo data and the admin user. adminPassword "" generates
// one.
func (s *Store) Bootstrap(ctx context.Context, adminPassword string, totals TotalsFunc) (BootstrapResult, error) {
	return s.bootstrap(ctx, adminPassword, totals, bootstrapMode{})
}

// BootstrapDeferred is Bootstrap for a server's start: the admin's argon2id
// hash, the costliest step of a first start, is left to res.FinishAdmin,
// which the server runs once it listens (the admin can sign in once it has
// run; a sign-in through this store waits for it).
func (s *Store) BootstrapDeferred(ctx context.Context, adminPassword string, totals TotalsFunc) (BootstrapResult, error) {
	return s.bootstrap(ctx, adminPassword, totals, bootstrapMode{deferred: true})
}

// bootstrapMode is how a bootstrap treats the admin: deferred leaves its
// hash to res.FinishAdmin, later leaves the whole seeding to res.Seed, and
// noPassword (a command that is not the server, with no password given)
// creates it without one, for the next server start to give it one.
type bootstrapMode struct{ deferred, later, noPassword bool }

// AdminRoles are the roles of the admin a first start creates.
func AdminRoles() []Role { return []Role{RoleAdmin, RoleEditor, RoleReviewer} }

func (s *Store) bootstrap(ctx context.Context, adminPassword string, totals TotalsFunc, mode bootstrapMode) (BootstrapResult, error) {
	var res BootstrapResult
	deferred, later := mode.deferred, mode.later
	generated := adminPassword == ""
	pending := generated && mode.noPassword
	if generated {
		adminPassword = RandomToken(12)
	}
	admin := NewUserInput{Username: "admin", Password: adminPassword, Roles: AdminRoles()}
	// A database without a users table is new: the admin's argon2id hash
	// is computed beside the migrations and the catalog import instead of
	// after them (deferred: after the server listens).
	var adminHash <-chan hashResult
	switch {
	case deferred, pending:
		adminHash = pendingHash()
	case len(admin.Validate()) == 0 && !s.db.WithContext(ctx).Migrator().HasTable(&User{}):
		adminHash = hashAsync(adminPassword)
	}
	applied, release, err := s.migrateLocked(ctx)
	res.Migrated = applied
	if err != nil {
		return res, err
	}
	// held until the admin's hash is stored when it is left pending
	// (res.FinishAdmin releases it), else until this start ends
	defer func() {
		if res.FinishAdmin == nil {
			release()
		}
	}()
	n, err := s.CountUsers(ctx)
	if err != nil {
		return res, err
	}
	if n > 0 {
		if deferred {
			res, err = s.resumePendingAdmin(ctx, res, adminPassword, generated, release)
			return res, err
		}
		return res, nil
	}
	seed := func(ctx context.Context) (int, error) { return s.firstStart(ctx, admin, adminHash, totals) }
	if !later {
		if res.SeededTools, err = seed(ctx); err != nil {
			return res, err
		}
		res.SeededDemo = true
	}
	res.CreatedAdmin = true
	if pending {
		res.AdminPending = true
		return res, nil
	}
	if generated {
		res.AdminPassword = adminPassword
	}
	if deferred {
		res.FinishAdmin = s.finishAdmin(admin.Username, adminPassword, release)
	}
	if later {
		res.Seed = s.seedLater(seed)
	}
	return res, nil
}

// resumePendingAdmin gives the admin a first start left pending (it ended
// before storing the hash, so its password was never shown) the password
// of this start, generated or the one given; res.FinishAdmin stores it.
// The caller holds the start's lock (so no live start is storing that
// admin's hash); release frees it once res.FinishAdmin has run.
func (s *Store) resumePendingAdmin(ctx context.Context, res BootstrapResult, password string, generated bool, release func()) (BootstrapResult, error) {
	name, err := s.pendingAdmin(ctx)
	if err != nil || name == "" {
		return res, err
	}
	if errs := (NewUserInput{Username: name, Password: password, Roles: []Role{RoleAdmin}}).Validate(); len(errs) > 0 {
		return res, &ValidationError{Fields: errs}
	}
	res.CreatedAdmin = true
	if generated {
		res.AdminPassword = password
	}
	res.FinishAdmin = s.finishAdmin(name, password, release)
	return res, nil
}

// TotalsFunc computes a profile content's token totals for an agent over
// the available contracts (models does not compose; the caller does).
type TotalsFunc func(available []catalog.Contract, a *Agent, c ProfileContent) (TokenTotals, error)

type demoProfile struct {
	slug, name, agent string
	versions          []ProfileContent
}

// SeedDemo loads demo data: agents with different declared sets, profiles
// with history (one lists a tool its agent does not declare). totals may
// be nil (versions then record no totals).
func (s *Store) SeedDemo(ctx context.Context, totals TotalsFunc) error {
	agents := []AgentInput{
		{Slug: "analyst", Name: "Data analyst", Description: "Answers questions about the team's spreadsheets and databases, with charts.",
			Declared: []string{"read_file", "list_files", "search_files", "read_spreadsheet", "extract_text", "exec", "sql_query", "compute_statistics", "evaluate_expression",
				"load_table", "save_table", "describe_table", "emit_artifact", "report_progress", "render_chart", "workspace_write", "edit_file", "ask_user"}},
		{Slug: "researcher", Name: "Research assistant", Description: "Finds and summarizes public sources; no code execution.",
			Declared: []string{"web_search", "web_fetch", "web_screenshot", "read_file", "extract_text", "workspace_write", "ask_user", "memory_read", "memory_write"}},
		{Slug: "dev-helper", Name: "Engineering helper", Description: "Reads and edits the workspace; talks to the code host once its tools are imported.",
			Declared: []string{"read_file", "list_files", "search_files", "compare_files", "edit_file", "workspace_write", "ask_user"}, Services: []string{"github"}},
	}
	profiles := []demoProfile{
		{"document-analysis", "Document analysis", "analyst", []ProfileContent{
			{Tools: []string{"read_file", "extract_text", "search_files", "list_files", "workspace_write", "ask_user"}, Tier: "standard", CatalogForm: "full", Message: "first cut"},
		}},
		{"data-analyst", "Data analyst", "analyst", []ProfileContent{
			{Tools: []string{"exec", "load_table", "save_table", "describe_table", "read_spreadsheet", "sql_query", "render_chart", "workspace_write", "ask_user"}, Tier: "full", CatalogForm: "full", Message: "first cut"},
			{Tools: []string{"exec", "load_table", "save_table", "describe_table", "emit_artifact", "read_spreadsheet", "sql_query", "compute_statistics", "render_chart", "workspace_write", "ask_user"}, Tier: "full", CatalogForm: "compact", Message: "compact catalog; add statistics and artifact publishing"},
		}},
		{"web-research", "Web research", "researcher", []ProfileContent{
			{Tools: []string{"web_search", "web_fetch", "read_file", "exec", "workspace_write", "ask_user"}, Tier: "standard", CatalogForm: "compact", Message: "lists exec, which the research assistant does not declare: never advertised"},
		}},
	}
	known := map[string]bool{}
	avail, err := s.AvailableContracts(ctx)
	if err != nil {
		return err
	}
	for _, c := range avail {
		known[c.ID] = true
	}
	byAgent := map[string]*Agent{}
	for _, in := range agents {
		a, err := s.CreateAgent(ctx, SystemActor, in, known)
		if err != nil {
			return err
		}
		byAgent[a.Slug] = a
	}
	for _, p := range profiles {
		count := func(c ProfileContent) (TokenTotals, error) {
			if totals == nil {
				return TokenTotals{}, nil
			}
			return totals(avail, byAgent[p.agent], c)
		}
		t, err := count(p.versions[0])
		if err != nil {
			return err
		}
		if _, err := s.CreateProfile(ctx, SystemActor, ProfileInput{Slug: p.slug, Name: p.name, Agent: p.agent, Content: p.versions[0]}, known, t); err != nil {
			return err
		}
		for i, v := range p.versions[1:] {
			if t, err = count(v); err != nil {
				return err
			}
			if _, err := s.SaveProfileVersion(ctx, SystemActor, p.slug, i+1, v, known, t); err != nil {
				return err
			}
		}
	}
	if err := s.seedSkills(ctx); err != nil {
		return err
	}
	if err := s.seedAuthority(ctx, known); err != nil {
		return err
	}
	for agent, profile := range map[string]string{"analyst": "data-analyst", "researcher": "web-research"} {
		a := byAgent[agent]
		in := AgentInput{Name: a.Name, Description: a.Description, Declared: a.Declared(), Services: a.Services(), DefaultProfile: profile}
		if _, err := s.UpdateAgent(ctx, SystemActor, agent, a.Version, in, known); err != nil {
			return err
		}
	}
	return nil
}

// seedSkills creates demo skills with history through the real workflow:
// a demo editor proposes, the admin (a reviewer who wrote none of it)
// approves and promotes. It leaves one open proposal with a failing check
// and one approved and ready to promote.
func (s *Store) seedSkills(ctx context.Context) error {
	// the demo editor has no password (an admin may set one): nobody can
	// sign in as it, as with the unknowable random password it had, and a
	// first start spends no argon2id hash on it
	editor, err := s.createUser(ctx, SystemActor, NewUserInput{Username: "demo-editor", Password: RandomToken(16), Roles: []Role{RoleEditor}}, noPasswordHash())
	if err != nil {
		return err
	}
	admin, err := s.UserByName(ctx, "admin")
	if err != nil {
		return err
	}
	ship := func(slug string, isNew bool, c SkillContent) error {
		p, err := s.Propose(ctx, editor.Username, slug, isNew, c)
		if err != nil {
			return err
		}
		if _, err := s.AddReview(ctx, admin, p.ID, ReviewApprove, p.Digest, "Looks right."); err != nil {
			return err
		}
		_, err = s.Promote(ctx, admin, p.ID, PromotePolicy{RequiredApprovals: 1})
		return err
	}
	report := SkillContent{Name: "Quarterly report", RequiredTools: []string{"read_spreadsheet", "workspace_write"},
		Summary:   "Builds the quarterly business review from the finance workbook: revenue, margin and headcount by region, with the quarter-over-quarter change.",
		Procedure: "# Quarterly report\n\n1. Read the sheet named after the quarter in finance/budget.xlsx.\n2. Compute revenue, margin and headcount per region, and the change against the previous quarter.\n3. Write reports/qbr.md with one table per measure and three sentences of commentary.\n4. Name the source cells for every figure.\n"}
	if err := ship("quarterly-report", true, report); err != nil {
		return err
	}
	report.Procedure += "5. Flag any region whose margin moved by more than five points.\n"
	report.Summary = "Builds the quarterly business review from the finance workbook: revenue, margin and headcount by region, the quarter-over-quarter change, and margin alerts."
	if err := ship("quarterly-report", false, report); err != nil {
		return err
	}
	sources := SkillContent{Name: "Source check", RequiredTools: []string{"web_fetch"},
		Summary:   "Verifies a claim against its cited sources: opens each source, quotes the supporting passage, and marks the claim supported, contradicted or unverifiable.",
		Procedure: "# Source check\n\n1. List the claim's cited URLs.\n2. Open each one and find the passage that bears on the claim.\n3. Quote it with the URL.\n4. Mark the claim supported, contradicted or unverifiable, and say why.\n"}
	if err := ship("source-check", true, sources); err != nil {
		return err
	}
	// an open proposal whose procedure teaches a tool it does not require
	failing := report
	failing.Procedure += "6. Run code rounds to recompute every total from the raw ledger.\n"
	if _, err := s.Propose(ctx, editor.Username, "quarterly-report", false, failing); err != nil {
		return err
	}
	// an approved proposal, ready to promote
	sources.Procedure += "5. When a source is unreachable, say so and try an archived copy.\n"
	p, err := s.Propose(ctx, editor.Username, "source-check", false, sources)
	if err != nil {
		return err
	}
	_, err = s.AddReview(ctx, admin, p.ID, ReviewApprove, p.Digest, "Good addition.")
	return err
}
