package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"

	"github.com/agentforge/console/models"
)

// gwSessionState is a gateway session's stored state, decoded once where
// the session is read: the conversation's set and the receipts grouped by
// step. (The subject is not stored: each request sends it, and
// sameSession holds it to the session's digest of it.)
type gwSessionState struct {
	pick, without []string
	groups        [][]json.RawMessage
	// shown is every tool the session was shown, sorted
	shown []string
}

// SessionStateError says which stored field of a gateway session cannot
// be read. Such a session is refused, never served as if the field were
// empty: an empty set or subject would widen what the session sees.
type SessionStateError struct {
	Field string
	Why   string
}

func (e *SessionStateError) Error() string {
	return fmt.Sprintf("this session's stored %s cannot be read (%s); the session is refused: initialize a new one", e.Field, e.Why)
}

// decodeSessionState reads a session's stored set and receipts, each as
// it was written (a JSON value of its own shape, never null); "" is no
// set.
func decodeSessionState(g *models.GatewaySession) (gwSessionState, error) {
	var st gwSessionState
	for _, f := range []struct {
		name string
		raw  string
		into *[]string
	}{{"tools", g.PickTools, &st.pick}, {"without", g.PickWithout, &st.without}} {
		if f.raw == "" {
			continue
		}
		if err := decodeStored(f.name, f.raw, f.into); err != nil {
			return st, err
		}
		if err := checkToolSet(*f.into, nil); err != nil {
			return st, &SessionStateError{Field: f.name, Why: "a tool id is empty or too long"}
		}
	}
	if err := decodeStored("receipts", g.Receipts, &st.groups); err != nil {
		return st, err
	}
	// a session stored before migration 135 was shown nothing recorded
	if g.Shown != "" {
		if err := decodeStored("shown", g.Shown, &st.shown); err != nil {
			return st, err
		}
		if !slices.IsSorted(st.shown) {
			return st, &SessionStateError{Field: "shown", Why: "not a sorted list"}
		}
	}
	return st, nil
}

// decodeStored decodes one stored JSON value into v; null, an empty
// value, trailing data or another shape is a SessionStateError naming
// field.
func decodeStored(field, raw string, v any) error {
	b := bytes.TrimSpace([]byte(raw))
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		return &SessionStateError{Field: field, Why: "empty or null"}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &SessionStateError{Field: field, Why: "not the JSON it was written as"}
	}
	if len(bytes.TrimSpace(b[dec.InputOffset():])) > 0 {
		return &SessionStateError{Field: field, Why: "trailing data"}
	}
	return nil
}

// sameSession says why a request of an existing session is refused (""
// when it is not): it sends another subject (X-Subject-Id,
// X-Subject-Groups; none for a session opened with one), or names
// another profile (?profile=) or conversation set (?tools=, ?without=)
// than the session was opened with. A session keeps what initialize
// fixed, and a change is never silently ignored (the client would believe
// it acts for another user, or under another profile, than it does); the
// answer names the header or parameter and tells the client to open a
// new session. A request that names no profile or set keeps the
// session's. A request naming another MCP-Protocol-Version than the
// session negotiated is refused too. Every request of a session, the
// DELETE that ends it included, passes this one check.
func (s *Server) sameSession(c echo.Context, g *models.GatewaySession, profile string, subject *authority.Subject) (string, error) {
	if msg := sessionVersionProblem(c.Request().Header, g); msg != "" {
		return msg, nil
	}
	fresh := "; a session keeps what initialize fixed: initialize a new session (without Mcp-Session-Id) for another"
	q := c.QueryParams()
	if q.Has("profile") && profile != g.Profile {
		return fmt.Sprintf("?profile=%s differs from the profile this session was opened with (%s)%s profile", profile, orDefault(g.Profile), fresh), nil
	}
	if q.Has("tools") || q.Has("without") {
		pick, without := toolSetFromQuery(q)
		if !sameSet(pick, g.PickTools) || !sameSet(without, g.PickWithout) {
			return "?tools= and ?without= differ from the set this session was opened with" + fresh + " set", nil
		}
	}
	d, err := s.store.SessionSubjectDigest(c.Request().Context(), subject)
	if err != nil {
		return "", err
	}
	if d != g.SubjectDigest {
		return "X-Subject-Id, X-Subject-Groups: not the subject this session was opened for (send the same headers on every request of a session)" + fresh + " subject", nil
	}
	return "", nil
}

// orDefault names a profile slug, "" being the agent's default.
func orDefault(profile string) string {
	if profile == "" {
		return "the agent's default"
	}
	return profile
}

// sameSet reports whether the ids a request names are the set stored
// (encodeSet) when its session was opened: order and repeats do not count.
func sameSet(ids []string, stored string) bool {
	if (ids == nil) != (stored == "") {
		return false
	}
	var was []string
	if stored != "" && json.Unmarshal([]byte(stored), &was) != nil {
		return false
	}
	norm := func(v []string) []string {
		v = slices.Clone(v)
		slices.Sort(v)
		return slices.Compact(v)
	}
	return slices.Equal(norm(ids), norm(was))
}

// encodeSet is how a session stores a conversation's set: a JSON array,
// "" for none.
func encodeSet(ids []string) string {
	if ids == nil {
		return ""
	}
	b, _ := json.Marshal(ids)
	return string(b)
}

// target is the run a request of the session belongs to.
func (r *gwReq) target() runTarget {
	return runTarget{Agent: r.sess.Agent, Profile: r.sess.Profile, Subject: r.subject, Tools: r.pick, Without: r.without}
}
