package authority

import (
	"errors"
	"fmt"
	"slices"
)

// Ledger validation states (seed 000): a descriptor is a candidate until
// its structure validates; only a reviewer other than its importer (or the
// host, for its own built-in tools) makes it bindable or rejects it.
const (
	StateCandidate         = "candidate"
	StateStructurallyValid = "structurally_valid"
	StateBindable          = "bindable"
	StateRejected          = "rejected"
)

// States lists every validation state in lifecycle order.
var States = []string{StateCandidate, StateStructurallyValid, StateBindable, StateRejected}

// Trust levels of a descriptor's source: imported documents are
// untrusted; the console's built-in catalog is host-verified.
const (
	TrustUntrusted     = "untrusted"
	TrustAuthenticated = "authenticated"
	TrustHostVerified  = "host_verified"
)

// TrustLevels lists every trust level.
var TrustLevels = []string{TrustUntrusted, TrustAuthenticated, TrustHostVerified}

// Risk levels a reviewer classifies a tool with.
var RiskLevels = []string{"low", "medium", "high"}

// Move is one requested ledger transition and who asks for it.
type Move struct {
	// Actor is the reviewer; System is set for the host's own moves
	// (structural validation, a changed descriptor).
	Actor    string
	System   bool
	Importer string
	// Shapers are the others who chose the tool's server (who added or
	// changed its connection): none of them reviews it either.
	Shapers []string
	Trust   string
	// Digest is the tool's current descriptor digest and Seen the digest
	// the reviewer saw; a review binds to it.
	Digest, Seen string
	// Effects and Risk are the reviewer's classification (required to
	// become bindable).
	Effects, Risk string
	// Valid reports the descriptor passed structural validation.
	Valid bool
}

// Ledger errors.
var (
	ErrSkippedState  = errors.New("authority: that move skips a ledger state")
	ErrSelfReview    = errors.New("authority: the importer of a tool cannot review it")
	ErrNeedsReviewer = errors.New("authority: only a reviewer can make this move")
	ErrDigestChanged = errors.New("authority: the descriptor changed since the reviewer saw it")
	ErrUnclassified  = errors.New("authority: a bindable tool needs a classification of effects and risk")
	ErrInvalid       = errors.New("authority: the descriptor did not validate")
)

// edges are the allowed transitions; a changed descriptor (to candidate)
// is allowed from every state.
var edges = map[string][]string{
	StateCandidate:         {StateStructurallyValid, StateRejected},
	StateStructurallyValid: {StateBindable, StateRejected, StateCandidate},
	StateBindable:          {StateRejected, StateCandidate},
	StateRejected:          {StateCandidate},
}

// Transition checks one ledger move: it returns nil when from → to is an
// edge of the lifecycle and the mover may make it.
func Transition(from, to string, m Move) error {
	if !slices.Contains(edges[from], to) {
		return fmt.Errorf("%w: %s → %s", ErrSkippedState, from, to)
	}
	switch {
	case to == StateCandidate:
		// a changed descriptor: the host's move
		if !m.System {
			return ErrNeedsReviewer
		}
		return nil
	case from == StateCandidate && to == StateStructurallyValid:
		if !m.Valid {
			return ErrInvalid
		}
		return nil
	case from == StateCandidate && to == StateRejected:
		if m.System && !m.Valid {
			return nil
		}
		return reviewerMove(m)
	case to == StateBindable:
		if m.Seen != m.Digest {
			return ErrDigestChanged
		}
		if !slices.Contains(effectsClasses, m.Effects) || !slices.Contains(RiskLevels, m.Risk) {
			return ErrUnclassified
		}
		if m.System && m.Trust == TrustHostVerified {
			return nil
		}
		return reviewerMove(m)
	default: // to rejected
		if m.Seen != m.Digest {
			return ErrDigestChanged
		}
		return reviewerMove(m)
	}
}

func reviewerMove(m Move) error {
	switch {
	case m.System || m.Actor == "":
		return ErrNeedsReviewer
	case m.Actor == m.Importer || slices.Contains(m.Shapers, m.Actor):
		return ErrSelfReview
	}
	return nil
}

var effectsClasses = []string{"read-only", "workspace-write", "external-write", "destructive"}

// EffectsClasses lists the effects classes a reviewer classifies with and
// a grant may name.
func EffectsClasses() []string { return slices.Clone(effectsClasses) }

// Reclassify checks a reviewer's correction of a bindable tool's
// classification: the tool stays bindable, and the new class binds to the
// digest the reviewer saw, exactly as the first classification did.
func Reclassify(from string, m Move) error {
	if from != StateBindable {
		return fmt.Errorf("%w: only a bindable tool is classified again (it is %s)", ErrSkippedState, from)
	}
	if m.Seen != m.Digest {
		return ErrDigestChanged
	}
	if !slices.Contains(effectsClasses, m.Effects) || !slices.Contains(RiskLevels, m.Risk) {
		return ErrUnclassified
	}
	return reviewerMove(m)
}
