package runtime

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"strconv"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/memo"
)

// ForSubject narrows an agent context to what the subject is granted: its
// drafts leave every other tool out of the roster and the levers, and
// Resolve names the authorized set as what dropped it. No subject is the
// group everyone. A tool granted only with approval stays in: the model
// sees it marked as asking for approval (ApprovalOnly); each call's check
// asks for the approval.
func ForSubject(ctx context.Context, store Store, snap *Snapshot, ac AgentContext, subject *authority.Subject) (AgentContext, error) {
	grants, err := store.AllGrants(ctx)
	if err != nil {
		return ac, err
	}
	ac.Authorized, ac.ApprovalOnly = SubjectSets(snap, grants, authority.GroupsOf(subject))
	return ac, nil
}

// subjectSets are a subject's authorized set and, within it, the tools
// every matching grant gives only with a person's approval per call.
type subjectSets struct {
	in, approval map[string]bool
}

func (snap *Snapshot) subjectSets(grants []authority.Grant, groups []string) subjectSets {
	return snap.authorized.Get(authorizedKey(grants, groups), func() subjectSets {
		s := subjectSets{in: map[string]bool{}, approval: map[string]bool{}}
		for _, t := range snap.authTools {
			if a, ok := authority.Authorize(groups, grants, t); ok {
				s.in[t.ID] = true
				if a.RequiresApproval {
					s.approval[t.ID] = true
				}
			}
		}
		return s
	})
}

// ApprovalSet is the membership test of the tools the groups are granted
// only with a person's approval per call (authority.Auth's
// RequiresApproval), memoized with AuthorizedSet. The text marks them.
func ApprovalSet(snap *Snapshot, grants []authority.Grant, groups []string) func(id string) bool {
	return snap.subjectSets(grants, groups).approvalOnly()
}

// SubjectSets are AuthorizedSet and ApprovalSet of the groups from one
// read of the snapshot's memo: the grants and groups are hashed once.
func SubjectSets(snap *Snapshot, grants []authority.Grant, groups []string) (authorized, approvalOnly func(id string) bool) {
	s := snap.subjectSets(grants, groups)
	return s.authorized(), s.approvalOnly()
}

// authorized is the membership test of the authorized set.
func (s subjectSets) authorized() func(id string) bool {
	in := s.in
	return func(id string) bool { return in[id] }
}

// approvalOnly is the membership test of the tools granted only with
// approval; nil when there are none.
func (s subjectSets) approvalOnly() func(id string) bool {
	in := s.approval
	if len(in) == 0 {
		return nil
	}
	return func(id string) bool { return in[id] }
}

// AuthorizedSet is the authorized set of the groups over the snapshot's
// tools, as a membership test. It is a function of the snapshot's tools,
// the grants and the groups alone, so the snapshot memoizes it keyed by
// the grants' and groups' content (a changed grant is a different key:
// nothing stale can answer).
func AuthorizedSet(snap *Snapshot, grants []authority.Grant, groups []string) func(id string) bool {
	return snap.subjectSets(grants, groups).authorized()
}

// authorizedKey is sha256 over the grants and groups, each field
// length-prefixed so no two different inputs share a key.
func authorizedKey(grants []authority.Grant, groups []string) [sha256.Size]byte {
	// written to a buffer on the stack and hashed at once: a usual
	// subject's grants fit, and no field is copied to the heap
	var buf [512]byte
	b := appendField(buf[:0], strconv.Itoa(len(grants)))
	for _, g := range grants {
		b = appendField(b, g.Group)
		b = appendField(b, g.Kind)
		b = appendField(b, g.Value)
		b = appendField(b, strconv.FormatBool(g.RequiresApproval))
	}
	b = appendField(b, strconv.Itoa(len(groups)))
	for _, g := range groups {
		b = appendField(b, g)
	}
	return sha256.Sum256(b)
}

// appendField appends s to b after its length (eight bytes, little
// endian).
func appendField(b []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint64(b, uint64(len(s))), s...)
}

// maxAuthorizedSets bounds a snapshot's memo of authorized sets.
const maxAuthorizedSets = 1024

// authorizedSets is the type of a snapshot's memo of authorized sets,
// keyed by authorizedKey.
type authorizedSets = memo.Bounded[[sha256.Size]byte, subjectSets]

func newAuthorizedSets() *authorizedSets {
	return memo.NewBounded[[sha256.Size]byte, subjectSets](maxAuthorizedSets)
}
