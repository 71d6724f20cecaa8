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
		{"Lists every environment variable, useful when debugging how the server is set up.", true},
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

// TestExposesSecretsReadsAfterItReturns: the finding is quoted after
// "it returns", so it keeps its determiner ("the server's environment",
// not "server's environment").
func TestExposesSecretsReadsAfterItReturns(t *testing.T) {
	for purpose, want := range map[string]string{
		"Returns the server's environment.":               "the server's environment",
		"Returns all environment variables.":              "all environment variables",
		"Prints process environment.":                     "process environment",
		"Retrieves an access token for the current user.": "an access token",
	} {
		if got := ExposesSecrets(Contract{ID: "t.x", Purpose: purpose}); got != want {
			t.Errorf("%q: %q, want %q", purpose, got, want)
		}
	}
}
