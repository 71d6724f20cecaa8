package models

import (
	"context"

	"github.com/agentforge/console/instruction/authority"
)

// DemoContractors is the demo group an admin has narrowed: contractors may
// read, render charts, and write to the workspace only with an approval;
// no code execution. The forge's subject picker shows what the analyst
// offers them.
const DemoContractors = "contractors"

func (s *Store) seedAuthority(ctx context.Context, known map[string]bool) error {
	_, err := s.SetGrants(ctx, SystemActor, DemoContractors, 0, []GrantSpec{
		{Kind: authority.KindEffects, Value: "read-only"},
		{Kind: authority.KindTool, Value: "render_chart"},
		{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true},
	}, "demo: contractors read and chart; writing needs approval; no code execution", known)
	return err
}
