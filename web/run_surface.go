package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// runTarget is what every run request names: the agent, its profile and
// the subject the agent acts for (none: the group everyone).
type runTarget struct {
	Agent   string             `json:"agent"`
	Profile string             `json:"profile,omitempty"`
	Subject *authority.Subject `json:"subject,omitempty"`
	// Tools and Without are the conversation's set (the fourth): a
	// non-nil Tools keeps only the tools it names, Without drops tools;
	// a deselected tool is neither searchable nor callable in the run.
	Tools   []string `json:"tools,omitempty"`
	Without []string `json:"without,omitempty"`
}

func (t runTarget) validate() error {
	if t.Agent == "" {
		return apiErr(http.StatusBadRequest, "bad_request", "agent", "agent is required")
	}
	if err := checkSlugs(t.Agent, t.Profile); err != nil {
		return err
	}
	// the one subject rule of every runtime route (compose, authorize,
	// bindings)
	if f, msg := t.Subject.Validate(); f != "" {
		return apiErr(http.StatusBadRequest, "bad_request", f, msg)
	}
	return checkToolSet(t.Tools, t.Without)
}

// checkToolSet bounds a request's conversation set: ids of catalog size.
func checkToolSet(tools, without []string) error {
	for _, f := range []struct {
		name string
		ids  []string
	}{{"tools", tools}, {"without", without}} {
		for _, id := range f.ids {
			if id == "" || len(id) > catalog.MaxIDLength {
				return apiErr(http.StatusBadRequest, "bad_request", f.name, fmt.Sprintf("%s: each tool id is 1-%d bytes", f.name, catalog.MaxIDLength))
			}
		}
	}
	// a tool both kept and dropped is a contradiction, never read as
	// "no tools": both fields are named
	for _, id := range without {
		if slices.Contains(tools, id) {
			return apiErr(http.StatusBadRequest, "bad_request", "tools", fmt.Sprintf("tools and without both name %q: a conversation cannot keep and drop the same tool", id))
		}
	}
	return nil
}

// runBase is a loaded run (see runtime.Run).
type runBase = runtime.Run

// runCache holds run bases; generations in the key make stale entries
// unreachable, and the map is reset when it grows large.
type runCache struct {
	mu    sync.Mutex
	bases map[string]*runBase
	key   []byte
	keyMu sync.Mutex
}

const maxRunBases = 1024

// runBaseFor loads (or reuses) the base of a run request at the
// committed generations.
func (s *Server) runBaseFor(ctx context.Context, t runTarget) (*runBase, error) {
	b, _, err := s.runBaseKeyed(ctx, t)
	return b, err
}

// runBaseKeyed is runBaseFor with the base's key (see runBaseKey).
func (s *Server) runBaseKeyed(ctx context.Context, t runTarget) (*runBase, string, error) {
	catGen, cfgGen, err := s.gate.generations(ctx)
	if err != nil {
		return nil, "", err
	}
	k := runBaseKey(t, catGen, cfgGen)
	b, err := s.runBaseAtKey(ctx, t, catGen, cfgGen, k)
	return b, k, err
}

// runBaseKey names a run base: the generations, the agent, the profile
// and the subject's groups (sorted). Everything a base holds is a function
// of its key.
func runBaseKey(t runTarget, catGen, cfgGen int64) string {
	groups := slices.Clone(authority.GroupsOf(t.Subject))
	slices.Sort(groups)
	b := make([]byte, 0, 64+len(t.Agent)+len(t.Profile)+16*len(groups))
	b = strconv.AppendInt(b, catGen, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, cfgGen, 10)
	// quoted: no agent, profile or group can end another's part
	b = strconv.AppendQuote(append(b, '/'), t.Agent)
	b = strconv.AppendQuote(append(b, '/'), t.Profile)
	for _, g := range groups {
		b = strconv.AppendQuote(append(b, '/'), g)
	}
	// the conversation's set, in the order sent (a different order is
	// only another key, never another answer)
	if t.Tools != nil {
		b = append(b, "/tools"...)
		for _, id := range t.Tools {
			b = strconv.AppendQuote(append(b, '/'), id)
		}
	}
	if len(t.Without) > 0 {
		b = append(b, "/without"...)
		for _, id := range t.Without {
			b = strconv.AppendQuote(append(b, '/'), id)
		}
	}
	return string(b)
}

// runBaseAt loads (or reuses) the base of a run request at generations
// the caller has just read.
func (s *Server) runBaseAt(ctx context.Context, t runTarget, catGen, cfgGen int64) (*runBase, error) {
	return s.runBaseAtKey(ctx, t, catGen, cfgGen, runBaseKey(t, catGen, cfgGen))
}

// runBaseAtKey is runBaseAt with the base's key already made.
func (s *Server) runBaseAtKey(ctx context.Context, t runTarget, catGen, cfgGen int64, k string) (*runBase, error) {
	s.runs.mu.Lock()
	b, ok := s.runs.bases[k]
	s.runs.mu.Unlock()
	if ok {
		return b, nil
	}
	snap, err := s.snapshotAt(ctx, catGen)
	if err != nil {
		return nil, err
	}
	st, err := s.authorityAt(ctx, catGen, cfgGen)
	if err != nil {
		return nil, err
	}
	groups := slices.Clone(authority.GroupsOf(t.Subject))
	slices.Sort(groups)
	authorized := func(id string) bool {
		tool, ok := st.tools[id]
		if !ok {
			return false
		}
		_, ok = authority.Authorize(groups, st.grants, tool)
		return ok
	}
	approvalOnly := func(id string) bool {
		tool, ok := st.tools[id]
		if !ok {
			return false
		}
		a, ok := authority.Authorize(groups, st.grants, tool)
		return ok && a.RequiresApproval
	}
	b, err = runtime.LoadRun(ctx, s.genStore(catGen, cfgGen), snap, t.Agent, t.Profile, t.Tools, t.Without, authorized, approvalOnly)
	if err != nil {
		return nil, composeStatus(err)
	}
	s.runs.mu.Lock()
	if s.runs.bases == nil || len(s.runs.bases) >= maxRunBases {
		s.runs.bases = map[string]*runBase{}
	}
	s.runs.bases[k] = b
	s.runs.mu.Unlock()
	return b, nil
}

// withPins is the base's surface with the request's pins (nil keeps the
// profile's); a pin outside the surface is a 422 naming pins.
func withPins(b *runBase, pins []string) (*deferred.Surface, error) {
	if pins == nil {
		return b.Surface, nil
	}
	sf, err := b.Surface.WithPins(pins)
	if err != nil {
		return nil, pinStatus(err)
	}
	return sf, nil
}

// pinStatus is a refused pin's 422 naming pins; other errors pass.
func pinStatus(err error) error {
	var pe *deferred.PinError
	if errors.As(err, &pe) {
		return apiErr(http.StatusUnprocessableEntity, "unprocessable", "pins", pe.Error())
	}
	return err
}

// receiptKey is the server-held HMAC key of run receipts:
// CONSOLE_RECEIPT_KEY when configured, else a key generated once and kept
// in the database, so every replica on one database agrees.
func (s *Server) receiptKey(ctx context.Context) ([]byte, error) {
	s.runs.keyMu.Lock()
	defer s.runs.keyMu.Unlock()
	if s.runs.key != nil {
		return s.runs.key, nil
	}
	if len(s.cfg.ReceiptKey) > 0 {
		s.runs.key = s.cfg.ReceiptKey
		return s.runs.key, nil
	}
	k, err := s.store.Secret(ctx, "receipt-key")
	if err != nil {
		return nil, err
	}
	s.runs.key = k
	return k, nil
}

// ReceiptKeyFromEnv reads CONSOLE_RECEIPT_KEY (nil when unset). A key
// shorter than 32 bytes is refused: it would be guessable.
func ReceiptKeyFromEnv() ([]byte, error) {
	v := os.Getenv("CONSOLE_RECEIPT_KEY")
	if v == "" {
		return nil, nil
	}
	if len(strings.TrimSpace(v)) < models.SecretBytes {
		return nil, fmt.Errorf("CONSOLE_RECEIPT_KEY must be at least %d bytes", models.SecretBytes)
	}
	return []byte(v), nil
}
