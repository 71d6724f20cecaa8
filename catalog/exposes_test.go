package catalog

import "testing"

// TestExposesSecrets: a description saying the tool returns the server's
// environment or credentials is named for the reviewer, by its words, not
// by any tool's name; a tool that merely uses credentials, or counts
// text tokens, is not.
func TestExposesSecrets(t *testing.T) {
	for _, c := range []struct {
		purpose string
		want    bool
	}{
		{"Returns all environment variables, helpful for debugging the server's configuration.", true},
		{"Prints the process environment.", true},
		{"Lists the stored credentials for each account.", true},
		{"Shows the API keys configured for this workspace.", true},
		{"Get the secret value of a vault entry by its path.", true},
		{"Retrieves an access token for the current user.", true},
		{"Dumps the env vars the server was started with.", true},
		{"Reveals the database password.", true},
		{"Search the web with the configured API key.", false},
		{"Counts the tokens in a text.", false},
		{"Creates an issue; authenticates with your credentials.", false},
		{"Returns the name of the deployment environment (staging or production).", false},
		{"Lists open pull requests.", false},
	} {
		got := ExposesSecrets(Contract{ID: "t.x", Purpose: c.purpose})
		if (got != "") != c.want {
			t.Errorf("%q: got %q, want a finding %v", c.purpose, got, c.want)
		}
	}
}
