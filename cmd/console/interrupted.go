package main

import "fmt"

// interrupted is the error of a long-running command that a signal
// (SIGINT, SIGTERM: main's context) stopped before its end: exit 1,
// saying so, instead of carrying on to the end or being killed.
func interrupted(cause error) error {
	return &exitError{1, fmt.Errorf("interrupted (SIGINT or SIGTERM): stopped before the end; nothing more was done (%v)", cause)}
}
