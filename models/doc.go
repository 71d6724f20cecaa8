// Package models is the console's persistence: users and sessions, the
// tool catalog rows, agents and profiles, skills and their reviews, API
// keys, composition receipts and the hash-chained audit log. A Store wraps
// GORM over SQLite (embedded default) or Postgres; every multi-step write
// runs in one transaction with its audit event.
package models
