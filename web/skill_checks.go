package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// DefaultProcedureCeiling is the procedure token ceiling when none is
// configured.
const DefaultProcedureCeiling = 2000

// skillChecks runs the automated checks on a revision: required tools
// exist and are available; the roster-proof lint finds no tool the text
// does not require; the procedure fits the token ceiling; name and summary
// fit their limits.
func (s *Server) skillChecks(snap *Snapshot, c models.SkillContent, prod *models.SkillVersion) ([]views.CheckRow, bool, int, int, error) {
	var rows []views.CheckRow
	ok := true
	add := func(name string, pass bool, detail string) {
		rows = append(rows, views.CheckRow{Name: name, OK: pass, Detail: detail})
		ok = ok && pass
	}
	var missing []string
	for _, t := range c.RequiredTools {
		if _, avail := snap.Available().Get(t); !avail {
			missing = append(missing, t)
		}
	}
	if len(missing) == 0 {
		add("Required tools exist", true, views.Plural(len(c.RequiredTools), "tool", "tools")+", all available")
	} else {
		add("Required tools exist", false, "not available in the catalog: "+strings.Join(missing, ", "))
	}
	text := c.Name + "\n" + c.Summary + "\n" + c.Procedure
	// the fidelity check, with the required tools as the roster: the
	// procedure may teach only what its skill requires
	var required []catalog.Contract
	for _, t := range c.RequiredTools {
		if e, ok := snap.Available().Get(t); ok {
			required = append(required, e.Contract())
		}
	}
	findings := snap.Fidelity().Check(text, fidelity.NewScope(required))
	if len(findings) == 0 {
		add("Roster-proof lint", true, "teaches no tool or capability it does not require")
	} else {
		var parts []string
		for _, f := range findings {
			parts = append(parts, fmt.Sprintf("%s %s via “%s” (…%s…)", f.Kind, f.Tool, f.Signal, f.Excerpt))
		}
		add("Roster-proof lint", false, "teaches what it does not require: "+strings.Join(parts, "; "))
	}
	// memoized by content: lists run the checks of every proposal they show
	tokens, err := s.meter.CountUnit(meter.O200k, catalog.NewUnit(c.Procedure))
	if err != nil {
		return nil, false, 0, 0, err
	}
	delta := tokens
	if prod != nil {
		pt, err := s.meter.CountUnit(meter.O200k, catalog.NewUnit(prod.Procedure))
		if err != nil {
			return nil, false, 0, 0, err
		}
		delta = tokens - pt
	}
	ceiling := s.cfg.ProcedureCeiling
	if ceiling <= 0 {
		ceiling = DefaultProcedureCeiling
	}
	add("Procedure size", tokens <= ceiling, fmt.Sprintf("%s tokens of at most %s (%s against production)", views.Num(tokens), views.Num(ceiling), views.Signed(delta)))
	errs := c.Validate()
	add("Name and summary limits", errs["name"] == "" && errs["summary"] == "", fmt.Sprintf("name %d/%d characters, summary %d/%d", len([]rune(c.Name)), models.MaxSkillName, len([]rune(c.Summary)), models.MaxSkillSummary))
	return rows, ok, tokens, delta, nil
}

// promotePolicy is the promotion rule: the configured number of fresh
// approvals, and passing checks.
func (s *Server) promotePolicy(snap *Snapshot, prod *models.SkillVersion) models.PromotePolicy {
	return models.PromotePolicy{
		RequiredApprovals: s.requiredApprovals(),
		ChecksPass: func(ctx context.Context, c models.SkillContent) (bool, error) {
			_, ok, _, _, err := s.skillChecks(snap, c, prod)
			return ok, err
		},
	}
}

func (s *Server) requiredApprovals() int {
	if s.cfg.RequiredApprovals > 0 {
		return s.cfg.RequiredApprovals
	}
	return 1
}
