package web

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// proposalSelection evaluates, for every agent whose selection cases
// expect the skill ("skill:SLUG"), those cases with the production version
// and with the proposal's content, so a proposal that breaks old tasks
// shows it before promotion.
func (s *Server) proposalSelection(c echo.Context, slug string, prod *models.SkillVersion, ct models.SkillContent, revision int) ([]views.SelectionCompareData, error) {
	ctx := c.Request().Context()
	agents, err := s.store.Agents(ctx)
	if err != nil {
		return nil, err
	}
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return nil, err
	}
	proposed := instruction.Skill{Slug: slug, Name: ct.Name, Summary: ct.Summary, RequiredTools: ct.RequiredTools}
	var old, next []instruction.Skill
	for _, sk := range skills {
		if sk.Slug != slug {
			old, next = append(old, sk), append(next, sk)
		}
	}
	labelA := "without the skill"
	if prod != nil {
		labelA = fmt.Sprintf("production v%d", prod.Version)
		old = append(old, instruction.Skill{Slug: slug, Name: prod.Name, Summary: prod.Summary, Version: prod.Version, RequiredTools: prod.RequiredTools()})
	}
	next = append(next, proposed)
	snap, err := s.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var out []views.SelectionCompareData
	for _, a := range agents {
		suite, _, err := s.agentSuite(c, a.ID, 0)
		if err != nil {
			return nil, err
		}
		if !expectsSkill(suite, slug) {
			continue
		}
		ac, err := s.loadAgentContext(ctx, a.Slug, "")
		if err != nil {
			return nil, err
		}
		d, _ := ac.Draft(snap, nil)
		inA, inB := d.Input(), d.Input()
		inA.Skills, inB.Skills = old, next
		out = append(out, *compareSuite(suite, a.Slug, labelA, fmt.Sprintf("proposal, revision %d", revision), inA, inB))
	}
	return out, nil
}

func expectsSkill(suite eval.Suite, slug string) bool {
	for _, c := range suite.Cases {
		for _, e := range c.Expect {
			for _, id := range eval.Alternatives(e) {
				if strings.TrimPrefix(id, eval.SkillPrefix) == slug && strings.HasPrefix(id, eval.SkillPrefix) {
					return true
				}
			}
		}
	}
	return false
}
