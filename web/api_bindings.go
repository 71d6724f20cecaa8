package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// bindingBody is a new binding; the handle is shown once.
type bindingBody struct {
	Handle           string    `json:"handle"`
	Tool             toolRef   `json:"tool"`
	DescriptorDigest string    `json:"descriptor_digest"`
	ExpiresAt        time.Time `json:"expires_at"`
}

// apiCreateBinding serves POST /api/v1/bindings: a handle on the exact
// tool version, for this subject and agent, when the check allows it; a
// denial is 403 with the same structured error.
func (s *Server) apiCreateBinding(c echo.Context) error {
	req, d, t, cs, err := s.check(c, true)
	if err != nil {
		return err
	}
	if !d.Allow {
		return c.JSON(http.StatusForbidden, body(d, t))
	}
	subject := ""
	if req.Subject != nil {
		subject = req.Subject.ID
	}
	exp := time.Now().Add(time.Duration(req.ttl) * time.Second).UTC().Truncate(time.Second)
	groups, _ := json.Marshal(authority.GroupsOf(req.Subject))
	ref := ""
	if d.Approval != nil {
		ref = d.Approval.Ref
	}
	pin, err := s.pinAt(c.Request().Context(), cs, req.Agent, req.Profile, req.Subject, t.ID)
	if err != nil {
		return err
	}
	handle, _, err := s.store.CreateBinding(c.Request().Context(), keyActor(c), models.Binding{Subject: subject, GroupSet: authority.GroupSetDigest(authority.GroupsOf(req.Subject)), Agent: req.Agent, Tool: t.ID, Digest: t.Digest, ExpiresAt: exp,
		Profile: req.Profile, GroupsJSON: string(groups), CatalogGen: cs.CatalogGen, PolicyGen: cs.ConfigGen, ApprovalRef: ref, AuthorityPin: pin.String(), KeyID: keyIDOf(requestKey(c))})
	var tm *models.TooManyBindingsError
	if errors.As(err, &tm) {
		return apiErr(http.StatusTooManyRequests, "too_many_bindings", "binding",
			"this runtime key already holds "+plural.Count(tm.Limit, "live binding")+", the most one key may hold; none was made: release bindings you no longer need (DELETE /api/v1/bindings/{handle}) or wait until some expire")
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, bindingBody{Handle: handle, Tool: toolRef{ID: t.ID, Version: t.Version, Digest: t.Digest}, DescriptorDigest: t.Digest, ExpiresAt: exp})
}

// apiReleaseBinding serves DELETE /api/v1/bindings/{handle}.
func (s *Server) apiReleaseBinding(c echo.Context) error {
	h := c.Param("handle")
	if !strings.HasPrefix(h, models.BindingPrefix) || len(h) > maxBindingHandle {
		return apiErr(http.StatusNotFound, "not_found", "handle", "no such binding")
	}
	err := s.store.ReleaseBinding(c.Request().Context(), keyActor(c), keyIDOf(requestKey(c)), h)
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "handle", "no such binding")
	}
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
