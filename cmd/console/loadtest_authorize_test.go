package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// authorizeBodyMarshalled is the authorize mode's body as json.Marshal
// writes it from maps: what authorizeBodies.call must equal byte for byte.
func authorizeBodyMarshalled(agent string, i uint64) authorizeCall {
	subject := map[string]any{"id": fmt.Sprintf("subject-%d", i)}
	var tool string
	revocable := false
	if i%2 == 0 {
		subject["groups"] = []string{"contractors"}
		tool = contractorTools[(i/2)%uint64(len(contractorTools))]
		revocable = tool != "exec"
	} else {
		subject["groups"] = []string{authority.Everyone}
		tool = everyoneTools[(i/2)%uint64(len(everyoneTools))]
	}
	b, _ := json.Marshal(map[string]any{"agent": agent, "tool": tool, "subject": subject})
	return authorizeCall{body: b, revocable: revocable}
}

func TestAuthorizeBodiesAreTheMarshal(t *testing.T) {
	for _, agent := range []string{"analyst", `a"<b>&\`} {
		ab := newAuthorizeBodies(agent)
		for _, i := range []uint64{0, 1, 2, 3, 13, 14, 77, 1 << 20, 1<<64 - 1} {
			got, want := ab.call(i), authorizeBodyMarshalled(agent, i)
			if string(got.body) != string(want.body) || got.revocable != want.revocable {
				t.Fatalf("call %d: %s (revocable %v), want %s (%v)", i, got.body, got.revocable, want.body, want.revocable)
			}
		}
	}
}

// BenchmarkAuthorizeBody: one check's body, appended and marshalled.
func BenchmarkAuthorizeBody(b *testing.B) {
	ab := newAuthorizeBodies("analyst")
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		for i := range b.N {
			_ = ab.call(uint64(i))
		}
	})
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for i := range b.N {
			_ = authorizeBodyMarshalled("analyst", uint64(i))
		}
	})
}
