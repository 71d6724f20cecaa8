//go:build !unix

package main

// databaseURL is DATABASE_URL as serve read it.
var databaseURL string

// serverHome does nothing where servers cannot run as another user.
func serverHome() error { return nil }

// removeServerHome does nothing: no servers' HOME was made.
func removeServerHome() {}
