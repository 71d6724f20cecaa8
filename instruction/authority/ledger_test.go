package authority

import (
	"errors"
	"testing"
)

// TestLedgerStateMachine walks every (from, to) pair: only lifecycle
// edges are allowed, nothing skips structural validation, and no
// reviewing move is made by the importer or without a reviewer.
func TestLedgerStateMachine(t *testing.T) {
	review := Move{Actor: "rita", Importer: "ivan", Digest: "d", Seen: "d", Effects: "read-only", Risk: "low", Valid: true}
	system := Move{System: true, Importer: "ivan", Digest: "d", Seen: "d", Effects: "read-only", Risk: "low", Valid: true}
	allowed := map[[2]string]Move{
		{StateCandidate, StateStructurallyValid}: system,
		{StateCandidate, StateRejected}:          review,
		{StateStructurallyValid, StateBindable}:  review,
		{StateStructurallyValid, StateRejected}:  review,
		{StateStructurallyValid, StateCandidate}: system,
		{StateBindable, StateRejected}:           review,
		{StateBindable, StateCandidate}:          system,
		{StateRejected, StateCandidate}:          system,
	}
	for _, from := range States {
		for _, to := range States {
			m, ok := allowed[[2]string{from, to}]
			for _, try := range []Move{review, system} {
				err := Transition(from, to, try)
				if !ok && !errors.Is(err, ErrSkippedState) {
					t.Errorf("%s → %s allowed (%v), want a skipped-state error", from, to, err)
				}
			}
			if ok {
				if err := Transition(from, to, m); err != nil {
					t.Errorf("%s → %s: %v", from, to, err)
				}
			}
		}
	}
	tests := []struct {
		name     string
		from, to string
		m        Move
		want     error
	}{
		{"importer reviews own tool", StateStructurallyValid, StateBindable, Move{Actor: "ivan", Importer: "ivan", Digest: "d", Seen: "d", Effects: "read-only", Risk: "low"}, ErrSelfReview},
		{"importer rejects own tool", StateStructurallyValid, StateRejected, Move{Actor: "ivan", Importer: "ivan", Digest: "d", Seen: "d"}, ErrSelfReview},
		{"system makes an import bindable", StateStructurallyValid, StateBindable, Move{System: true, Trust: TrustUntrusted, Digest: "d", Seen: "d", Effects: "read-only", Risk: "low"}, ErrNeedsReviewer},
		{"host verifies its own tool", StateStructurallyValid, StateBindable, Move{System: true, Trust: TrustHostVerified, Digest: "d", Seen: "d", Effects: "read-only", Risk: "low"}, nil},
		{"stale digest", StateStructurallyValid, StateBindable, Move{Actor: "rita", Importer: "ivan", Digest: "d2", Seen: "d", Effects: "read-only", Risk: "low"}, ErrDigestChanged},
		{"no classification", StateStructurallyValid, StateBindable, Move{Actor: "rita", Importer: "ivan", Digest: "d", Seen: "d"}, ErrUnclassified},
		{"bad risk", StateStructurallyValid, StateBindable, Move{Actor: "rita", Importer: "ivan", Digest: "d", Seen: "d", Effects: "read-only", Risk: "none"}, ErrUnclassified},
		{"invalid descriptor", StateCandidate, StateStructurallyValid, Move{System: true}, ErrInvalid},
		{"invalid descriptor rejected by the host", StateCandidate, StateRejected, Move{System: true}, nil},
		{"reviewer sends a tool back to candidate", StateBindable, StateCandidate, Move{Actor: "rita"}, ErrNeedsReviewer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Transition(tt.from, tt.to, tt.m); !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}
