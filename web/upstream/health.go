package upstream

import (
	"context"
	"fmt"
	"time"
)

// Health is what the last real contact with a connection's server said:
// a call or listing answered, the server started (Up), or it did not
// start, exited, refused the connection, or failed a ping (Why).
type Health struct {
	Up  bool
	At  time.Time
	Why string
}

// health states of a client
const (
	healthUnknown = iota
	healthUp
	healthDown
)

// ContactEvery is how often, at most, a healthy server's answers are
// reported as its last contact: calls move a connection's "answered"
// time on without a write per call.
const ContactEvery = time.Minute

// setHealthLocked records the outcome of a real contact (c.mu held). A
// change of state, or of the reason a server is down, is reported to the
// pool's OnHealth; a server that goes down is probed until it is back.
// A healthy server costs little more: its answers are reported once per
// ContactEvery (its last contact moves on), and nothing probes it. A
// server that stays down is reported down again once per ContactEvery
// too, so a status written meanwhile from elsewhere (a sync that listed
// the tools of a server calls cannot use) is corrected within a minute.
func (c *client) setHealthLocked(up bool, why error) {
	state, text := healthUp, ""
	if !up {
		state, text = healthDown, "the server could not be reached"
		if why != nil {
			text = c.masked(why).Error()
		}
	}
	if !up {
		c.steadyUntil.Store(0)
	}
	now := c.pool.now().UTC()
	if c.health == state && c.healthWhy == text && now.Sub(c.healthAt) < ContactEvery {
		return
	}
	c.health, c.healthWhy, c.healthAt = state, text, now
	if hook := c.pool.OnHealth; hook != nil {
		h := Health{Up: up, At: now, Why: text}
		go hook(c.spec.Name, h)
	}
	if !up && !c.probing && !c.closed {
		c.probing = true
		go c.probe()
	}
}

// probe reaches a server that is down, after the backoff, until it
// answers (a new session and a ping) or its client is closed: its
// health comes back without waiting for a call.
func (c *client) probe() {
	for {
		c.mu.Lock()
		if c.closed || c.health != healthDown {
			c.probing = false
			c.mu.Unlock()
			return
		}
		wait := max(time.Until(c.nextTry), backoff(max(c.failures, 1), c.spec.MaxBackoff))
		c.mu.Unlock()
		select {
		case <-time.After(wait):
		case <-c.stop:
			c.mu.Lock()
			c.probing = false
			c.mu.Unlock()
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), min(c.pool.timeout(c.spec), pingTimeout))
		if cs, err := c.session(ctx); err == nil {
			if perr := cs.Ping(ctx, nil); perr != nil {
				c.drop(cs, fmt.Errorf("the server did not answer a ping: %w", perr))
			} else {
				c.healthy()
			}
		}
		cancel()
	}
}

// maskText is text with every secret value of the connection and every
// encoded form of one masked, then every credential of a known shape
// (maskOne): the one masking of a server's health message, its JSON-RPC
// error text and each string of its results.
func (s *secretSet) maskText(text string) string {
	return maskOne(text, s.plain)
}

// healthy ends a run of failures: the next failure waits the least. A
// steady server's answer (steadyUntil) takes no lock: every call of a
// connection answers here, and they would queue on mu.
func (c *client) healthy() {
	if c.pool.now().UnixNano() < c.steadyUntil.Load() {
		return
	}
	c.mu.Lock()
	c.failures = 0
	c.setHealthLocked(true, nil)
	if c.health == healthUp {
		c.steadyUntil.Store(c.healthAt.Add(ContactEvery).UnixNano())
	}
	c.mu.Unlock()
}

// unreachable records a request that failed for want of the server (not
// its answer): the connection is down until a contact answers.
func (c *client) unreachable(why error) {
	c.mu.Lock()
	c.setHealthLocked(false, why)
	c.mu.Unlock()
}
