package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/models"
)

// MaxAPIBody is the largest request body the API reads.
const MaxAPIBody = 1 << 20

// receiptCache remembers digests already stored, so serving the same
// composition again writes nothing, and the response bytes of recent
// requests per (catalog generation, configuration generation, body): a
// repeated request costs one generation read.
type receiptCache struct {
	mu        sync.Mutex
	seen      map[string]bool
	responses map[string]cachedResponse
}

type cachedResponse struct {
	body   []byte
	digest string
}

const maxCachedResponses = 2000

func (rc *receiptCache) response(k string) (cachedResponse, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	r, ok := rc.responses[k]
	return r, ok
}

func (rc *receiptCache) keep(k string, r cachedResponse) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.responses == nil || len(rc.responses) >= maxCachedResponses {
		rc.responses = map[string]cachedResponse{}
	}
	rc.responses[k] = r
}

func (rc *receiptCache) known(d string) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.seen[d]
}

func (rc *receiptCache) add(d string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.seen) > 100000 {
		rc.seen = map[string]bool{}
	}
	rc.seen[d] = true
}

var unknownField = regexp.MustCompile(`unknown field "([^"]+)"`)

// decodeJSON reads a bounded body strictly: unknown fields and wrong types
// are 400 errors naming the field.
func decodeJSON(c echo.Context, v any) error {
	body, err := readBody(c)
	if err != nil {
		return err
	}
	return decodeStrict(body, v)
}

// readBody reads at most MaxAPIBody bytes; more is 413.
func readBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, MaxAPIBody+1))
	if err != nil {
		return nil, apiErr(http.StatusBadRequest, "bad_request", "", "the body could not be read")
	}
	if len(body) > MaxAPIBody {
		return nil, apiErr(http.StatusRequestEntityTooLarge, "too_large", "", fmt.Sprintf("the body is over %d bytes", MaxAPIBody))
	}
	return body, nil
}

func decodeStrict(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te):
			return apiErr(http.StatusBadRequest, "bad_request", te.Field, fmt.Sprintf("%s must be %s", te.Field, te.Type))
		case unknownField.MatchString(err.Error()):
			f := unknownField.FindStringSubmatch(err.Error())[1]
			return apiErr(http.StatusBadRequest, "bad_request", f, "unknown field "+f)
		}
		return apiErr(http.StatusBadRequest, "bad_request", "", "the body is not a JSON object: "+err.Error())
	}
	if dec.More() {
		return apiErr(http.StatusBadRequest, "bad_request", "", "the body holds more than one JSON value")
	}
	return nil
}

// composeStatus maps a composition input error to the API's status.
func composeStatus(err error) error {
	var fe *instruction.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	switch {
	case (fe.Field == "agent" || fe.Field == "profile") && strings.HasPrefix(fe.Message, "no "):
		return apiErr(http.StatusNotFound, "not_found", fe.Field, fe.Message)
	case (fe.Field == "tools" || fe.Field == "without" || fe.Field == "pins") && strings.Contains(fe.Message, "unknown tool"):
		return apiErr(http.StatusUnprocessableEntity, "unprocessable", fe.Field, fe.Message)
	}
	return apiErr(http.StatusBadRequest, "bad_request", fe.Field, fe.Message)
}

// apiCompose serves POST /api/v1/compose: the same composition as the
// forge and the CLI, with a stored receipt.
func (s *Server) apiCompose(c echo.Context) error {
	raw, err := readBody(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	catGen, cfgGen, err := s.store.Generations(ctx)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(raw)
	cacheKey := fmt.Sprintf("%d/%d/%x", catGen, cfgGen, sum)
	if r, ok := s.receipts.response(cacheKey); ok {
		c.Response().Header().Set("ETag", `"`+r.digest+`"`)
		return c.JSONBlob(http.StatusOK, r.body)
	}
	var req ComposeRequest
	if err := decodeStrict(raw, &req); err != nil {
		return err
	}
	if req.Agent == "" {
		return apiErr(http.StatusBadRequest, "bad_request", "agent", "agent is required")
	}
	snap, err := s.snapshotAt(ctx, catGen)
	if err != nil {
		return err
	}
	res, err := Compose(ctx, s.store, snap, s.meter, req)
	if err != nil {
		return composeStatus(err)
	}
	if !s.receipts.known(res.Digest) {
		inputs, _ := json.Marshal(receiptInputs{Request: req, Agent: res.Agent, Profile: res.Profile, ProfileVersion: res.ProfileVersion, Encoding: res.Encoding,
			Tier: res.Tier, CatalogForm: res.CatalogForm, Deferred: res.Deferred, Roster: res.Roster, Services: res.Services, Pinned: res.Pinned, Totals: res.Totals})
		if err := s.store.SaveReceipt(ctx, &models.Receipt{Digest: res.Digest, Inputs: string(inputs), Text: res.Text}); err != nil {
			return err
		}
		s.receipts.add(res.Digest)
	}
	body, err := json.Marshal(res)
	if err != nil {
		return err
	}
	s.receipts.keep(cacheKey, cachedResponse{body: body, digest: res.Digest})
	c.Response().Header().Set("ETag", `"`+res.Digest+`"`)
	return c.JSONBlob(http.StatusOK, body)
}

// receiptInputs is what a receipt records besides the text.
type receiptInputs struct {
	Request        ComposeRequest `json:"request"`
	Agent          string         `json:"agent"`
	Profile        string         `json:"profile,omitempty"`
	ProfileVersion int            `json:"profile_version,omitempty"`
	Encoding       string         `json:"encoding"`
	Tier           string         `json:"tier"`
	CatalogForm    string         `json:"catalog_form"`
	Deferred       bool           `json:"deferred"`
	Roster         []string       `json:"roster"`
	Services       []string       `json:"services"`
	Pinned         Pinned         `json:"pinned"`
	Totals         any            `json:"totals"`
}

var digestPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

func (s *Server) apiComposition(c echo.Context) error {
	d := c.Param("digest")
	if !digestPattern.MatchString(d) {
		return apiErr(http.StatusBadRequest, "bad_request", "digest", "a digest is 64 lower-case hex characters")
	}
	r, err := s.store.ReceiptByDigest(c.Request().Context(), d)
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
	k, err := s.store.SkillBySlug(ctx, c.Param("slug"))
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "slug", "no such skill")
	}
	if err != nil {
		return err
	}
	var v *models.SkillVersion
	cache := "private, no-cache"
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
		if l := c.QueryParam("label"); l != "" && l != models.LabelProduction {
			return apiErr(http.StatusBadRequest, "bad_request", "label", "label must be production (or ask for a version)")
		}
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

// apiToolSearch is deferred-mode search over an agent's effective
// roster: exact names and descriptions, never schemas.
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
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	ac, err := s.loadAgentContext(ctx, agent, c.QueryParam("profile"))
	if err != nil {
		return composeStatus(err)
	}
	d, _ := agentDraft(snap, ac, nil)
	hits := catalog.Search(q, searchable(d.Input()), limit)
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
