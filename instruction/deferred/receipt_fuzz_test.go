package deferred

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
)

// FuzzParseReceipt: a receipt is text a conversation carries (a third
// party's document): any input is accepted or refused within the
// per-input budget (catalogtest.WithinBudget: allocations always, time
// while fuzzing), and an accepted receipt holds to every bound Parse
// states.
func FuzzParseReceipt(f *testing.F) {
	good, _ := json.Marshal(Mint([]byte("fuzz-key"), KindSearch, "run-1", strings.Repeat("ab", 32), 3, []string{"read_file", "web_search"}))
	for _, s := range []string{
		string(good),
		strings.Replace(string(good), `"step":3`, `"step":3,"step":4`, 1),
		strings.Replace(string(good), `"names":[`, `"names":[`+strings.Repeat(`"x",`, 200), 1),
		`{"v":1,"names":` + strings.Repeat("[", 5000) + `}`,
		`{}`, `[]`, "\xff",
	} {
		f.Add([]byte(s))
	}
	const maxNames = 48
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Receipt
		var err error
		catalogtest.WithinBudget(t, data, func() { r, err = Parse(data, maxNames) })
		if err != nil {
			return
		}
		if len(r.Names) == 0 || len(r.Names) > maxNames || !ValidRun(r.Run) || r.Step < 0 || r.Step > MaxStep || len(r.MAC) != 43 {
			t.Fatalf("accepted a receipt outside its bounds: %+v", r)
		}
	})
}
