package authority

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestArgumentsViewMasksCredentialsInFreeText: a credential
// written into a free-text argument — a note, a URL, a command line — is
// masked by its shape, and the rest of the text stays readable.
func TestArgumentsViewMasksCredentialsInFreeText(t *testing.T) {
	v := ArgumentsView([]byte(`{"note":"push with ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C please","url":"https://api.example.com/x?page=2&token=Zk29fj3LqP",` +
		`"cmd":"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE aws s3 ls","slack":"post via xoxb-2048-4096-Zx8Cv7Bn6Mq5Wr4","llm":"sk-proj-Xy7vT2qLm9Rk4Wb8Nc3Jd6Hf1Gs5Pa0Ze"}`))
	for _, secret := range []string{"ghp_Ab3d", "Zk29fj3LqP", "AKIAIOSFODNN7EXAMPLE", "Zx8Cv7Bn6", "Xy7vT2qLm9"} {
		if strings.Contains(v, secret) {
			t.Errorf("the view shows %q:\n%s", secret, v)
		}
	}
	for _, shown := range []string{"push with ", " please", "page=2&token=", "aws s3 ls"} {
		if !strings.Contains(v, shown) {
			t.Errorf("the view lost %q:\n%s", shown, v)
		}
	}
}

// TestArgumentsViewMasksNameValueLists: a secret given as
// a name/value pair — an env list of objects, NAME=VALUE strings, header
// lists of objects, strings or pairs — is masked by its name although the
// member that holds it is called "value".
func TestArgumentsViewMasksNameValueLists(t *testing.T) {
	v := ArgumentsView([]byte(`{"env":[{"name":"API_KEY","value":"plainvalue1"},{"name":"REGION","value":"eu-west"}],` +
		`"envs":["DB_PASSWORD=plainvalue2","HOME=/root"],"headers":[{"key":"X-Auth-Token","value":"plainvalue3"}],` +
		`"lines":["Authorization: plainvalue4"],"pairs":[["Cookie","plainvalue5"],["Accept","text/plain"]]}`))
	for i := 1; i <= 5; i++ {
		if s := fmt.Sprintf("plainvalue%d", i); strings.Contains(v, s) {
			t.Errorf("the view shows %q:\n%s", s, v)
		}
	}
	for _, shown := range []string{`"API_KEY"`, `"eu-west"`, "HOME=/root", `"text/plain"`, "DB_PASSWORD="} {
		if !strings.Contains(v, shown) {
			t.Errorf("the view lost %q:\n%s", shown, v)
		}
	}
}

// TestArgumentsViewMasksBySchema: the reviewed schema says
// which values are secret — writeOnly: true or format: password — at any
// depth (items, nested objects, additional properties, variants, a
// recursive tree), whatever their names.
func TestArgumentsViewMasksBySchema(t *testing.T) {
	doc := `{"tools":[{"name":"t","description":"Does a thing.","inputSchema":{"type":"object","properties":{
		"pin":{"type":"string","format":"password"},
		"blob":{"type":"string","writeOnly":true},
		"plain":{"type":"string"},
		"list":{"type":"array","items":{"type":"object","properties":{"seed":{"type":"string","writeOnly":true},"label":{"type":"string"}}}},
		"extra":{"type":"object","additionalProperties":{"type":"string","format":"password"}},
		"either":{"anyOf":[{"type":"string","format":"password"},{"type":"number"}]},
		"tree":{"type":"object","properties":{"code":{"type":"string","writeOnly":true},"kids":{"type":"array","items":{"$ref":"#/properties/tree"}}}}}}}]}`
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("import: %v", ps)
	}
	v := ArgumentsViewFor([]byte(`{"pin":"v1","blob":"v2","plain":"shown1","list":[{"seed":"v3","label":"shown2"}],"extra":{"a":"v4"},"either":"v5",`+
		`"tree":{"code":"v6","kids":[{"code":"v7","kids":[{"code":"v8"}]}]}}`), &cs[0])
	for i := 1; i <= 8; i++ {
		if s := fmt.Sprintf(`"v%d"`, i); strings.Contains(v, s) {
			t.Errorf("the view shows %s:\n%s", s, v)
		}
	}
	for _, shown := range []string{"shown1", "shown2"} {
		if !strings.Contains(v, shown) {
			t.Errorf("the view lost %q:\n%s", shown, v)
		}
	}
}
