package web

import (
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

const keyAPIKey = "api_key"

// apiKeyCache remembers validated keys for a moment, so a busy runtime
// does not cost a key lookup per request; a revoked key stops working on
// every replica within keyCacheTTL of the revocation's commit (half a
// second: the security rules and the README promise one second, the rest is a
// request already in flight).
//
// A key in use is read again ahead of its expiry, off the request path
// (keyRefreshAfter, api_key_refresh.go): a steady runtime never waits
// for its key's lookup, and an entry is still served only within
// keyCacheTTL of the start of the read it came from.
type apiKeyCache struct {
	// mu is taken shared by the requests that find their key cached
	mu      sync.RWMutex
	entries map[string]*cachedKey
	touched map[uint]time.Time
	// gen counts forgets: a read begun before the latest forget is not
	// kept (it may predate a revocation made here)
	gen uint64
}

type cachedKey struct {
	key *models.APIKey
	at  time.Time
	// refreshing: a read of the key ahead of this entry's expiry is under
	// way (one at a time)
	refreshing atomic.Bool
}

const keyCacheTTL = 500 * time.Millisecond

// apiError writes the API's JSON error.
func apiErr(status int, code, field, msg string) error {
	return &echo.HTTPError{Code: status, Message: apiErrorBody{Code: code, Field: field, Message: msg}}
}

// authenticateKey checks the bearer key of an API request, its scope and
// its rate.
func (s *Server) authenticateKey(c echo.Context, scope string) error {
	h := c.Request().Header.Get("Authorization")
	// the scheme is case-insensitive (RFC 9110 §11.1): bearer, BEARER
	scheme, secret, ok := strings.Cut(h, " ")
	ok = ok && strings.EqualFold(scheme, "Bearer")
	if !ok || strings.TrimSpace(secret) == "" {
		challenge(c, "")
		return apiErr(http.StatusUnauthorized, "unauthorized", "Authorization", "send an API key as Authorization: Bearer <key>")
	}
	secret = strings.TrimSpace(secret)
	now := time.Now()
	k, gen := s.cachedKey(secret, now)
	if k == nil {
		var err error
		k, err = s.store.APIKeyBySecret(c.Request().Context(), secret)
		// a demoted admin's keys were revoked with the demotion (SetRoles)
		if errors.Is(err, models.ErrBadKey) {
			challenge(c, `error="invalid_token", error_description="unknown or revoked API key"`)
			return apiErr(http.StatusUnauthorized, "unauthorized", "Authorization", "unknown or revoked API key")
		}
		if errors.Is(err, models.ErrKeyOwnerDisabled) {
			challenge(c, `error="invalid_token", error_description="the API key's creator is disabled"`)
			return apiErr(http.StatusUnauthorized, "unauthorized", "Authorization", "the user who created this API key is disabled, so the key is refused until an admin enables them again")
		}
		if errors.Is(err, models.ErrKeySuspended) {
			return apiErr(http.StatusForbidden, "forbidden", "Authorization", "this API key is suspended after a security incident; an admin can resume it on the API keys page")
		}
		if err != nil {
			return err
		}
		s.keepKey(secret, k, now, gen)
	}
	if scope == "" {
		scope = models.ScopeRead
	}
	if !k.Allows(scope) {
		challenge(c, `error="insufficient_scope", scope="`+scope+`"`)
		return apiErr(http.StatusForbidden, "forbidden", "Authorization", "this key's scope ("+k.Scope+") does not allow this; it needs "+scope)
	}
	if !s.limit.allow(k.ID) {
		c.Response().Header().Set("Retry-After", "1")
		return apiErr(http.StatusTooManyRequests, "rate_limited", "", "too many requests for this key; slow down")
	}
	s.touchKey(c, k.ID, now)
	c.Set(keyAPIKey, k)
	return nil
}

// challenge names the scheme an API request must authenticate with
// (RFC 9110 §11.6.1) and, for a key that was sent, why it failed (RFC
// 6750 §3: no error code when no credential came).
func challenge(c echo.Context, params string) {
	v := `Bearer realm="console"`
	if params != "" {
		v += ", " + params
	}
	c.Response().Header().Set(echo.HeaderWWWAuthenticate, v)
}

// touchKey records last use at most once a minute per key.
func (s *Server) touchKey(c echo.Context, id uint, now time.Time) {
	s.keys.mu.RLock()
	due := now.Sub(s.keys.touched[id]) > time.Minute
	s.keys.mu.RUnlock()
	if due {
		s.keys.mu.Lock()
		due = now.Sub(s.keys.touched[id]) > time.Minute
		if due {
			s.keys.touched[id] = now
		}
		s.keys.mu.Unlock()
	}
	if due {
		if err := s.store.TouchAPIKey(c.Request().Context(), id, now); err != nil {
			s.log.WarnContext(c.Request().Context(), "api key last-used update failed", "err", err)
		}
	}
}

// forgetCachedKeys drops this replica's cached key validations at once
// (a key revoked, suspended or resumed here); the other replicas follow
// within keyCacheTTL.
func (s *Server) forgetCachedKeys() {
	s.keys.mu.Lock()
	s.keys.entries = map[string]*cachedKey{}
	s.keys.gen++
	s.keys.mu.Unlock()
}
