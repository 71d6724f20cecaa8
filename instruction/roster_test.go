package instruction_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/instruction"
)

func TestEffectiveRoster(t *testing.T) {
	avail := func(ids ...string) func(string) bool {
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return func(id string) bool { return m[id] }
	}
	all := avail("exec", "read_file", "web_search", "workspace_write", "github.get_me")
	cases := []struct {
		name                    string
		declared, profile, pick []string
		available               func(string) bool
		want                    []string
		notes                   []instruction.RosterNote
	}{
		{"declared only", []string{"read_file", "exec"}, nil, nil, all, []string{"read_file", "exec"}, nil},
		{"profile order and intersection", []string{"read_file", "exec", "web_search"}, []string{"web_search", "read_file"}, nil, all, []string{"web_search", "read_file"}, nil},
		{"profile lists undeclared", []string{"read_file"}, []string{"exec", "read_file"}, nil, all, []string{"read_file"}, []instruction.RosterNote{{"exec", instruction.NotDeclared}}},
		{"not available", []string{"read_file", "exec"}, nil, nil, avail("read_file"), []string{"read_file"}, []instruction.RosterNote{{"exec", instruction.NotAvailable}}},
		{"per-conversation pick", []string{"read_file", "exec"}, []string{"exec", "read_file"}, []string{"read_file"}, all, []string{"read_file"}, []instruction.RosterNote{{"exec", instruction.NotPicked}}},
		{"empty pick stays empty", []string{"read_file"}, nil, []string{}, all, nil, []instruction.RosterNote{{"read_file", instruction.NotPicked}}},
		{"empty profile stays empty", []string{"read_file"}, []string{}, nil, all, nil, nil},
		{"nothing declared", nil, []string{"exec"}, nil, all, nil, []instruction.RosterNote{{"exec", instruction.NotDeclared}}},
		{"pick cannot add", []string{"read_file"}, nil, []string{"read_file", "exec"}, all, []string{"read_file"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, notes := instruction.Effective(tc.declared, tc.profile, tc.pick, tc.available)
			if !reflect.DeepEqual(got, tc.want) || !reflect.DeepEqual(notes, tc.notes) {
				t.Errorf("got %v %v, want %v %v", got, notes, tc.want, tc.notes)
			}
		})
	}
}
