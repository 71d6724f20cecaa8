package args_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// transferSchema declares its members and says nothing of others: the
// reviewer saw "to", "amount" and "memo.text", nothing else.
const transferSchema = `{"type":"object","properties":{
	"to":{"type":"string","description":"Recipient."},
	"amount":{"type":"integer","description":"Amount."},
	"memo":{"type":"object","description":"A note.","properties":{"text":{"type":"string","description":"Text."}}},
	"lines":{"type":"array","description":"Lines.","items":{"type":"object","description":"A line.","properties":{"sku":{"type":"string","description":"SKU."}}}},
	"meta":{"type":"object","description":"Free metadata.","properties":{"k":{"type":"string","description":"K."}},"additionalProperties":true},
	"tags":{"type":"object","description":"Tags.","properties":{"a":{"type":"string","description":"A."}},"additionalProperties":{"type":"string","description":"A tag."}},
	"env":{"type":"object","description":"Env.","properties":{"PATH":{"type":"string","description":"Path."}},"patternProperties":{"^X_":{"type":"string","description":"X."}}},
	"any":{"description":"Anything."}},
	"required":["to"]}`

// TestUndeclaredArgumentsAreRefused: a member an object's reviewed schema
// does not declare (and no keyword at that level lets in) is refused by
// its pointer, at the root, in a declared member and in array items; an
// explicit additionalProperties or patternProperties keeps extras allowed,
// and a value the schema does not shape is not walked.
func TestUndeclaredArgumentsAreRefused(t *testing.T) {
	c := contract(t, transferSchema)
	d := catalog.Digest(c)
	const msg = "is not declared by the reviewed schema"
	cases := []struct {
		name, raw string
		want      []args.Problem
	}{
		{"declared only", `{"to":"bob","amount":1,"memo":{"text":"hi"},"lines":[{"sku":"a"}]}`, nil},
		{"root extras", `{"to":"bob","amount":1,"recipient_override":"mallory","force":true}`,
			[]args.Problem{{"/force", msg}, {"/recipient_override", msg}}},
		{"nested", `{"to":"bob","memo":{"text":"hi","x/y":1}}`, []args.Problem{{"/memo/x~1y", msg}}},
		{"items", `{"to":"bob","lines":[{"sku":"a"},{"sku":"b","price":0}]}`, []args.Problem{{"/lines/1/price", msg}}},
		{"with a schema error", `{"amount":"x","extra":1}`,
			[]args.Problem{{"/amount", "got string, want integer"}, {"/extra", msg}, {"/to", "is required and missing"}}},
		{"additionalProperties true", `{"to":"bob","meta":{"k":"v","other":1}}`, nil},
		{"additionalProperties schema", `{"to":"bob","tags":{"a":"x","b":"y"}}`, nil},
		{"patternProperties", `{"to":"bob","env":{"PATH":"/bin","X_Y":"1"}}`, nil},
		{"untyped value", `{"to":"bob","any":{"whatever":{"deep":1}}}`, nil},
	}
	for _, tc := range cases {
		got := args.Check(d, &c, []byte(tc.raw))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestUndeclaredArgumentsWithCompositionAreLeftToTheSchema: where a level
// composes its members from other schemas ($ref, allOf, anyOf, oneOf,
// unevaluatedProperties), which members it declares is the validator's
// to say; nothing is refused for being undeclared there.
func TestUndeclaredArgumentsWithCompositionAreLeftToTheSchema(t *testing.T) {
	for name, schema := range map[string]string{
		"allOf": `{"type":"object","properties":{"a":{"type":"string","description":"A."}},"allOf":[{"type":"object","properties":{"b":{"type":"string","description":"B."}}}]}`,
		"anyOf": `{"type":"object","properties":{"a":{"type":"string","description":"A."}},"anyOf":[{"type":"object","properties":{"b":{"type":"string","description":"B."}}},{"required":["a"]}]}`,
		"oneOf": `{"type":"object","properties":{"a":{"type":"string","description":"A."}},"oneOf":[{"type":"object","properties":{"b":{"type":"string","description":"B."}}}]}`,
	} {
		c := contract(t, schema)
		if got := args.Check(catalog.Digest(c), &c, []byte(`{"a":"x","b":"y"}`)); got != nil {
			t.Errorf("%s: got %v, want none", name, got)
		}
	}
	c := contract(t, podSchema)
	if got := args.Check(catalog.Digest(c), &c, []byte(`{"body":{"name":"p","image":"x"}}`)); got != nil {
		t.Errorf("$ref: got %v, want none", got)
	}
}

// TestNoParameterToolRefusesEveryArgument: a tool whose argument object
// declares no property ("properties": {}, or none at all: a client is
// shown "properties": {} either way) takes no member the reviewer saw,
// so any member is refused; a level that lets extras in keeps them.
func TestNoParameterToolRefusesEveryArgument(t *testing.T) {
	const msg = "is not declared by the reviewed schema"
	cases := []struct {
		name, schema, raw string
		want              []args.Problem
	}{
		{"empty properties", `{"type":"object","properties":{}}`, `{"x":1}`, []args.Problem{{"/x", msg}}},
		{"no properties", `{"type":"object"}`, `{"x":1,"y":{}}`, []args.Problem{{"/x", msg}, {"/y", msg}}},
		{"no member", `{"type":"object","properties":{}}`, `{}`, nil},
		{"additionalProperties true", `{"type":"object","properties":{},"additionalProperties":true}`, `{"x":1}`, nil},
		{"additionalProperties schema", `{"type":"object","additionalProperties":{"type":"integer"}}`, `{"x":1}`, nil},
	}
	for _, tc := range cases {
		c := contract(t, tc.schema)
		if got := args.Check(catalog.Digest(c), &c, []byte(tc.raw)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
