package web

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream"
)

// argumentsView is what a reviewer sees of a call's arguments
// (canonical JSON) to the tool tool whose reviewed contract is c (nil:
// none at hand) on an approval request: the credentials of known shapes
// masked (upstream.MaskArguments), then the names and values that look
// secret, the credentials in free text and what c's schema marks secret
// masked and the whole bounded (authority.ArgumentsViewOf; digest is c's
// reviewed version, by which the schema's masking plan is kept). A value
// equal to a secret of the console or of a connection is shown as any
// other: the caller sent it, and a view (or a filing) that changed with
// it would tell the caller which guess is a secret. The view says whether
// it hides anything (authority.View.Hides): a value masked or the view
// cut.
func (s *Server) argumentsView(canonical []byte, tool authority.Tool, c *catalog.Contract) authority.View {
	masked := upstream.MaskArguments(canonical)
	v := authority.ArgumentsViewReport(masked, tool.Digest, c)
	if !v.Hides && !bytes.Equal(masked, canonical) {
		// both rendered alike, so a difference is a credential written over
		v.Hides = authority.ArgumentsViewReport(canonical, tool.Digest, c).Text != v.Text
	}
	return v
}

// approvalArguments is what an approval request made for a call with
// arguments keeps of them: the keyed digest of their canonical form for
// t's exact version (models.ApprovalArgsDigest), which the approval then
// holds for, and the reviewer's view (argumentsView). Both "" when the
// call sent none.
func (s *Server) approvalArguments(ctx context.Context, t *authority.Tool, arguments json.RawMessage) (digest string, view authority.View, err error) {
	if arguments == nil {
		return "", view, nil
	}
	canonical := canonicalArguments(arguments)
	if digest, err = s.store.ApprovalArgsDigest(ctx, t.ID, t.Digest, canonical); err != nil {
		return "", view, err
	}
	return digest, s.argumentsView(canonical, *t, s.reviewedContract(ctx, t)), nil
}

// reviewedContract is t's contract as the catalog holds it, when that is
// t's exact version (its digest); nil otherwise, and then the view masks
// by names and shapes alone.
func (s *Server) reviewedContract(ctx context.Context, t *authority.Tool) *catalog.Contract {
	row, err := s.store.ToolByID(ctx, t.ID)
	if err != nil || row.Digest != t.Digest {
		return nil
	}
	c, err := row.Parsed()
	if err != nil {
		return nil
	}
	return &c
}
