package args_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// podSchema is the shape of the Runpod server's create-pod: the
// body's "then" requires "image", which a part beside it defines, unless
// "templateId" is given.
const podSchema = `{"type":"object","properties":{"body":{"$ref":"#/$defs/Req"}},"required":["body"],
	"$defs":{
		"Base":{"type":"object","properties":{"image":{"type":"string","description":"Image."}}},
		"Req":{"allOf":[{"$ref":"#/$defs/Base"},{"type":"object","required":["name"],"properties":{"name":{"type":"string","description":"Name."},"templateId":{"type":"string","description":"Template."}}}],
			"unevaluatedProperties":false,"if":{"not":{"required":["templateId"]}},"then":{"required":["image"]}}}}`

// TestConditionalRequiredIsChecked: a call missing "image" when the
// "then" applies is refused naming the pointer; with a template, or with
// the image, it holds.
func TestConditionalRequiredIsChecked(t *testing.T) {
	c := contract(t, podSchema)
	d := catalog.Digest(c)
	cases := []struct {
		name, raw string
		want      []args.Problem
	}{
		{"image missing, no template", `{"body":{"name":"p"}}`, []args.Problem{{"/body/image", "is required and missing"}}},
		{"image given", `{"body":{"name":"p","image":"x"}}`, nil},
		{"template given", `{"body":{"name":"p","templateId":"t"}}`, nil},
		{"name missing too", `{"body":{}}`, []args.Problem{{"/body/image", "is required and missing"}, {"/body/name", "is required and missing"}}},
	}
	for _, tc := range cases {
		got := args.Check(d, &c, []byte(tc.raw))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
