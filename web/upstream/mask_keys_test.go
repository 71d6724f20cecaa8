package upstream

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMaskingKeepsEveryMember: masking a connection's secret (or a
// credential) out of member names never merges two members, in the
// arguments a person is shown and in a result a model reads: names that
// mask to the same text each stay their own member.
func TestMaskingKeepsEveryMember(t *testing.T) {
	const tok = "zz-Secret-777-abcdef"
	spec := Spec{Env: map[string]string{"TOKEN": tok}}
	args := `{"a-` + tok + `":1,"b-` + tok + `":2,"a-[secret]":3}`
	got := MaskArguments([]Spec{spec}, []byte(args))
	var v map[string]any
	if err := json.Unmarshal(got, &v); err != nil || len(v) != 3 || strings.Contains(string(got), tok) {
		t.Errorf("arguments shown %s (err %v), want 3 members and no secret", got, err)
	}
	res, _ := maskValue(map[string]any{"k-" + tok: 1, "k-" + tok + "-": 2, "k-[secret]-": 3}, []string{tok}).(map[string]any)
	if len(res) != 3 {
		t.Errorf("result members %v, want 3", res)
	}
}
