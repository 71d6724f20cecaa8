package models

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/authority/credential"
	"github.com/agentforge/console/web/upstream"
)

// A command server's working directory (--dir): where its process runs
// instead of the console's own working directory, so a server that reads
// or writes relative paths (a data file, a repository) finds them. It is
// a setting, shown in clear; empty means the console's directory. It is
// kept in a table of its own (connection_dirs), so the connections table,
// which the previous release reads with SELECT * while it serves, keeps
// its columns (docs/upgrades.md).

// ConnectionDir is a command connection's working directory; a
// connection without one has no row.
type ConnectionDir struct {
	ConnectionName string `gorm:"primaryKey;size:64"`
	Dir            string `gorm:"size:1000;not null"`
}

// connectionsWithDir selects connections with their working directory,
// if any, in Connection.Dir.
func (s *Store) connectionsWithDir(ctx context.Context) *gorm.DB {
	return s.with(ctx).Model(&Connection{}).
		Select("connections.*, COALESCE(connection_dirs.dir, '') AS dir").
		Joins("LEFT JOIN connection_dirs ON connection_dirs.connection_name = connections.name")
}

// setConnectionDir stores name's working directory ("": none), inside
// the caller's transaction.
func (s *Store) setConnectionDir(ctx context.Context, name, dir string) error {
	if err := s.with(ctx).Where("connection_name = ?", name).Delete(&ConnectionDir{}).Error; err != nil {
		return err
	}
	if dir == "" {
		return nil
	}
	return s.with(ctx).Create(&ConnectionDir{ConnectionName: name, Dir: dir}).Error
}

// MaxConnectionDir bounds a connection's working directory: its column's
// size.
const MaxConnectionDir = 1000

// validateDir adds to errs (under "dir") the problem of in's working
// directory: given to a URL server, not absolute, too long, holding a
// NUL or a credential, missing, or not a directory.
func validateDir(in ConnectionInput, errs map[string]string) {
	d := in.Dir
	if d == "" {
		return
	}
	var msg string
	switch {
	case in.URL != "":
		msg = "a working directory is for command servers"
	case strings.ContainsRune(d, 0):
		msg = "holds a NUL byte, which no path can carry"
	case tooLong(d, MaxConnectionDir):
		msg = "it " + atMost(MaxConnectionDir)
	case !filepath.IsAbs(d):
		msg = fmt.Sprintf("%q is not an absolute path: give the full path (the command runs there, whatever directory the console starts in)", d)
	case len(credential.Find(d)) > 0:
		msg = "looks like it holds a credential, and the directory is shown and stored in clear"
	default:
		fi, err := os.Stat(d)
		switch {
		case os.IsNotExist(err):
			msg = fmt.Sprintf("%q does not exist", d)
		case err != nil && upstream.CannotEnter(d) != "":
			msg = fmt.Sprintf("%q: %s", d, upstream.CannotEnter(d))
		case err != nil:
			msg = fmt.Sprintf("%q cannot be read: %v", d, errorText(err))
		case !fi.IsDir():
			msg = fmt.Sprintf("%q is not a directory", d)
		case upstream.CannotEnter(d) != "":
			// the server's user, not the console's: root enters every
			// directory, and the server would fail each start with EACCES
			msg = fmt.Sprintf("%q: %s", d, upstream.CannotEnter(d))
		default:
			return
		}
	}
	errs["dir"] = msg
}

// errorText is a file error without the path it repeats.
func errorText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
