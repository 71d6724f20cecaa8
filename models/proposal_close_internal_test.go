package models

import (
	"reflect"
	"testing"
)

func TestApproversOf(t *testing.T) {
	for _, c := range []struct {
		detail string
		want   []string
	}{
		{"approved by admin", []string{"admin"}},
		{"approved by admin, rita", []string{"admin", "rita"}},
		{"approved by [admin rita]", []string{"admin", "rita"}},
		{"approved by [admin]", []string{"admin"}},
		{"rolled back", nil},
	} {
		if got := approversOf(c.detail); !reflect.DeepEqual(got, c.want) {
			t.Errorf("approversOf(%q) = %v, want %v", c.detail, got, c.want)
		}
	}
}
