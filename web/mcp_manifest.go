package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"sort"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
)

// manifest is seed 000's bootstrap contract for one agent, profile and
// subject: where the run stands, never a hidden tool name or a secret.
type manifest struct {
	Environment       string   `json:"environment"`
	Generation        int64    `json:"generation"`
	CatalogVersion    int64    `json:"catalog_version"`
	Agent             string   `json:"agent"`
	Profile           string   `json:"profile"`
	ProfileVersion    int      `json:"profile_version"`
	Namespaces        []string `json:"namespaces"`
	Discovery         string   `json:"discovery"`
	Probe             string   `json:"probe"`
	Budgets           budgets  `json:"budgets"`
	ExpiresAt         string   `json:"expires_at"`
	ManifestResource  string   `json:"manifest_resource"`
	ToolsReachable    int      `json:"tools_reachable"`
	SearchToolOffered bool     `json:"search_tool"`
}

// budgets are a run's budgets; null: none.
type budgets struct {
	Searches *int `json:"searches"`
	Calls    *int `json:"calls"`
}

// manifestTTL is how long a manifest is good for (a generation change
// ends it sooner: refresh on catalog_changed).
const manifestTTL = 5 * time.Minute

const manifestURI = "console://manifest"

func manifestResource() *mcp.Resource {
	return &mcp.Resource{URI: manifestURI, Name: "manifest", Title: "Environment manifest", MIMEType: "application/json",
		Description: "Where this conversation stands: environment, generations, visible namespaces, discovery and probe modes, budgets, expiry."}
}

// buildManifest reads the manifest of a run target.
func (s *Server) buildManifest(ctx context.Context, t runTarget) (*manifest, error) {
	catGen, cfgGen, err := s.gate.generations(ctx)
	if err != nil {
		return nil, err
	}
	b, err := s.runBaseAt(ctx, t, catGen, cfgGen)
	if err != nil {
		return nil, err
	}
	id, err := s.store.Secret(ctx, "environment-id")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(id)
	m := &manifest{Environment: "env-" + hex.EncodeToString(sum[:8]), Generation: cfgGen, CatalogVersion: catGen, Agent: b.Agent, Profile: b.Profile, ProfileVersion: b.ProfileVersion,
		Namespaces: []string{}, Discovery: "listed", Probe: "describe_only", ExpiresAt: time.Now().UTC().Add(manifestTTL).Truncate(time.Second).Format(time.RFC3339)}
	if b.Draft.Options.Deferred {
		m.Discovery, m.SearchToolOffered, m.ToolsReachable = "deferred_search", b.Surface.Reachable() > 0, b.Surface.Reachable()
	} else {
		for _, e := range b.Surface.Roster() {
			if b.Surface.Selectable(e.ID()) {
				m.ToolsReachable++
			}
		}
	}
	seen := map[string]bool{}
	for _, e := range b.Surface.Roster() {
		ns := e.Contract().Namespace()
		if ns == "" {
			ns = "builtin"
		}
		if !seen[ns] {
			seen[ns] = true
			m.Namespaces = append(m.Namespaces, ns)
		}
	}
	sort.Strings(m.Namespaces)
	m.ManifestResource = manifestURI
	if n := b.SearchBudget; n > 0 {
		m.Budgets.Searches = &n
	}
	if n := b.CallBudget; n > 0 {
		m.Budgets.Calls = &n
	}
	return m, nil
}

const instructionURI = "console://instruction"

func instructionResource() *mcp.Resource {
	return &mcp.Resource{URI: instructionURI, Name: "instruction", Title: "Current instruction", MIMEType: "text/markdown",
		Description: "The agent's composed instruction for this conversation's current step: initialize's instructions, with the tools the latest search activated taught after the same stable prefix."}
}

// readResource serves console://manifest and console://instruction for
// the session's run.
func (g *gateway) readResource(ctx context.Context, r *gwReq, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	switch req.Params.URI {
	case manifestURI:
	case instructionURI:
		text, err := g.instructions(ctx, r)
		if err != nil {
			return nil, err
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: instructionURI, MIMEType: "text/markdown", Text: text}}}, nil
	default:
		return nil, mcp.ResourceNotFoundError(req.Params.URI)
	}
	m, err := g.s.buildManifest(ctx, r.target())
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(m)
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: manifestURI, MIMEType: "application/json", Text: string(b)}}}, nil
}

// apiManifest serves GET /api/v1/manifest?agent=&profile= for the subject
// of X-Subject-Id and X-Subject-Groups.
func (s *Server) apiManifest(c echo.Context) error {
	if msg := repeatedSubjectHeader(c.Request().Header); msg != "" {
		return apiErr(http.StatusBadRequest, "bad_request", "subject", msg)
	}
	t := runTarget{Agent: c.QueryParam("agent"), Profile: c.QueryParam("profile"), Subject: subjectFromHeaders(c.Request().Header)}
	if err := t.validate(); err != nil {
		return err
	}
	m, err := s.buildManifest(c.Request().Context(), t)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, m)
}

var _ = authority.Everyone
