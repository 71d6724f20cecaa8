package main

import (
	"fmt"
	"io"
	"os"
)

// readBounded reads a file a person gave the CLI, refusing it past max
// bytes without reading on (os.ReadFile would read any size first).
func readBounded(name string, max int) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > max {
		return nil, fmt.Errorf("%s: is over %d bytes, the ceiling", name, max)
	}
	return b, nil
}
