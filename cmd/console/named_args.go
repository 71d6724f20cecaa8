package main

import "flag"

// parseNamed parses args into fs and returns the positional arguments,
// which may stand before, between or after the flags (the flag package
// alone stops at the first one, leaving every later flag unparsed).
// Everything after "--" is positional.
func parseNamed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
