package models

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The Postgres connection budget of one console process
// (CONSOLE_DB_MAX_CONNS): a default server allows 100 connections, so two
// replicas at the default leave more than half of them to every other
// client, and a pooled connection unused for DBConnMaxIdle is closed, so
// a replica idle after a burst holds none of them for long.
const (
	DefaultDBMaxConns = 20
	MaxDBMaxConns     = 1000
	DBConnMaxIdle     = time.Minute
	// sqliteMaxConns: SQLite serializes its writers; the setting does
	// not apply there
	sqliteMaxConns = 4
)

// ParseDBMaxConns reads CONSOLE_DB_MAX_CONNS: a whole number from 1 to
// MaxDBMaxConns; "" is DefaultDBMaxConns.
func ParseDBMaxConns(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultDBMaxConns, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxDBMaxConns {
		return 0, fmt.Errorf("CONSOLE_DB_MAX_CONNS: %q is not a whole number from 1 to %d (default %d)", s, MaxDBMaxConns, DefaultDBMaxConns)
	}
	return n, nil
}

// SetDBMaxConns bounds the Postgres connections this store opens at once
// (idle ones included; ParseDBMaxConns's result). SQLite keeps its own
// small pool.
func (s *Store) SetDBMaxConns(n int) error {
	if s.dialect != DialectPostgres {
		return nil
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	setPool(sqlDB, n)
	return nil
}

// poolSetter is the part of *sql.DB the pool's bounds use.
type poolSetter interface {
	SetMaxOpenConns(int)
	SetMaxIdleConns(int)
	SetConnMaxIdleTime(time.Duration)
}

// setPool bounds db's connections to n, idle ones closed after
// DBConnMaxIdle. Every open connection may stay idle (a pool smaller
// than its busy moments would close and reopen connections under load).
func setPool(db poolSetter, n int) {
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	db.SetConnMaxIdleTime(DBConnMaxIdle)
}
