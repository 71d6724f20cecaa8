//go:build !linux

package main

// setNonDumpable does nothing where prctl does not exist.
func setNonDumpable() error { return nil }

// dumpable says the process is dumpable: nothing changes it here.
func dumpable() (bool, error) { return true, nil }
