package models

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentforge/console/catalog"
)

// A reviewer may reword a parameter's description as well as the tool's:
// the model then reads the reviewed text — in the
// instruction, in the forge and in the gateway's tools/list — while the
// imported contract, its digest and the ledger keep the original. A
// parameter is named by the JSON pointer of its place in the tool's
// published input schema ("/properties/entities/items/properties/name").

// ParamNode is one parameter, property, item or variant of a contract's
// input schema that a description can be given to: its pointer, its
// name as the page shows it, and its imported description.
type ParamNode struct {
	Pointer, Name, Description string
}

// ParamNodes lists c's parameters and everything nested in them that a
// description belongs to, in rendering order.
func ParamNodes(c catalog.Contract) []ParamNode {
	var out []ParamNode
	var walk func(ptr, name string, p *catalog.Param)
	walk = func(ptr, name string, p *catalog.Param) {
		out = append(out, ParamNode{Pointer: ptr, Name: name, Description: p.Description})
		eachChild(p, func(tok []string, q *catalog.Param) {
			n := name
			switch tok[0] {
			case "properties":
				n += "." + tok[1]
			case "items":
				n += "[]"
			default:
				n += "/" + strings.Join(tok, "/")
			}
			walk(ptr+pointerOf(tok), n, q)
		})
	}
	for i := range c.Params {
		walk(pointerOf([]string{"properties", c.Params[i].Name}), c.Params[i].Name, &c.Params[i])
	}
	return out
}

// eachChild calls fn with each schema directly below p that a
// description belongs to and the reference tokens that lead to it.
func eachChild(p *catalog.Param, fn func(tok []string, q *catalog.Param)) {
	if p.Ref != "" {
		return
	}
	for i := range p.Properties {
		fn([]string{"properties", p.Properties[i].Name}, &p.Properties[i])
	}
	for i := range p.PrefixItems {
		fn([]string{"prefixItems", strconv.Itoa(i)}, &p.PrefixItems[i])
	}
	if p.Items != nil {
		fn([]string{"items"}, p.Items)
	}
	if p.Additional != nil {
		fn([]string{"additionalProperties"}, p.Additional)
	}
	for k, l := range map[string][]catalog.Param{"oneOf": p.OneOf, "anyOf": p.AnyOf, "allOf": p.AllOf} {
		for i := range l {
			fn([]string{k, strconv.Itoa(i)}, &l[i])
		}
	}
}

func pointerOf(tok []string) string {
	var b strings.Builder
	for _, t := range tok {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// paramAt is the parameter of c at pointer ptr (nil when none).
func paramAt(c *catalog.Contract, ptr string) *catalog.Param {
	var found *catalog.Param
	var walk func(at string, p *catalog.Param)
	walk = func(at string, p *catalog.Param) {
		if found != nil {
			return
		}
		if at == ptr {
			found = p
			return
		}
		if !strings.HasPrefix(ptr, at+"/") {
			return
		}
		eachChild(p, func(tok []string, q *catalog.Param) { walk(at+pointerOf(tok), q) })
	}
	for i := range c.Params {
		walk(pointerOf([]string{"properties", c.Params[i].Name}), &c.Params[i])
	}
	return found
}

// ParamsReworded reports whether reviewed rewordings of parameter
// descriptions apply to the tool as stored (written for this digest).
func (t Tool) ParamsReworded() bool {
	return t.ReviewedParams != "" && t.ReviewedParamsDigest == t.Digest
}

// ParamRewordings are the rewordings of parameter descriptions in force,
// by pointer (nil when none applies to this digest).
func (t Tool) ParamRewordings() map[string]string {
	if !t.ParamsReworded() {
		return nil
	}
	var m map[string]string
	if json.Unmarshal([]byte(t.ReviewedParams), &m) != nil {
		return nil
	}
	return m
}

// rewordParams puts the rewordings in force into c (a contract freshly
// decoded: nothing else shares its parameters).
func (t Tool) rewordParams(c *catalog.Contract) {
	for ptr, text := range t.ParamRewordings() {
		if p := paramAt(c, ptr); p != nil {
			p.Description = text
		}
	}
}

// RewordParams records a reviewer's rewordings of parameter descriptions
// of one tool (texts: pointer → the text the model reads; an empty text
// drops that pointer's rewording, so the model reads the imported one
// again), whatever the tool's review state, bound to seen, the digest the
// reviewer read: a tool changed since is ErrConflict, and a re-import
// that changes it drops them. The importer may not reword their own tool
// (ErrSelfReview), nor may anyone reword a rejected tool (ErrLedger). A
// pointer naming no parameter of the tool, or a text that is over the
// description ceiling, not UTF-8 or holds characters a reviewer cannot
// see, is refused naming "param:POINTER"; every such problem is
// reported at once and nothing is written then. Audited as
// tool.reworded with both texts of each parameter.
func (s *Store) RewordParams(ctx context.Context, actor, id, seen string, texts map[string]string) error {
	if len(texts) == 0 {
		return &ValidationError{Fields: map[string]string{"param": "no parameter description was given"}}
	}
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.rewordable(ctx, t, actor, seen); err != nil {
			return err
		}
		orig, err := t.Parsed()
		if err != nil {
			return err
		}
		fields := map[string]string{}
		for ptr, text := range texts {
			// a textarea sends CRLF: the text is stored as the model reads it
			text = strings.TrimSpace(NormalizeLineEndings(text))
			texts[ptr] = text
			var msg string
			switch {
			case paramAt(&orig, ptr) == nil:
				msg = "names no parameter of " + t.ID
			case len(text) > catalog.MaxDescriptionBytes:
				msg = fmt.Sprintf("is %d bytes, over the ceiling of %d", len(text), catalog.MaxDescriptionBytes)
			case !utf8.ValidString(text):
				msg = "is not valid UTF-8"
			case catalog.HiddenText(text) != "":
				msg = catalog.HiddenText(text)
			}
			if msg != "" {
				fields["param:"+ptr] = msg
			}
		}
		if len(fields) > 0 {
			return &ValidationError{Fields: fields}
		}
		now := t.ParamRewordings()
		if now == nil {
			now = map[string]string{}
		}
		var detail []string
		ptrs := make([]string, 0, len(texts))
		for ptr := range texts {
			ptrs = append(ptrs, ptr)
		}
		slices.Sort(ptrs)
		for _, ptr := range ptrs {
			text := strings.TrimSpace(texts[ptr])
			if now[ptr] == text {
				continue
			}
			imported := paramAt(&orig, ptr).Description
			if text == "" {
				delete(now, ptr)
				detail = append(detail, fmt.Sprintf("%s: rewording dropped; the model reads the imported text %q", ptr, imported))
			} else {
				now[ptr] = text
				detail = append(detail, fmt.Sprintf("%s: the model reads %q; imported (kept in the ledger): %q", ptr, text, imported))
			}
		}
		if len(detail) == 0 {
			return nil
		}
		stored := ""
		if len(now) > 0 {
			b, err := json.Marshal(now)
			if err != nil {
				return err
			}
			stored = string(b)
		}
		res := tx.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", t.ID, t.Digest).
			Updates(map[string]any{"reviewed_params": stored, "reviewed_params_digest": t.Digest, "reviewed_params_by": actor})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "tool.reworded", Subject: "tool:" + t.ID, Before: t.Digest, After: t.Digest,
			Detail: clipTo("parameter descriptions reworded on review ("+t.Status+"): "+strings.Join(detail, "; "), 2000)}); err != nil {
			return err
		}
		return tx.bumpCatalog(ctx)
	})
	if err != nil {
		return fmt.Errorf("models: reword parameters of %s: %w", id, err)
	}
	return nil
}
