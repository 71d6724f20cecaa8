package models

import (
	"strings"
	"testing"
)

// TestConnectionInputRefusesCredentialsInURL: a
// --url holding a credential (user:pass@, a token-like query parameter)
// is refused naming url and pointing to --header, since a URL is shown
// and stored in clear while headers are sealed and write-only.
func TestConnectionInputRefusesCredentialsInURL(t *testing.T) {
	refused := []string{
		"http://user:URLPASS@127.0.0.1:9/mcp",
		"http://user@127.0.0.1:9/mcp",
		"http://127.0.0.1:9/mcp?token=URLTOKEN",
		"https://h.example/mcp?api_key=K",
		"https://h.example/mcp?apiKey=K",
		"https://h.example/mcp?x=1&access_token=K",
		"https://h.example/mcp?client_secret=K",
		"https://h.example/mcp?sig=K",
		"https://h.example/mcp?Signature=K",
		"https://h.example/mcp?password=K",
		"https://h.example/mcp?auth=K",
		"https://h.example/mcp?key=K",
		"https://h.example/mcp?X-Amz-Credential=K",
	}
	for _, u := range refused {
		errs := ConnectionInput{Name: "web", URL: u}.Validate()
		msg := errs["url"]
		if msg == "" || !strings.Contains(msg, "--header") {
			t.Errorf("%s: url error %q, want a refusal pointing to --header", u, msg)
		}
		for _, secret := range []string{"URLPASS", "URLTOKEN", "=K"} {
			if strings.Contains(msg, secret) {
				t.Errorf("%s: the refusal repeats the credential: %s", u, msg)
			}
		}
	}
	for _, u := range []string{"http://127.0.0.1:9/mcp", "https://h.example/mcp?region=eu&keyboard=1&monkey=2", "https://h.example/v1/token/mcp"} {
		if errs := (ConnectionInput{Name: "web", URL: u}).Validate(); len(errs) > 0 {
			t.Errorf("%s refused: %v", u, errs)
		}
	}
}

// TestConnectionInputRefusesControlCharactersInValues: a header value with
// CR, LF, NUL or another control character (which no HTTP request can
// carry) is refused naming header, not left to fail later as a network
// error; an environment value with NUL (which no process can be given) is
// refused naming env. The value is not repeated.
func TestConnectionInputRefusesControlCharactersInValues(t *testing.T) {
	for _, v := range []string{"v\r\nX-B: inj", "v\n", "a\x00b", "a\x7fb", "a\x01"} {
		errs := ConnectionInput{Name: "web", URL: "http://127.0.0.1:9/mcp", Headers: map[string]string{"X-A": v}}.Validate()
		if msg := errs["header"]; msg == "" || !strings.Contains(msg, "X-A") || strings.Contains(msg, "inj") {
			t.Errorf("header value %q: error %q, want one naming X-A (not its value)", v, msg)
		}
	}
	if errs := (ConnectionInput{Name: "web", URL: "http://127.0.0.1:9/mcp", Headers: map[string]string{"X-A": "Bearer a\tb é"}}).Validate(); len(errs) > 0 {
		t.Errorf("a header value with a tab and non-ASCII text refused: %v", errs)
	}
	errs := ConnectionInput{Name: "srv", Command: []string{"node"}, Env: map[string]string{"TOKEN": "a\x00b"}}.Validate()
	if msg := errs["env"]; msg == "" || !strings.Contains(msg, "TOKEN") {
		t.Errorf("env value with NUL: error %q, want one naming TOKEN", msg)
	}
}
