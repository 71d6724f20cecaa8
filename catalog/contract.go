package catalog

import (
	"strings"
)

// Class is a tool's capability class. Always-present instruction text speaks
// in classes, never in tool names.
type Class string

// The fixed set of capability classes.
const (
	ClassFileProcessing Class = "file-processing"
	ClassComputation    Class = "computation"
	ClassRendering      Class = "rendering"
	ClassWeb            Class = "web"
	ClassWorkspace      Class = "workspace"
	ClassInteraction    Class = "interaction"
	ClassService        Class = "service"
)

// Classes lists every valid class in display order (an array: its length
// is a constant, which sizes per-class counts).
var Classes = [...]Class{ClassFileProcessing, ClassComputation, ClassRendering, ClassWeb, ClassWorkspace, ClassInteraction, ClassService}

// Effects says what calling a tool can change.
type Effects string

// The effect levels, from harmless to irreversible.
const (
	EffectsReadOnly       Effects = "read-only"
	EffectsWorkspaceWrite Effects = "workspace-write"
	EffectsExternalWrite  Effects = "external-write"
	EffectsDestructive    Effects = "destructive"
)

// EffectLevels lists every valid effects value.
var EffectLevels = []Effects{EffectsReadOnly, EffectsWorkspaceWrite, EffectsExternalWrite, EffectsDestructive}

// Contract is one tool's complete promise to the model.
type Contract struct {
	ID      string  `json:"id" yaml:"id"`
	Title   string  `json:"title" yaml:"title"`
	Purpose string  `json:"purpose" yaml:"purpose"`
	Params  []Param `json:"params,omitempty" yaml:"params,omitempty"`
	// Input holds the rules on the argument object as a whole (its
	// description, closed, variants, property counts); its properties are
	// Params. Nil when the arguments have no such rule.
	Input   *Param `json:"input,omitempty" yaml:"input,omitempty"`
	Returns string `json:"returns,omitempty" yaml:"returns,omitempty"`
	// Output is the structure of the result (an MCP output schema): the
	// result object's rules and, as its Properties, its fields. Its own
	// description is Returns. Nil when the result has no declared
	// structure. Both forms render it as part of Returns.
	Output      *Param    `json:"output,omitempty" yaml:"output,omitempty"`
	Constraints []string  `json:"constraints,omitempty" yaml:"constraints,omitempty"`
	Examples    []Example `json:"examples,omitempty" yaml:"examples,omitempty"`
	Class       Class     `json:"class" yaml:"class"`
	Effects     Effects   `json:"effects" yaml:"effects"`
	// EffectsAssumed: Effects is what MCP's defaults give a tool whose
	// source left its hints out (an MCP tool stating neither readOnlyHint
	// true nor destructiveHint, an OpenAI function tool), not a hint it
	// stated. Never rendered; the reviewer sees it beside the hint.
	EffectsAssumed bool     `json:"effects_assumed,omitempty" yaml:"effects_assumed,omitempty"`
	CodeOnly       bool     `json:"code_only,omitempty" yaml:"code_only,omitempty"`
	AlwaysOn       bool     `json:"always_on,omitempty" yaml:"always_on,omitempty"`
	Signals        []string `json:"signals,omitempty" yaml:"signals,omitempty"`
	// SearchHints are reviewed aliases and keywords an admin adds so search
	// finds the tool by the words people use. They feed the search index
	// only: never rendered, never shown to the model. They are part of the
	// contract's digest, so changing them is reviewed like a contract change.
	SearchHints []string `json:"search_hints,omitempty" yaml:"search_hints,omitempty"`
	Version     string   `json:"version" yaml:"version"`
	// Members are the members of the source's tool descriptor that its
	// format does not define (an MCP tool's top-level "examples"), kept
	// verbatim: part of the digest and shown to the reviewer, never
	// rendered to the model (no format says what they mean).
	Members map[string]any `json:"members,omitempty" yaml:"members,omitempty"`
}

// Param is one parameter of a tool, or one property, item, variant or part
// of a nested schema. It carries every JSON-Schema rule the importer
// accepts; each one renders in both forms (see render.go), so a rule that
// has no field here is refused at import instead of being dropped.
type Param struct {
	Name        string `json:"name" yaml:"name"`
	Type        string `json:"type" yaml:"type"` // "a|b" for a type list; "any" when unconstrained; "" only beside one_of/any_of/all_of
	Required    bool   `json:"required,omitempty" yaml:"required,omitempty"`
	Description string `json:"description,omitempty" yaml:"description,omitempty"`
	Title       string `json:"title,omitempty" yaml:"title,omitempty"`
	Enum        []any  `json:"enum,omitempty" yaml:"enum,omitempty"`
	Const       any    `json:"const,omitempty" yaml:"const,omitempty"`
	// ConstNull is a const of JSON null ("const": null: the value must
	// be null), which Const cannot hold.
	ConstNull bool `json:"const_null,omitempty" yaml:"const_null,omitempty"`
	Default   any  `json:"default,omitempty" yaml:"default,omitempty"`
	// DefaultNull is a default of JSON null ("default": null, as pydantic
	// writes for an optional field), which Default cannot hold.
	DefaultNull bool   `json:"default_null,omitempty" yaml:"default_null,omitempty"`
	Examples    []any  `json:"examples,omitempty" yaml:"examples,omitempty"`
	Format      string `json:"format,omitempty" yaml:"format,omitempty"`
	Pattern     string `json:"pattern,omitempty" yaml:"pattern,omitempty"`

	Minimum          *float64 `json:"minimum,omitempty" yaml:"minimum,omitempty"`
	Maximum          *float64 `json:"maximum,omitempty" yaml:"maximum,omitempty"`
	ExclusiveMinimum *float64 `json:"exclusive_minimum,omitempty" yaml:"exclusive_minimum,omitempty"`
	ExclusiveMaximum *float64 `json:"exclusive_maximum,omitempty" yaml:"exclusive_maximum,omitempty"`
	MultipleOf       *float64 `json:"multiple_of,omitempty" yaml:"multiple_of,omitempty"`
	MinLength        *int     `json:"min_length,omitempty" yaml:"min_length,omitempty"`
	MaxLength        *int     `json:"max_length,omitempty" yaml:"max_length,omitempty"`
	MinItems         *int     `json:"min_items,omitempty" yaml:"min_items,omitempty"`
	MaxItems         *int     `json:"max_items,omitempty" yaml:"max_items,omitempty"`
	UniqueItems      *bool    `json:"unique_items,omitempty" yaml:"unique_items,omitempty"`
	MinProperties    *int     `json:"min_properties,omitempty" yaml:"min_properties,omitempty"`
	MaxProperties    *int     `json:"max_properties,omitempty" yaml:"max_properties,omitempty"`
	Deprecated       *bool    `json:"deprecated,omitempty" yaml:"deprecated,omitempty"`

	Items *Param `json:"items,omitempty" yaml:"items,omitempty"`
	// PrefixItems are the schemas of an array's first items, in order (a
	// tuple: prefixItems, or draft 7's list-valued items); Items is then
	// the schema of every item after them, and ClosedItems says there is
	// none (items:false, or draft 7's additionalItems:false).
	PrefixItems []Param `json:"prefix_items,omitempty" yaml:"prefix_items,omitempty"`
	ClosedItems bool    `json:"closed_items,omitempty" yaml:"closed_items,omitempty"`
	Properties  []Param `json:"properties,omitempty" yaml:"properties,omitempty"`
	// Closed is additionalProperties:false; Additional is the schema other
	// properties must match (additionalProperties:true is {"type":"any"}).
	Closed     bool   `json:"closed,omitempty" yaml:"closed,omitempty"`
	Additional *Param `json:"additional_properties,omitempty" yaml:"additional_properties,omitempty"`
	// PropertyNames is the schema every property name must match
	// (zod's records write {"type": "string"}, or a pattern or enum).
	PropertyNames *Param `json:"property_names,omitempty" yaml:"property_names,omitempty"`
	// Requires names properties of an enclosing object that this variant
	// or part requires (a "required" entry that is not one of its own).
	Requires []string `json:"requires,omitempty" yaml:"requires,omitempty"`
	OneOf    []Param  `json:"one_of,omitempty" yaml:"one_of,omitempty"`
	AnyOf    []Param  `json:"any_of,omitempty" yaml:"any_of,omitempty"`
	AllOf    []Param  `json:"all_of,omitempty" yaml:"all_of,omitempty"`

	// Contains is the schema some item of an array must match
	// (MinContains, MaxContains: how many items, when bounded).
	Contains    *Param `json:"contains,omitempty" yaml:"contains,omitempty"`
	MinContains *int   `json:"min_contains,omitempty" yaml:"min_contains,omitempty"`
	MaxContains *int   `json:"max_contains,omitempty" yaml:"max_contains,omitempty"`
	// PatternProperties are the schemas of the properties whose names
	// match a pattern; each one's Name holds its pattern.
	PatternProperties []Param `json:"pattern_properties,omitempty" yaml:"pattern_properties,omitempty"`
	// DependentRequired lists, per property, the properties required when
	// it is present (draft 7's dependencies with a list value).
	DependentRequired []Dependency `json:"dependent_required,omitempty" yaml:"dependent_required,omitempty"`
	// DependentSchemas are the schemas the whole object must match when a
	// property is present; each one's Name holds that property (draft 7's
	// dependencies with a schema value).
	DependentSchemas []Param `json:"dependent_schemas,omitempty" yaml:"dependent_schemas,omitempty"`
	// If, Then and Else are a conditional: a value matching If must match
	// Then, any other Else.
	If   *Param `json:"if,omitempty" yaml:"if,omitempty"`
	Then *Param `json:"then,omitempty" yaml:"then,omitempty"`
	Else *Param `json:"else,omitempty" yaml:"else,omitempty"`
	// Not is a schema the value must not match.
	Not *Param `json:"not,omitempty" yaml:"not,omitempty"`
	// UnevaluatedProperties is the schema of properties no other keyword
	// evaluated; NoUnevaluatedProperties forbids them (false).
	UnevaluatedProperties   *Param `json:"unevaluated_properties,omitempty" yaml:"unevaluated_properties,omitempty"`
	NoUnevaluatedProperties bool   `json:"no_unevaluated_properties,omitempty" yaml:"no_unevaluated_properties,omitempty"`
	// UnevaluatedItems and NoUnevaluatedItems are the same for items.
	UnevaluatedItems   *Param `json:"unevaluated_items,omitempty" yaml:"unevaluated_items,omitempty"`
	NoUnevaluatedItems bool   `json:"no_unevaluated_items,omitempty" yaml:"no_unevaluated_items,omitempty"`
	ReadOnly           *bool  `json:"read_only,omitempty" yaml:"read_only,omitempty"`
	WriteOnly          *bool  `json:"write_only,omitempty" yaml:"write_only,omitempty"`
	// ContentMediaType, ContentEncoding and ContentSchema describe a
	// string that holds a document (base64 PNG, JSON text).
	ContentMediaType string `json:"content_media_type,omitempty" yaml:"content_media_type,omitempty"`
	ContentEncoding  string `json:"content_encoding,omitempty" yaml:"content_encoding,omitempty"`
	ContentSchema    *Param `json:"content_schema,omitempty" yaml:"content_schema,omitempty"`
	// NonStandard holds, verbatim, the keywords no JSON Schema draft
	// defines ("optional": true, vendor "x-…" members). Both forms render
	// them as written and the reviewer is warned; no argument is checked
	// against them.
	NonStandard map[string]any `json:"non_standard,omitempty" yaml:"non_standard,omitempty"`
	// Ref makes the node a repetition of a schema that contains it (a
	// tree: a project's children are projects): the JSON pointer of that
	// schema's place in the contract's own JSON Schema, "#" for the
	// argument object or the result ("#/properties/projects/items"). Beside
	// it a node holds its name, required and annotations only; a property
	// or an item lies between the two (schema_recursive.go).
	Ref string `json:"ref,omitempty" yaml:"ref,omitempty"`

	// anchor and loop exist while a schema is read (schema_ref.go): the
	// expansion this node is, and the repetition it stands for.
	anchor, loop int
}

// Dependency is one entry of dependentRequired: when Name is present,
// every property of Requires must be too.
type Dependency struct {
	Name     string   `json:"name" yaml:"name"`
	Requires []string `json:"requires" yaml:"requires"`
}

// children lists every schema below p, in rendering order.
func (p Param) children() []Param {
	var out []Param
	one := func(q *Param) {
		if q != nil {
			out = append(out, *q)
		}
	}
	out = append(out, p.Properties...)
	out = append(out, p.PatternProperties...)
	out = append(out, p.PrefixItems...)
	one(p.Items)
	one(p.Contains)
	one(p.Additional)
	one(p.PropertyNames)
	one(p.UnevaluatedProperties)
	one(p.UnevaluatedItems)
	out = append(out, p.DependentSchemas...)
	out = append(out, p.AllOf...)
	out = append(out, p.OneOf...)
	out = append(out, p.AnyOf...)
	one(p.If)
	one(p.Then)
	one(p.Else)
	one(p.Not)
	one(p.ContentSchema)
	return out
}

// combined reports whether the parameter has variants, options or parts.
func (p Param) combined() bool { return len(p.OneOf)+len(p.AnyOf)+len(p.AllOf) > 0 }

// Example is a worked call shown in the full form only.
type Example struct {
	Description string `json:"description" yaml:"description"`
	Call        string `json:"call" yaml:"call"`
}

// Namespace is the named service a tool belongs to ("github" for
// "github.create_issue"), or "" for a native tool.
func (c Contract) Namespace() string {
	if i := strings.IndexByte(c.ID, '.'); i > 0 {
		return c.ID[:i]
	}
	return ""
}

// Name is the tool's id without its namespace.
func (c Contract) Name() string {
	if i := strings.IndexByte(c.ID, '.'); i > 0 {
		return c.ID[i+1:]
	}
	return c.ID
}

// AllSignals lists every phrase that teaches this tool: its declared
// signals, its id and its title, and for a service tool its bare name too
// (imported descriptions refer to sibling tools by bare name).
func (c Contract) AllSignals() []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		s = strings.TrimSpace(s)
		k := strings.ToLower(s)
		if s == "" || seen[k] {
			return
		}
		seen[k] = true
		out = append(out, s)
	}
	add(c.ID)
	if c.Namespace() != "" {
		add(c.Name())
	}
	add(c.Title)
	for _, s := range c.Signals {
		add(s)
	}
	return out
}
