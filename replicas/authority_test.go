package replicas

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// checkGrantRevocation: a contractor's call is allowed on B; the grant is
// removed from the command line (a third process); B's very next check is
// denied with a structured error, and so is A's.
func checkGrantRevocation(t *testing.T, c *cluster, admin *browser) {
	out, err := c.cli("apikey", "create", "runtime-check", "--scope", "runtime")
	if err != nil {
		t.Fatalf("runtime key: %v %s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	check := func(r int) (decision, typ string) {
		body := `{"agent":"analyst","tool":"load_table","subject":{"id":"c1","groups":["contractors"]}}`
		for attempt := 0; ; attempt++ {
			req, _ := http.NewRequest(http.MethodPost, c.base[r]+"/api/v1/authorize", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+key)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusTooManyRequests && attempt < 20 {
				time.Sleep(400 * time.Millisecond) // the replicas run with a low rate
				continue
			}
			var d struct {
				Decision string `json:"decision"`
				Error    *struct {
					Type string `json:"type"`
				} `json:"error"`
			}
			if res.StatusCode != http.StatusOK || json.Unmarshal(b, &d) != nil {
				t.Fatalf("authorize on replica %d: %d %s", r, res.StatusCode, b)
			}
			if d.Error != nil {
				typ = d.Error.Type
			}
			return d.Decision, typ
		}
	}
	if d, typ := check(1); d != "allow" {
		t.Fatalf("before the revocation B answers %s (%s)", d, typ)
	}
	if out, err := c.cli("grant", "remove", "contractors", "--effects", "read-only"); err != nil {
		t.Fatalf("grant remove: %v %s", err, out)
	}
	for r := 1; r >= 0; r-- {
		if d, typ := check(r); d != "deny" || typ != "permission_denied" {
			t.Fatalf("replica %d's next check after the revocation: %s (%s), want deny (permission_denied)", r, d, typ)
		}
	}
}
