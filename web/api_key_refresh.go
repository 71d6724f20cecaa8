package web

import (
	"context"
	"time"

	"github.com/agentforge/console/models"
)

// keyRefreshAfter is the age at which a cached key validation in use is
// read again in the background: well before keyCacheTTL, so under steady
// use the entry is renewed before any request finds it expired and waits
// for the lookup itself.
const keyRefreshAfter = keyCacheTTL / 2

// cachedKey returns the key secret names when its cached validation is
// younger than keyCacheTTL at now (nil: the caller reads it), and the
// cache's forget count the caller's own read starts under. An entry past
// keyRefreshAfter starts one background read of the key (refreshKey).
func (s *Server) cachedKey(secret string, now time.Time) (*models.APIKey, uint64) {
	s.keys.mu.RLock()
	gen := s.keys.gen
	ck := s.keys.entries[secret]
	s.keys.mu.RUnlock()
	if ck == nil || now.Sub(ck.at) >= keyCacheTTL {
		return nil, gen
	}
	if now.Sub(ck.at) >= keyRefreshAfter && ck.refreshing.CompareAndSwap(false, true) {
		if !s.bg.run(func(ctx context.Context) { s.refreshKey(ctx, secret, ck, gen) }) {
			ck.refreshing.Store(false)
		}
	}
	return ck.key, gen
}

// keepKey caches k as read by a lookup that began at at, unless the
// cache was forgotten since gen (the lookup may predate a revocation).
func (s *Server) keepKey(secret string, k *models.APIKey, at time.Time, gen uint64) {
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	if s.keys.gen != gen {
		return
	}
	if len(s.keys.entries) > 10000 {
		s.keys.entries = map[string]*cachedKey{}
	}
	s.keys.entries[secret] = &cachedKey{key: k, at: at}
}

// refreshKey reads a cached key again ahead of its expiry. A key now
// unknown, revoked, suspended or of a disabled or demoted creator leaves the cache,
// so the next request reads it and is refused with the reason; a failed
// read leaves the entry to expire at its own time (the next request past
// keyRefreshAfter tries again). ck is the entry the read renews.
func (s *Server) refreshKey(ctx context.Context, secret string, ck *cachedKey, gen uint64) {
	at := time.Now()
	ctx, cancel := context.WithTimeout(ctx, keyCacheTTL)
	defer cancel()
	k, err := s.store.APIKeyBySecret(ctx, secret)
	switch {
	case err == nil:
		s.keepKey(secret, k, at, gen)
	case models.KeyRefused(err):
		s.keys.mu.Lock()
		if s.keys.entries[secret] == ck {
			delete(s.keys.entries, secret)
		}
		s.keys.mu.Unlock()
	default:
		ck.refreshing.Store(false)
	}
}
