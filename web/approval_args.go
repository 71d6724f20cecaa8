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
// none at hand) on an approval request: the secret values of the
// connection that serves the tool (and the console's own) written
// "[secret]", as the gateway masks that server's results — never another
// connection's, or a key filing guesses would learn which is one — then the names
// and values that look secret, the credentials in free text and what c's
// schema marks secret masked and the whole bounded
// (authority.ArgumentsViewOf; digest is c's reviewed version, by which
// the schema's masking plan is kept). When the connections cannot be read now,
// nothing of the arguments is shown. The view says whether it hides
// anything (authority.View.Hides): a connection's secret written, a value
// masked, the view cut, or nothing shown.
func (s *Server) argumentsView(ctx context.Context, canonical []byte, tool authority.Tool, c *catalog.Contract) authority.View {
	specs, _, err := s.gw.conns.load(ctx, s)
	if err != nil {
		return authority.Hidden("(the arguments cannot be shown: the connections could not be read to mask their secrets)")
	}
	var list []upstream.Spec
	if sp, ok := specs[tool.Namespace()]; ok && tool.Namespace() != "" {
		list = append(list, sp)
	}
	masked := upstream.MaskArguments(list, canonical)
	v := authority.ArgumentsViewReport(masked, tool.Digest, c)
	if !v.Hides && !bytes.Equal(masked, canonical) {
		// both rendered alike, so a difference is a secret written over
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
	return digest, s.argumentsView(ctx, canonical, *t, s.reviewedContract(ctx, t)), nil
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
