package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// load_skill, served the same way over the gateway and the runs API: a
// step lists a skill while every tool it requires is active (a code-only
// helper counts while exec is), and load_skill answers exactly the slugs
// the step lists; any other slug, of a skill that exists or not, gets
// the same unknown-skill answer.

// listedSkills are the run's skills the step lists, given which tools
// are active in it. Pure.
func listedSkills(skills []instruction.Skill, sf *deferred.Surface, active func(string) bool) []instruction.Skill {
	exec := active("exec")
	var out []instruction.Skill
	for _, k := range skills {
		ok := true
		for _, t := range k.RequiredTools {
			if e, found := sf.Entry(t); found && e.CodeOnly() && exec {
				continue
			}
			if !active(t) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, k)
		}
	}
	return out
}

// loadedSkill is load_skill's answer: a listed skill's reviewed
// procedure, at the version the run was composed with.
type loadedSkill struct {
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	Version   int    `json:"version"`
	Digest    string `json:"digest"`
	Procedure string `json:"procedure"`
}

// Text is the answer as the model reads it.
func (k *loadedSkill) Text() string {
	return fmt.Sprintf("# Skill %s (%s, version %d)\n\n%s", k.Name, k.Slug, k.Version, k.Procedure)
}

var (
	loadSkillOnce     sync.Once
	loadSkillContract catalog.Contract
	loadSkillMCP      *mcp.Tool
)

// loadSkillDef is load_skill's contract and its MCP tool.
func loadSkillDef() (*catalog.Contract, *mcp.Tool) {
	loadSkillOnce.Do(func() {
		for _, c := range instruction.SyntheticContracts() {
			if c.ID == instruction.LoadSkillToolID {
				loadSkillContract = c
			}
		}
		loadSkillMCP = contractTool(loadSkillContract)
	})
	return &loadSkillContract, loadSkillMCP
}

// skillUnknown is the one answer for a slug the step does not list,
// whether or not such a skill exists.
func skillUnknown(slug string) *authority.Error {
	return &authority.Error{Type: authority.TypeUnavailable, Message: fmt.Sprintf("No skill named %s is listed in this step; load a skill the skills section lists, or go on without one.", strconv.Quote(clip(slug, 100))),
		NextActions: []string{authority.ActLoadListedSkill, authority.ActContinueWithoutSkill, authority.ActStop}}
}

// loadSkill answers load_skill's arguments raw for a step listing
// listed: the skill, or the model-visible error (invalid arguments, or
// an unknown skill).
func (s *Server) loadSkill(ctx context.Context, listed []instruction.Skill, raw json.RawMessage) (*loadedSkill, *authority.Error, error) {
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	c, _ := loadSkillDef()
	if ps := args.Check("load_skill@"+c.Version, c, raw); len(ps) > 0 {
		return nil, &authority.Error{Type: authority.TypeInvalidArguments, Message: fmt.Sprintf("The arguments of %s do not match its schema.", instruction.LoadSkillToolID),
			NextActions: []string{authority.ActFixArguments}, Problems: ps}, nil
	}
	var in struct {
		Slug string `json:"slug"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, nil, err
	}
	for _, k := range listed {
		if k.Slug != in.Slug {
			continue
		}
		sk, err := s.store.SkillBySlug(ctx, k.Slug)
		if err != nil {
			return nil, nil, err
		}
		v, err := s.store.SkillVersionAt(ctx, sk.ID, k.Version)
		if errors.Is(err, models.ErrNotFound) {
			return nil, skillUnknown(in.Slug), nil
		}
		if err != nil {
			return nil, nil, err
		}
		return &loadedSkill{Slug: k.Slug, Name: v.Name, Version: v.Version, Digest: v.Digest, Procedure: v.Procedure}, nil, nil
	}
	return nil, skillUnknown(in.Slug), nil
}

// callLoadSkill serves load_skill over the gateway, recorded as evidence
// like every call: the skill's digest, the verdict, latency and bytes.
func (g *gateway) callLoadSkill(ctx context.Context, st *gwStep, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, error) {
	listed := listedSkills(st.base.Draft.Skills, st.surface, st.active)
	if len(listed) == 0 {
		ev.Verdict = deferred.CallUnknown
		return toolUnavailable(instruction.LoadSkillToolID, st.searches()), nil
	}
	start := time.Now()
	k, e, err := g.s.loadSkill(ctx, listed, p.Arguments)
	if err != nil {
		return nil, err
	}
	ev.LatencyUS = int(time.Since(start) / time.Microsecond)
	if e != nil {
		ev.Verdict = deferred.CallUnknown
		if e.Type == authority.TypeInvalidArguments {
			ev.Verdict = deferred.CallDenied + ":" + e.Type
		}
		return errorResult(e), nil
	}
	text := k.Text()
	ev.Verdict, ev.Digest, ev.ResultBytes, ev.CallStatus = deferred.CallActive, k.Digest, len(text), "ok"
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}
