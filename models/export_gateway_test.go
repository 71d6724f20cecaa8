package models

import "database/sql"

// SQLDB is the store's connection pool, for tests that look at its
// connections.
func (s *Store) SQLDB() *sql.DB {
	db, _ := s.db.DB()
	return db
}
