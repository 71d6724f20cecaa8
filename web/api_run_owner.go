package web

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// runOwners remembers which runtime key owns which run id. An owner
// never changes while its row lives, but a retention pass (on any
// replica, with its own CONSOLE_RUN_RETENTION) removes the owner of a run
// whose evidence left, and the run id may then be opened by another key:
// an owner is remembered only until its claim is models.MinRunRetention
// old (no replica's pass can have removed it before); past that every
// request asks the database. Bounded by maxRememberedRuns, forgotten all
// at once past it.
type runOwners struct {
	mu    sync.Mutex
	owner map[string]rememberedOwner
	// now is the clock (nil: time.Now).
	now func() time.Time
}

// rememberedOwner is a run's owner and until when it is remembered.
type rememberedOwner struct {
	key   uint
	until time.Time
}

const maxRememberedRuns = 50000

func (o *runOwners) clock() time.Time {
	if o.now != nil {
		return o.now()
	}
	return time.Now()
}

func (o *runOwners) get(run string) (uint, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	r, ok := o.owner[run]
	if !ok || !o.clock().Before(r.until) {
		return 0, false
	}
	return r.key, true
}

// put remembers ow as run's owner while no retention pass can remove it.
func (o *runOwners) put(ow models.RunOwner) {
	until := ow.CreatedAt.Add(models.MinRunRetention)
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.clock().Before(until) {
		delete(o.owner, ow.Run)
		return
	}
	if o.owner == nil || len(o.owner) >= maxRememberedRuns {
		o.owner = map[string]rememberedOwner{}
	}
	o.owner[ow.Run] = rememberedOwner{key: ow.KeyID, until: until}
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
		ow, known, err := s.store.RunOwnerRow(c.Request().Context(), run)
		if err != nil {
			return err
		}
		if !known {
			return nil
		}
		s.runOwners.put(ow)
		owner = ow.KeyID
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
		ow, err := s.store.ClaimRunOwner(c.Request().Context(), run, k.ID)
		if err != nil {
			return err
		}
		s.runOwners.put(ow)
		owner = ow.KeyID
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
