package credential

import (
	"strings"
	"testing"
)

// TestMaskFindsCredentialsInFreeText: each credential shape, written into
// a sentence, is masked and the words around it stay; prose that only
// resembles a shape (a library's name, a scheme's name, a URL without a
// password) is left as it is.
func TestMaskFindsCredentialsInFreeText(t *testing.T) {
	secrets := map[string]string{
		"github classic": "use ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C for the push",
		"github fine":    "token github_pat_11ABCDEFG0abcdefghijkl_MNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyzAB here",
		"aws":            "key id AKIAIOSFODNN7EXAMPLE, region eu",
		"openai project": "OPENAI key sk-proj-Xy7vT2qLm9Rk4Wb8Nc3Jd6Hf1Gs5Pa0Ze in the config",
		"anthropic":      "set sk-ant-api03-Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz2Xc4Vb6Nm8 now",
		"slack bot":      "slack xoxb-2048-4096-Zx8Cv7Bn6Mq5Wr4 ok",
		"jwt":            "the cookie was eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U yesterday",
		"bearer":         "curl -H 'Authorization: Bearer a8F3kq92LmZx0PqT7' https://api.example",
		"url userinfo":   "clone https://ann:S3cr3tPass@git.example.com/repo.git",
		"query token":    "GET https://api.example.com/v1/items?limit=5&token=Zk29fj3LqP&x=1",
		"query key":      "see https://maps.example.com/api?key=abcdef123456",
		"env line":       "API_KEY=verysecretvalue ./run.sh",
		"header line":    "X-Api-Key: 9f8e7d6c5b4a",
		"yaml password":  "password: hunter2",
		"json in text":   `{"client_secret": "q9W8e7R6t5Y4"}`,
		"stripe":         "charge with sk_live_51HqLyjWDarjtT1zdp7dc",
		"pem":            "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----\ndone",
		"pem cut":        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA",
		"google api":     "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY is the key",
		"huggingface":    "HF hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345 token",
		"basic":          "Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l",
	}
	hidden := map[string]string{
		"github classic": "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C", "github fine": "github_pat_11ABCDEFG0", "aws": "AKIAIOSFODNN7EXAMPLE",
		"openai project": "Xy7vT2qLm9", "anthropic": "Qw3Er5Ty7", "slack bot": "Zx8Cv7Bn6", "jwt": "eyJhbGciOiJIUzI1NiJ9",
		"bearer": "a8F3kq92", "url userinfo": "S3cr3tPass", "query token": "Zk29fj3LqP", "query key": "abcdef123456",
		"env line": "verysecretvalue", "header line": "9f8e7d6c5b4a", "yaml password": "hunter2", "json in text": "q9W8e7R6t5Y4",
		"stripe": "51HqLyjWDarjtT1zdp7dc", "pem": "MIIEowIBAAKCAQEA7", "pem cut": "b3BlbnNzaC1rZXktdjEAAAAA",
		"google api": "9tSrke72PouQMnMX", "huggingface": "AbCdEfGhIjKlMnOpQr", "basic": "YWxhZGRpbjpvcGVuc2VzYW1l",
	}
	kept := map[string]string{
		"github classic": "for the push", "aws": "region eu", "bearer": "https://api.example", "url userinfo": "https://ann:",
		"query token": "limit=5&token=", "env line": "API_KEY=", "header line": "X-Api-Key: ", "yaml password": "password: ", "pem": "done",
	}
	for name, text := range secrets {
		got := Mask(text, "[masked]")
		if strings.Contains(got, hidden[name]) || !strings.Contains(got, "[masked]") {
			t.Errorf("%s: %q shows the credential: %q", name, text, got)
		}
		if k := kept[name]; k != "" && !strings.Contains(got, k) {
			t.Errorf("%s: %q lost %q around the credential: %q", name, text, k, got)
		}
	}
	for _, prose := range []string{
		"Trains an sk-learn-compatible-estimator-for-the-model and reports its score.",
		"Bearer authentication is required; pass the token in the Authorization header.",
		"Fetches https://example.com/path?page=2&sort=asc for the user.",
		"Use the key: value syntax, e.g. colour: blue.",
		"The password must be at least 8 characters.",
		"AKIA is the prefix of an access key id.",
		"task-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z is a job id, not a key",
		"The token parameter selects a page; see the api key docs.",
	} {
		if got := Mask(prose, "[masked]"); got != prose {
			t.Errorf("prose masked: %q → %q", prose, got)
		}
	}
}
