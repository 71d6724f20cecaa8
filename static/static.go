// Package static embeds the console's CSS, JavaScript and vendored htmx.
// URLs carry a content hash, so responses can be cached for a year.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sort"
)

//go:embed app.css app.js vendor/*.js
var files embed.FS

// FS is the embedded static tree.
func FS() fs.FS { return files }

// Version is a short hash of every embedded file, used in asset URLs.
func Version() string {
	h := sha256.New()
	var names []string
	_ = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	for _, n := range names {
		b, _ := files.ReadFile(n)
		h.Write([]byte(n))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// HTMX is the path of the vendored htmx file inside FS.
const HTMX = "vendor/htmx-2.0.11.min.js"
