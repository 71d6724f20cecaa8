package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// policy is a route's access rule. Deny by default: a route is reachable
// only as its policy says.
type policy struct {
	public bool          // anyone, signed in or not
	apiKey bool          // an API key (never a session) ...
	scope  string        // ... whose scope allows this scope (read or runtime)
	self   bool          // any signed-in user, acting on their own account only
	roles  []models.Role // signed in with any of these; empty = any signed-in user
}

var (
	public    = policy{public: true}
	signedIn  = policy{}
	admins    = policy{roles: []models.Role{models.RoleAdmin}}
	reviewers = policy{roles: []models.Role{models.RoleReviewer}}
	auditors  = policy{roles: []models.Role{models.RoleAdmin, models.RoleReviewer}}
	editors   = policy{roles: []models.Role{models.RoleEditor, models.RoleAdmin}}
	// proposers are those whose inbox can change: authors and reviewers
	proposers = policy{roles: []models.Role{models.RoleEditor, models.RoleReviewer, models.RoleAdmin}}
	apiRead   = policy{apiKey: true, scope: models.ScopeRead}
	// apiRuntime: runs, checks and bindings (runtime-scoped keys)
	apiRuntime = policy{apiKey: true, scope: models.ScopeRuntime}
	ownAccount = policy{self: true}
)

type route struct {
	method  string
	path    string
	policy  policy
	handler echo.HandlerFunc
}

// routeTable is every route of the console, grouped by resource.
func (s *Server) routeTable() []route {
	return []route{
		// health and assets
		{http.MethodGet, "/healthz", public, s.healthz},
		{http.MethodGet, "/readyz", public, s.readyz},
		{http.MethodGet, "/static/:version/*", public, s.serveStatic},

		// sessions
		{http.MethodGet, "/login", public, s.loginForm},
		{http.MethodPost, "/login", public, s.login},
		{http.MethodPost, "/logout", ownAccount, s.logout},
		{http.MethodGet, "/account", ownAccount, s.accountPage},
		{http.MethodPost, "/account/password", ownAccount, s.changePassword},

		// dashboard
		{http.MethodGet, "/", signedIn, s.dashboard},
		{http.MethodPost, "/inbox/read", proposers, s.markInboxRead},

		// users
		{http.MethodGet, "/users", admins, s.usersPage},
		{http.MethodPost, "/users", admins, s.createUser},
		{http.MethodPost, "/users/:id/roles", admins, s.setRoles},
		{http.MethodPost, "/users/:id/disable", admins, s.setDisabled},
		{http.MethodPost, "/users/:id/password", admins, s.setPassword},

		// catalog
		{http.MethodGet, "/catalog", signedIn, s.catalogPage},
		{http.MethodGet, "/catalog/tools/:id", signedIn, s.toolPage},
		{http.MethodGet, "/catalog/import", admins, s.importForm},
		{http.MethodPost, "/catalog/import", admins, s.importPreview},
		{http.MethodPost, "/catalog/import/confirm", admins, s.importConfirm},
		{http.MethodGet, "/connections", admins, s.connectionsPage},
		{http.MethodPost, "/connections", admins, s.createConnection},
		{http.MethodPost, "/connections/:name/sync", admins, s.syncConnection},
		{http.MethodPost, "/connections/:name/edit", admins, s.editConnection},
		{http.MethodPost, "/connections/:name/remove", admins, s.removeConnection},
		{http.MethodPost, "/connections/:name/resume", admins, s.resumeConnection},
		{http.MethodGet, "/catalog/review", reviewers, s.reviewPage},
		{http.MethodPost, "/catalog/review", reviewers, s.reviewTools},

		// forge
		{http.MethodGet, "/forge", signedIn, s.forgePage},
		{http.MethodGet, "/forge/search", signedIn, s.forgeSearch},
		{http.MethodGet, "/forge/text", signedIn, s.forgeText},
		{http.MethodGet, "/forge/run", signedIn, s.forgeRun},
		{http.MethodPost, "/forge/save", editors, s.forgeSave},

		// tool pickers' search boxes (every list field of tool ids)
		{http.MethodGet, "/tools/pick", signedIn, s.toolPick},

		// agents
		{http.MethodGet, "/agents", signedIn, s.agentsPage},
		{http.MethodPost, "/agents", admins, s.createAgent},
		{http.MethodGet, "/agents/:slug", signedIn, s.agentPage},
		{http.MethodPost, "/agents/:slug", admins, s.updateAgent},

		// selection cases: per agent, and the forge's panel
		{http.MethodGet, "/agents/:slug/cases", signedIn, s.selectionCasesPage},
		{http.MethodPost, "/agents/:slug/cases", editors, s.saveSelectionCases},
		{http.MethodGet, "/agents/:slug/cases/export", signedIn, s.exportSelectionCases},
		{http.MethodGet, "/forge/selection", signedIn, s.forgeSelection},

		// profiles
		{http.MethodGet, "/profiles", signedIn, s.profilesPage},
		{http.MethodPost, "/profiles", editors, s.createProfile},
		{http.MethodGet, "/profiles/:slug", signedIn, s.profilePage},
		{http.MethodPost, "/profiles/:slug", editors, s.saveProfile},
		{http.MethodGet, "/profiles/:slug/diff", signedIn, s.profileDiff},
		{http.MethodPost, "/profiles/:slug/restore/:version", editors, s.restoreProfile},
		{http.MethodPost, "/profiles/:slug/versions/:version/decide", auditors, s.decideProfileVersion},

		// skills
		{http.MethodGet, "/skills", signedIn, s.skillsPage},
		{http.MethodGet, "/skills/new", editors, s.newSkillForm},
		{http.MethodPost, "/skills", editors, s.proposeNewSkill},
		{http.MethodGet, "/skills/:slug", signedIn, s.skillPage},
		{http.MethodGet, "/skills/:slug/versions/:n", signedIn, s.skillVersionPage},
		{http.MethodGet, "/skills/:slug/propose", editors, s.proposeChangeForm},
		{http.MethodPost, "/skills/:slug/proposals", editors, s.proposeChange},
		{http.MethodPost, "/skills/:slug/rollback", auditors, s.rollbackSkill},

		// proposals and reviews
		{http.MethodGet, "/proposals/:id", signedIn, s.proposalPage},
		{http.MethodPost, "/proposals/:id/revise", editors, s.reviseProposal},
		{http.MethodPost, "/proposals/:id/rebase", editors, s.rebaseProposal},
		{http.MethodPost, "/proposals/:id/reviews", reviewers, s.reviewProposal},
		{http.MethodPost, "/proposals/:id/reviews/:rid/withdraw", reviewers, s.withdrawReview},
		{http.MethodPost, "/proposals/:id/promote", reviewers, s.promoteProposal},
		{http.MethodPost, "/proposals/:id/reject", reviewers, s.rejectProposal},
		{http.MethodPost, "/proposals/:id/withdraw", editors, s.withdrawProposal},
		{http.MethodPost, "/proposals/:id/submit", editors, s.submitProposal},
		{http.MethodGet, "/reviews", reviewers, s.reviewQueue},

		// deferred-run evidence
		{http.MethodGet, "/runs", signedIn, s.runsPage},
		{http.MethodGet, "/runs/:run", signedIn, s.runPage},

		// audit
		{http.MethodGet, "/audit", auditors, s.auditPage},

		// groups and grants, call-time check counters (authority)
		{http.MethodPost, "/catalog/tools/:id/classify", reviewers, s.classifyTool},
		{http.MethodPost, "/catalog/tools/:id/reword", reviewers, s.rewordTool},
		{http.MethodPost, "/catalog/tools/:id/reword/clear", reviewers, s.clearReword},
		{http.MethodPost, "/catalog/tools/:id/reconsider", reviewers, s.reconsiderTool},
		{http.MethodPost, "/catalog/tools/:id/reword-params", reviewers, s.rewordParams},
		{http.MethodPost, "/catalog/tools/:id/hints", editors, s.proposeHints},
		{http.MethodPost, "/catalog/hints/:pid/decide", reviewers, s.decideHints},
		{http.MethodGet, "/groups", admins, s.groupsPage},
		{http.MethodPost, "/groups", admins, s.saveGrants},
		{http.MethodGet, "/groups/:name", admins, s.groupPage},
		{http.MethodPost, "/groups/:name", admins, s.saveGrants},
		{http.MethodGet, "/checks", auditors, s.checksPage},
		{http.MethodPost, "/bindings/:id/revoke", admins, s.revokeBinding},
		{http.MethodGet, "/approvals", auditors, s.approvalsPage},
		{http.MethodPost, "/approvals/:ref/approve", auditors, s.decideApproval(true)},
		{http.MethodPost, "/approvals/:ref/deny", auditors, s.decideApproval(false)},
		{http.MethodPost, "/approvals/:ref/withdraw", auditors, s.withdrawApproval},

		// API keys
		{http.MethodGet, "/apikeys", admins, s.apiKeysPage},
		{http.MethodPost, "/apikeys", admins, s.createAPIKey},
		{http.MethodPost, "/apikeys/:id/revoke", admins, s.revokeAPIKey},
		{http.MethodPost, "/apikeys/:id/resume", admins, s.resumeAPIKey},

		// hardening
		{http.MethodGet, "/favicon.ico", public, s.favicon},

		// runtime API
		{http.MethodGet, "/api/v1/openapi.json", public, s.openAPI},
		{http.MethodPost, "/api/v1/compose", apiRead, s.apiCompose},
		{http.MethodGet, "/api/v1/compositions/:digest", apiRead, s.apiComposition},
		{http.MethodGet, "/api/v1/skills/:slug", apiRead, s.apiSkill},
		{http.MethodGet, "/api/v1/tools/search", apiRead, s.apiToolSearch},
		{http.MethodGet, "/api/v1/connections", apiRead, s.apiConnections},
		{http.MethodGet, "/api/v1/connections/:name", apiRead, s.apiConnection},

		// deferred runs (runtime API)
		{http.MethodPost, "/api/v1/runs/:run/search", apiRuntime, s.apiRunSearch},
		{http.MethodPost, "/api/v1/runs/:run/steps", apiRuntime, s.apiRunStep},
		{http.MethodPost, "/api/v1/runs/:run/calls", apiRuntime, s.apiRunCall},

		// runtime API: call-time authorization and bindings (runtime keys)
		{http.MethodPost, "/api/v1/authorize", apiRuntime, s.apiAuthorize},
		{http.MethodPost, "/api/v1/bindings", apiRuntime, s.apiCreateBinding},
		{http.MethodDelete, "/api/v1/bindings/:handle", apiRuntime, s.apiReleaseBinding},
		{http.MethodGet, "/api/v1/manifest", apiRuntime, s.apiManifest},

		// the MCP gateway (streamable HTTP; GET is answered 405)
		{http.MethodPost, "/mcp/:agent", apiRuntime, s.mcpGateway},
		{http.MethodGet, "/mcp/:agent", apiRuntime, s.mcpGateway},
		{http.MethodDelete, "/mcp/:agent", apiRuntime, s.mcpGateway},
		{http.MethodPost, "/api/v1/approvals", apiRuntime, s.apiRequestApproval},
		{http.MethodGet, "/api/v1/approvals/:approval", apiRuntime, s.apiApproval},
	}
}
