package runtime

import (
	"fmt"
	"sort"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// OrdinarySecretNames names a connection's secrets whose values look like
// ordinary text (upstream.Ordinary), "header K" or "env K", sorted: each
// can be pinpointed by a caller who plants guesses in text a tool reads
// back, since the console masks it where the server repeats it. Nil when
// none (or when the secrets cannot be opened).
func OrdinarySecretNames(sec models.ConnectionSecrets) []string {
	var out []string
	for k, v := range sec.Headers {
		if upstream.Ordinary(v) {
			out = append(out, "header "+k)
		}
	}
	for k, v := range sec.Env {
		if upstream.Ordinary(v) {
			out = append(out, "env "+k)
		}
	}
	sort.Strings(out)
	return out
}

// StoredOrdinarySecretNames is OrdinarySecretNames of a stored
// connection's secrets (nil when they cannot be opened).
func StoredOrdinarySecretNames(store *models.Store, c *models.Connection) []string {
	if c.Sealed == "" {
		return nil
	}
	sec, err := store.OpenSecrets(c)
	if err != nil {
		return nil
	}
	return OrdinarySecretNames(sec)
}

// OrdinarySecretsWarning is the warning about the secrets names (from
// OrdinarySecretNames): which ones, and why a longer random value is
// needed ("" when names is empty).
func OrdinarySecretsWarning(names []string) string {
	if len(names) == 0 {
		return ""
	}
	list := names[0]
	for _, n := range names[1:] {
		list += ", " + n
	}
	return fmt.Sprintf("the value of %s looks like ordinary text (under %d bytes, fewer than three kinds of character): a caller who plants guesses in text a tool reads back can tell which one the console masks, and so learn it; choose a longer, random value", list, upstream.DistinctiveLength)
}
