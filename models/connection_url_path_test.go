package models

import (
	"strings"
	"testing"
)

// TestConnectionInputRefusesCredentialsInURLPathOrFragment: a --url that
// carries a credential in its path (a segment after one named token,
// key, secret…, or a segment of a known credential shape) or in a
// fragment is refused naming url and pointing to --header, without
// repeating the credential; ordinary paths pass.
func TestConnectionInputRefusesCredentialsInURLPathOrFragment(t *testing.T) {
	const tok = "a9F3kQ7zLm2Xv8Rt"
	for _, u := range []string{
		"https://h.example/token/" + tok + "/mcp",
		"https://h.example/mcp/apikey/" + tok,
		"https://h.example/v1/api-key/" + tok + "/sse",
		"https://h.example/secret/" + tok,
		"https://h.example/mcp/ghp_aB3dE5aB3dE5aB3dE5aB3dE5aB3dE5aB3dE5",
		"https://h.example/mcp/sk-ant-api03-" + tok + tok,
		"https://h.example/mcp#key=" + tok,
		"https://h.example/mcp#" + tok,
		"https://h.example/mcp#access_token=" + tok + "&x=1",
	} {
		errs := ConnectionInput{Name: "web", URL: u}.Validate()
		msg := errs["url"]
		if msg == "" || !strings.Contains(msg, "--header") {
			t.Errorf("%s: url error %q, want a refusal pointing to --header", u, msg)
		}
		if strings.Contains(msg, tok) || strings.Contains(msg, "ghp_") {
			t.Errorf("%s: the refusal repeats the credential: %s", u, msg)
		}
	}
	for _, u := range []string{
		"https://h.example/v1/token/mcp",
		"https://h.example/tokens/list/mcp",
		"https://h.example/api/v2/mcp",
		"https://h.example/servers/123e4567-e89b-12d3-a456-426614174000/mcp",
		"https://h.example/key/mcp",
		"https://h.example/mcp/",
	} {
		if errs := (ConnectionInput{Name: "web", URL: u}).Validate(); len(errs) > 0 {
			t.Errorf("%s refused: %v", u, errs)
		}
	}
}

// TestShownURLHidesAStoredCredential: a connection stored before its URL
// would have been refused is shown by scheme and host only.
func TestShownURLHidesAStoredCredential(t *testing.T) {
	for _, u := range []string{"https://h.example/token/a9F3kQ7zLm2Xv8Rt/mcp", "https://h.example/mcp#key=a9F3kQ7zLm2Xv8Rt", "https://user:a9F3kQ7zLm2Xv8Rt@h.example/mcp", "https://h.example/mcp?token=a9F3kQ7zLm2Xv8Rt"} {
		if got := (&Connection{URL: u}).ShownURL(); strings.Contains(got, "a9F3kQ7zLm2Xv8Rt") || !strings.HasPrefix(got, "https://h.example/") {
			t.Errorf("%s shown as %q", u, got)
		}
	}
	if got := (&Connection{URL: "https://h.example/v1/mcp"}).ShownURL(); got != "https://h.example/v1/mcp" {
		t.Errorf("a plain URL shown as %q", got)
	}
}
