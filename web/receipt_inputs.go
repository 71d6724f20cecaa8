package web

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
)

// receiptInputs is what a receipt records besides the text: the request
// normalized as models.NormalizeReceiptInputs normalizes it (its sets
// sorted without repeats, the subject's id replaced by its digest), the
// header, the pinned versions and the totals.
type receiptInputs struct {
	Request receiptRequest `json:"request"`
	meter.Header
	Pinned runtime.Pinned `json:"pinned"`
	Totals meter.Totals   `json:"totals"`
}

// receiptRequest is a ComposeRequest as a receipt stores it.
type receiptRequest struct {
	Agent       string          `json:"agent,omitempty"`
	Profile     string          `json:"profile,omitempty"`
	Tools       []string        `json:"tools,omitempty"`
	Without     []string        `json:"without,omitempty"`
	Services    []string        `json:"services,omitempty"`
	Tier        string          `json:"tier,omitempty"`
	CatalogForm string          `json:"catalog_form,omitempty"`
	Deferred    *bool           `json:"deferred,omitempty"`
	Pins        []string        `json:"pins,omitempty"`
	Encoding    string          `json:"encoding,omitempty"`
	Subject     *receiptSubject `json:"subject,omitempty"`
}

// receiptSubject is the end user a receipt names: the digest of its id
// (models.Store.SubjectDigest), never the id, and its groups as a set.
type receiptSubject struct {
	IDDigest string   `json:"id_digest"`
	Groups   []string `json:"groups"`
}

// receiptInputsJSON encodes a served composition's receipt inputs once,
// already normalized: the same document models.NormalizeReceiptInputs
// makes of the request as sent (TestReceiptInputsAreNormalized), without
// decoding the encoded inputs into maps and encoding them again.
func (s *Server) receiptInputsJSON(ctx context.Context, req ComposeRequest, res Result) (string, error) {
	in := receiptInputs{Header: res.Header, Pinned: res.Pinned, Totals: res.Totals, Request: receiptRequest{
		Agent: req.Agent, Profile: req.Profile, Tier: req.Tier, CatalogForm: req.CatalogForm, Deferred: req.Deferred, Encoding: req.Encoding,
		Tools: stringSet(req.Tools), Without: stringSet(req.Without), Services: stringSet(req.Services), Pins: stringSet(req.Pins),
	}}
	if sub := req.Subject; sub != nil {
		d, err := s.store.SubjectDigest(ctx, sub.ID)
		if err != nil {
			return "", err
		}
		in.Request.Subject = &receiptSubject{IDDigest: d, Groups: stringSet(sub.Groups)}
	}
	b, err := json.Marshal(in)
	return string(b), err
}

// stringSet is the list sorted without repeats, in a new slice (nil stays
// nil, empty stays empty).
func stringSet(l []string) []string {
	if l == nil {
		return nil
	}
	out := slices.Clone(l)
	slices.Sort(out)
	return slices.Compact(out)
}
