package upstream

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Served is the tool list of the session that serves spec's calls now
// (started when there is none), read once per session and again after
// the server sends notifications/tools/list_changed, with the session's
// serial number (a new number: a new session, so a new process of a
// stdio server). A server reached by URL is read again once RelistEvery
// has passed (it sends no list_changed here): the calls that find it
// stale share one tools/list, and when that list fails the last listing
// of the session is used (a transient error must not fail
// calls while a minute-old listing is at hand). The gateway compares it
// with the reviewed contracts before a call: the process that answers is
// the one whose tools were reviewed.
func (p *Pool) Served(ctx context.Context, spec Spec) ([]*mcp.Tool, uint64, error) {
	c, err := p.client(spec)
	if err != nil {
		return nil, 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	cs, _, err := c.sessionDirect(ctx)
	if err != nil {
		return nil, 0, err
	}
	c.mu.Lock()
	serial := c.serial
	// the session's listing, however old (nil when the server said it
	// changed: it is not used on a failed read)
	var last []*mcp.Tool
	if c.cs == cs && c.listing != nil && c.listed == serial && !c.stale.Load() {
		last = c.listing
		if len(spec.Command) > 0 || p.now().Sub(c.listedAt) < p.relistEvery() {
			c.mu.Unlock()
			return last, serial, nil
		}
	}
	// cleared before the read: a change said during it marks it again
	c.stale.Store(false)
	c.mu.Unlock()
	v, err, _ := c.relist.Do(strconv.FormatUint(serial, 10), func() (any, error) {
		tools, err := p.listOn(ctx, c, cs)
		if err != nil {
			return nil, err
		}
		if tools == nil {
			tools = []*mcp.Tool{}
		}
		c.mu.Lock()
		if c.cs == cs && c.serial == serial {
			c.listing, c.listed, c.listedAt = tools, serial, p.now()
		}
		c.mu.Unlock()
		return tools, nil
	})
	if err != nil {
		if last != nil {
			p.log.Warn("upstream tool list not read again; the last listing is used", "connection", spec.Name, "err", err)
			return last, serial, nil
		}
		return nil, 0, err
	}
	return v.([]*mcp.Tool), serial, nil
}

// forgetListing drops the listing of session cs (the server said its
// list changed): the next Served reads it again. It also marks the
// listing stale: a change said while Served is reading the list would
// otherwise be lost when that read stores the older list it got.
func (c *client) forgetListing(cs *mcp.ClientSession) {
	c.mu.Lock()
	if c.cs == cs {
		c.listing = nil
		c.stale.Store(true)
	}
	c.mu.Unlock()
}

// forgetAnyListing marks the listing stale whatever session it is of: a
// list_changed dropped past the rate limit (notify_limit.go) is read
// before its session is at hand, maybe while connect holds c.mu (so an
// atomic, never the lock); forgetting a newer session's listing only
// reads it once more.
func (c *client) forgetAnyListing() { c.stale.Store(true) }

// Relist makes the next Served of spec read the tool list of session
// serial again (if it is still the one serving): a running server may
// change its list without saying so, and a sync (reading the list on its
// own) may have seen the change. The listing it had is not used if the
// read fails.
func (p *Pool) Relist(spec Spec, serial uint64) {
	c, err := p.client(spec)
	if err != nil {
		return
	}
	c.mu.Lock()
	if c.cs != nil && c.serial == serial {
		c.stale.Store(true)
	}
	c.mu.Unlock()
}

// Restart ends the session serving spec, if it is still the one numbered
// serial, and starts a new one at once (no backoff: nothing failed), so
// a stdio server runs its current code: a sync that read a new process's
// tools is then served by a process like it.
func (p *Pool) Restart(ctx context.Context, spec Spec, serial uint64) error {
	c, err := p.client(spec)
	if err != nil {
		return err
	}
	c.mu.Lock()
	cs := c.cs
	if cs == nil || c.serial != serial {
		c.mu.Unlock()
		return nil
	}
	c.setSessionLocked(nil, nil)
	c.listing = nil
	c.mu.Unlock()
	p.log.Info("upstream restarted: its tools differ from the reviewed ones", "connection", spec.Name)
	_ = cs.Close()
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	if _, _, err := c.sessionDirect(ctx); err != nil {
		return fmt.Errorf("upstream %s: restart: %w", spec.Name, err)
	}
	return nil
}

func (p *Pool) relistEvery() time.Duration {
	if p.RelistEvery > 0 {
		return p.RelistEvery
	}
	return DefaultRelistEvery
}
