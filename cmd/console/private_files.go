package main

import (
	"log/slog"

	"github.com/agentforge/console/models"
)

// logPrivateFiles makes the secrets key file private as the store's open
// made the SQLite files, and logs each file found readable by other users
// (an earlier version, a copy, a umask): stdio servers may run as another
// user and must read none of them.
func logPrivateFiles(log *slog.Logger, store *models.Store) error {
	changed := append([]string(nil), store.Tightened()...)
	if f := sealKeyFile(); f != "" {
		c, err := models.MakePrivate(f)
		if err != nil {
			return err
		}
		changed = append(changed, c...)
	}
	for _, c := range changed {
		log.Warn("made private: other users could read this file", "file", c)
	}
	return nil
}
