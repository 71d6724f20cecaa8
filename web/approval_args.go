package web

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/upstream"
)

// argumentsView is what a reviewer sees of a call's arguments
// (canonical JSON) on an approval request: every connection's secret
// value written "[secret]", as the gateway masks the servers' results,
// then the names and values that look secret masked and the whole
// bounded (authority.ArgumentsView). When the connections cannot be read
// now, nothing of the arguments is shown.
func (s *Server) argumentsView(ctx context.Context, canonical []byte) string {
	specs, _, err := s.gw.conns.load(ctx, s)
	if err != nil {
		return "(the arguments cannot be shown: the connections could not be read to mask their secrets)"
	}
	names := make([]string, 0, len(specs))
	for n := range specs {
		names = append(names, n)
	}
	sort.Strings(names)
	list := make([]upstream.Spec, 0, len(names))
	for _, n := range names {
		list = append(list, specs[n])
	}
	return authority.ArgumentsView(upstream.MaskArguments(list, canonical))
}

// approvalArguments is what an approval request made for a call with
// arguments keeps of them: the keyed digest of their canonical form for
// t's exact version (models.ApprovalArgsDigest), which the approval then
// holds for, and the reviewer's view (argumentsView). Both "" when the
// call sent none.
func (s *Server) approvalArguments(ctx context.Context, t *authority.Tool, arguments json.RawMessage) (digest, view string, err error) {
	if arguments == nil {
		return "", "", nil
	}
	canonical := canonicalArguments(arguments)
	if digest, err = s.store.ApprovalArgsDigest(ctx, t.ID, t.Digest, canonical); err != nil {
		return "", "", err
	}
	return digest, s.argumentsView(ctx, canonical), nil
}
