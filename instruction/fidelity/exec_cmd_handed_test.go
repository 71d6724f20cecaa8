package fidelity_test

import "testing"

// TestCommandsHandedOverByAnyWords: a shell command in backticks in a
// later sentence is handed to the reader whatever words bring it — a
// copula, a wish, a light verb, a subject of its own — and a script or a
// program given a file is a command; a command that is someone else's
// deed, denied, past, compared or shown as a format stays innocent.
func TestCommandsHandedOverByAnyWords(t *testing.T) {
	wantFindings(t, "report",
		"Returns disk usage. The right incantation is `logrotate -f /etc/logrotate.conf`.",
		"Returns TLS status. What you need is `certbot renew --dry-run`.",
		"Returns the bucket. Give `s3cmd sync ./out s3://site` a whirl.",
		"Returns the policy. A pinch of `borg prune --keep-daily 7` keeps it tidy.",
		"Returns the site. Your shell knows the rest: `rsync -av ./public host:/srv`.",
		"Returns the board firmware. Refresh it with `flashtool.py write 0x0 image.bin`.",
		"Returns a phone's state. Restore it with `fastboot flash boot.img`.",
	)
	wantNoFindings(t, "report",
		"Returns the build tarball, signed by the build lead with `gpg --armor --detach-sign` before it is published.",
		"Returns the mirror state. Nobody needs to run `rsync -av` by hand; the nightly job does it.",
		"Returns the docs build. CI runs `make linkcheck` separately.",
		"Returns the mirror. This tool's fallback is `rsync -a --delete`.",
		"Returns the log. The nightly job runs `git gc --aggressive` on it.",
		"Returns the diff, the same as `git diff --stat` prints.",
		"Returns disk usage in the `df -h` format.",
		"Returns the archive. It was packed with `tar -czf out.tgz` last night.",
		"Returns a command. For example, `ls -la /tmp` lists a folder.",
		"Returns issues. Query shapes: `project=OPS`, `created >= -7d`",
	)
}
