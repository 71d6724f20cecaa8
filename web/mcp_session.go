package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// gwSessionState is a gateway session's stored state, decoded once where
// the session is read: the subject, the conversation's set and the
// receipts grouped by step.
type gwSessionState struct {
	subject       *authority.Subject
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

// decodeSessionState reads a session's stored subject, set and receipts,
// each as it was written (a JSON value of its own shape, never null);
// "" is no subject and no set.
func decodeSessionState(g *models.GatewaySession) (gwSessionState, error) {
	var st gwSessionState
	if g.Subject != "" {
		st.subject = &authority.Subject{}
		if err := decodeStored("subject", g.Subject, st.subject); err != nil {
			return st, err
		}
		if _, msg := st.subject.Validate(); msg != "" {
			return st, &SessionStateError{Field: "subject", Why: msg}
		}
	}
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
