package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

var digestPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

func (s *Server) apiComposition(c echo.Context) error {
	d := c.Param("digest")
	if !digestPattern.MatchString(d) {
		return apiErr(http.StatusBadRequest, "bad_request", "digest", "a digest is 64 lower-case hex characters")
	}
	ctx := c.Request().Context()
	owner := keyOwner(c)
	admin := false
	if u, err := s.store.UserByName(ctx, owner); err == nil {
		admin = u.Has(models.RoleAdmin) && !u.Disabled
	}
	r, err := s.store.ReceiptForOwner(ctx, d, owner, admin)
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "digest", "no composition with this digest was served")
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=31536000, immutable")
	return c.JSON(http.StatusOK, map[string]any{"digest": r.Digest, "served_at": r.CreatedAt.UTC().Format(time.RFC3339), "inputs": json.RawMessage(r.Inputs), "text": r.Text})
}

// apiSkill serves a skill version by label (production) or number, with
// an ETag; label lookups revalidate, numbered versions are immutable.
func (s *Server) apiSkill(c echo.Context) error {
	ctx := c.Request().Context()
	// a skill that exists only as someone else's private draft is "no
	// such skill", as one that does not exist
	k, err := s.store.SkillVisibleTo(ctx, c.Param("slug"), keyOwner(c))
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "slug", "no such skill")
	}
	if err != nil {
		return err
	}
	var v *models.SkillVersion
	cache := "private, no-cache"
	// a label and a version could name two versions: neither may be
	// silently ignored
	if l := c.QueryParam("label"); l != "" && l != models.LabelProduction {
		return apiErr(http.StatusBadRequest, "bad_request", "label", "label must be production (or ask for a version)")
	} else if l != "" && c.QueryParam("version") != "" {
		return apiErr(http.StatusBadRequest, "bad_request", "version", "ask for the production label or a version, not both")
	}
	if vs := c.QueryParam("version"); vs != "" {
		n, err := strconv.Atoi(vs)
		if err != nil || n < 1 {
			return apiErr(http.StatusBadRequest, "bad_request", "version", "version must be a positive integer")
		}
		v, err = s.store.SkillVersionAt(ctx, k.ID, n)
		if errors.Is(err, models.ErrNotFound) {
			return apiErr(http.StatusNotFound, "not_found", "version", "no such version")
		}
		if err != nil {
			return err
		}
		cache = "private, max-age=31536000, immutable"
	} else {
		v, err = s.store.ProductionVersion(ctx, k.ID)
		if errors.Is(err, models.ErrNotFound) {
			return apiErr(http.StatusNotFound, "not_found", "label", "this skill has no production version")
		}
		if err != nil {
			return err
		}
	}
	etag := `"` + v.Digest + `"`
	h := c.Response().Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", cache)
	if match := c.Request().Header.Get("If-None-Match"); match != "" && (match == etag || match == "*") {
		return c.NoContent(http.StatusNotModified)
	}
	prod, _ := s.store.Production(ctx, k.ID)
	labels := []string{}
	if prod != nil && prod.Version == v.Version {
		labels = append(labels, models.LabelProduction)
	}
	if latest, _ := s.store.LatestVersion(ctx, k.ID); latest == v.Version {
		labels = append(labels, "latest")
	}
	return c.JSON(http.StatusOK, map[string]any{"slug": k.Slug, "version": v.Version, "labels": labels, "name": v.Name, "summary": v.Summary,
		"procedure": v.Procedure, "required_tools": nonNilList(v.RequiredTools()), "digest": v.Digest})
}

func nonNilList(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// apiToolSearch is deferred-mode search over an agent's effective roster
// as authorized for the subject groups (subject_groups, comma-separated;
// absent: everyone), the same set runs/search reaches: exact names and
// descriptions, never schemas.
func (s *Server) apiToolSearch(c echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParam("q")
	if strings.TrimSpace(q) == "" {
		return apiErr(http.StatusBadRequest, "bad_request", "q", "q is required")
	}
	if len(q) > catalog.MaxQueryBytes {
		return apiErr(http.StatusBadRequest, "bad_request", "q", fmt.Sprintf("q is over %d bytes", catalog.MaxQueryBytes))
	}
	limit := 10
	if l := c.QueryParam("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > catalog.MaxSearchLimit {
			return apiErr(http.StatusBadRequest, "bad_request", "limit", fmt.Sprintf("limit must be 1 to %d", catalog.MaxSearchLimit))
		}
		limit = n
	}
	agent := c.QueryParam("agent")
	if agent == "" {
		return apiErr(http.StatusBadRequest, "bad_request", "agent", "agent is required")
	}
	t := runTarget{Agent: agent, Profile: c.QueryParam("profile")}
	if err := checkSlugs(t.Agent, t.Profile); err != nil {
		return err
	}
	if vs, ok := c.QueryParams()["subject_groups"]; ok {
		groups := strings.Split(strings.Join(vs, ","), ",")
		// the groups are a subject's: the rule of subject.groups, stated by
		// its own message
		if msg := authority.CheckGroups(groups); msg != "" {
			return apiErr(http.StatusBadRequest, "bad_request", "subject_groups", "subject_groups is a comma-separated list of group names: "+msg)
		}
		t.Subject = &authority.Subject{ID: "search", Groups: groups}
	}
	// the run's authorized set (runtime.LoadRun): what runs/search reaches
	b, err := s.runBaseFor(ctx, t)
	if err != nil {
		return err
	}
	hits := searchAnswer(b.Draft.Input(), q, limit)
	type hit struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	out := make([]hit, len(hits))
	for i, h := range hits {
		out[i] = hit{Name: h.ID, Description: h.Description}
	}
	return c.JSON(http.StatusOK, map[string]any{"agent": agent, "query": q, "tools": out})
}
