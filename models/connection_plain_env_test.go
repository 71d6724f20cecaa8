package models

import (
	"strings"
	"testing"
)

// TestPlainEnvRefusesWhatIsSecret: a plain environment is for command
// servers, with names that are not a secret's, values that hold no
// credential, and no name also given as a secret.
func TestPlainEnvRefusesWhatIsSecret(t *testing.T) {
	base := ConnectionInput{Name: "memory", Command: []string{"node", "server.js"}}
	for _, c := range []struct {
		name  string
		edit  func(in *ConnectionInput)
		field string
		want  string
	}{
		{"a path", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"MEMORY_FILE_PATH": "/srv/memory.jsonl"} }, "", ""},
		{"a URL server", func(in *ConnectionInput) {
			in.Command, in.URL, in.PlainEnv = nil, "https://h.example/mcp", map[string]string{"MODE": "fast"}
		}, "env_plain", "command servers"},
		{"a secret's name", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"API_TOKEN": "abc"} }, "env_plain", "--env"},
		{"a credential as value", func(in *ConnectionInput) {
			in.PlainEnv = map[string]string{"CONFIG": "ghp_0123456789abcdefABCDEF0123456789abcd"}
		}, "env_plain", "credential"},
		{"both kinds", func(in *ConnectionInput) {
			in.Env, in.PlainEnv = map[string]string{"MODE": "x"}, map[string]string{"MODE": "y"}
		}, "env_plain", "--unset-env MODE"},
		{"a password with a qualifier", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"DB_PASS_PROD": "hunter2"} }, "env_plain", "--env"},
		{"a key with a qualifier", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"STRIPE_KEY_LIVE": "abc"} }, "env_plain", "--env"},
		{"an encoded key", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"ENCRYPTION_KEY_BASE64": "QUJD"} }, "env_plain", "--env"},
		{"a public DSN", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"SENTRY_DSN_PUBLIC": "https://a@b/1"} }, "env_plain", "--env"},
		{"a bad name", func(in *ConnectionInput) { in.PlainEnv = map[string]string{"1X": "y"} }, "env_plain", "not an environment variable name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := base
			c.edit(&in)
			errs := in.Validate()
			if c.field == "" {
				if len(errs) > 0 {
					t.Errorf("refused: %v", errs)
				}
				return
			}
			if got := errs[c.field]; !strings.Contains(got, c.want) {
				t.Errorf("%s = %q, want it to say %q", c.field, got, c.want)
			}
		})
	}
}
