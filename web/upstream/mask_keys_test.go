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
	ghp := "ghp_" + strings.Repeat("aB3dE5", 6)
	args := `{"a ` + ghp + `":1,"b ` + ghp + `":2,"a [credential]":3}`
	got := MaskArguments([]byte(args))
	var v map[string]any
	if err := json.Unmarshal(got, &v); err != nil || len(v) != 3 || strings.Contains(string(got), ghp) {
		t.Errorf("arguments shown %s (err %v), want 3 members and no credential", got, err)
	}
	res, _ := maskValue(map[string]any{"k-" + tok: 1, "k-" + tok + "-": 2, "k-[secret]-": 3}, []string{tok}, nil).(map[string]any)
	if len(res) != 3 {
		t.Errorf("result members %v, want 3", res)
	}
}
