package web

import (
	"fmt"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// runOwners remembers which runtime key owns which run id (an owner never
// changes, so a remembered one is never stale); bounded by
// maxRememberedRuns, forgotten all at once past it.
type runOwners struct {
	mu    sync.Mutex
	owner map[string]uint
}

const maxRememberedRuns = 50000

func (o *runOwners) get(run string) (uint, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	id, ok := o.owner[run]
	return id, ok
}

func (o *runOwners) put(run string, id uint) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.owner == nil || len(o.owner) >= maxRememberedRuns {
		o.owner = map[string]uint{}
	}
	o.owner[run] = id
}

// notOthersRun refuses a request on run by another runtime key than the
// one that opened it (403 naming run), before anything is decided,
// written or claimed; a run nobody opened passes, unclaimed: a request
// claims it (ownRun) only once it is valid, so a refused one (a bad body,
// an agent that does not exist) leaves no owner behind.
func (s *Server) notOthersRun(c echo.Context, run string) error {
	k, ok := c.Get(keyAPIKey).(*models.APIKey)
	if !ok {
		return nil
	}
	owner, known := s.runOwners.get(run)
	if !known {
		var err error
		if owner, known, err = s.store.RunOwnerOf(c.Request().Context(), run); err != nil {
			return err
		}
		if !known {
			return nil
		}
		s.runOwners.put(run, owner)
	}
	return otherKeysRun(run, owner, k.ID)
}

// ownRun makes the request's runtime key the owner of run when nobody
// opened it yet (models.ClaimRun: the first key to write to a run id
// opens it), once the request is known valid and before anything is
// decided or written; a run another key opened meanwhile is refused as
// notOthersRun refuses it.
func (s *Server) ownRun(c echo.Context, run string) error {
	k, ok := c.Get(keyAPIKey).(*models.APIKey)
	if !ok {
		return nil
	}
	owner, known := s.runOwners.get(run)
	if !known {
		var err error
		if owner, err = s.store.ClaimRun(c.Request().Context(), run, k.ID); err != nil {
			return err
		}
		s.runOwners.put(run, owner)
	}
	return otherKeysRun(run, owner, k.ID)
}

// otherKeysRun is the refusal of a request by key on run, which owner
// opened (nil when key is the owner).
func otherKeysRun(run string, owner, key uint) error {
	if owner != key {
		return apiErr(http.StatusForbidden, "forbidden", "run", fmt.Sprintf("run %q was opened by another runtime key: only that key writes to it; nothing was decided or recorded. Choose another run id", run))
	}
	return nil
}
