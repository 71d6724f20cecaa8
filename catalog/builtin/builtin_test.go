package builtin_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog/builtin"
)

// IDs, read off the lines of tools.yaml, are exactly the parsed catalog's
// tool ids in order (an id written in another form, or a line that looks
// like an id and is not, fails here).
func TestIDsAreTheContractsIDs(t *testing.T) {
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(cs))
	for i, c := range cs {
		want[i] = c.ID
	}
	if got := builtin.IDs(); len(got) < 30 || !reflect.DeepEqual(got, want) {
		t.Fatalf("IDs() = %v\nContracts' ids = %v", got, want)
	}
}
