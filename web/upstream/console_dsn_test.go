package upstream

import (
	"slices"
	"strings"
	"testing"
)

// TestDatabasePasswordIsASecretHoweverGiven: every way libpq and pgx take
// the database password makes it a console secret (the variable removed,
// its value and the password masked): the URL's user info, its ?password=
// parameter, a key=value DSN's password= (quoted or not), PGPASSWORD; a
// database URL without a password is neither.
func TestDatabasePasswordIsASecretHoweverGiven(t *testing.T) {
	for _, c := range []struct{ env, pw string }{
		{"DATABASE_URL=postgres://u:S3cret-pw-1@db/console", "S3cret-pw-1"},
		{"DATABASE_URL=postgres://u@db/console?sslmode=disable&password=S3cret-pw-2", "S3cret-pw-2"},
		{"DATABASE_URL=postgresql://db/console?user=u&password=S3cret%20pw", "S3cret pw"},
		{"DATABASE_URL=host=db user=u password=S3cret-pw-3 dbname=console", "S3cret-pw-3"},
		{"DATABASE_URL=host=db password = 'S3 cret\\'pw' dbname=console", "S3 cret'pw"},
		{"PGPASSWORD=S3cret-pw-4", "S3cret-pw-4"},
	} {
		names, values := ConsoleSecretsOf([]string{c.env, "PGHOST=db", "PGPASSFILE=/srv/.pgpass"})
		k, v, _ := strings.Cut(c.env, "=")
		if !slices.Equal(names, []string{k}) {
			t.Errorf("%s: secret variables %v, want [%s]", c.env, names, k)
		}
		if !slices.Contains(values, c.pw) || !slices.Contains(values, v) {
			t.Errorf("%s: masked values %q, want the value and the password %q", c.env, values, c.pw)
		}
	}
	for _, env := range []string{"DATABASE_URL=postgres://u@db/console?sslmode=disable", "DATABASE_URL=host=db user=u dbname=console", "DATABASE_URL=console.db"} {
		if names, values := ConsoleSecretsOf([]string{env}); len(names)+len(values) != 0 {
			t.Errorf("%s: secret %v %v", env, names, values)
		}
	}
}
