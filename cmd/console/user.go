package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/agentforge/console/instruction/meter"

	"golang.org/x/term"

	"github.com/agentforge/console/models"
)

func runUser(ctx context.Context, args []string, stdout io.Writer) error {
	usage := fmt.Errorf("usage: console user add NAME --roles admin,reviewer [--password-file FILE] --as USER")
	if len(args) < 2 || args[0] != "add" {
		return &exitError{2, usage}
	}
	fs := flag.NewFlagSet("user add", flag.ContinueOnError)
	roles := fs.String("roles", "viewer", "comma-separated roles: admin, editor, reviewer, viewer")
	pwFile := fs.String("password-file", "", "read the password from this file (first line)")
	as := actorFlag(fs)
	pos, err := parseNamed(fs, args[1:])
	if err != nil {
		return &exitError{2, err}
	}
	if len(pos) != 1 {
		return &exitError{2, fmt.Errorf("one NAME: %w", usage)}
	}
	name := pos[0]
	if err := needActor(*as); err != nil {
		return err
	}
	rs, err := models.ParseRoles(*roles)
	if err != nil {
		return &exitError{2, fmt.Errorf("--roles: %w", err)}
	}
	pw, err := readPassword(*pwFile, stdout)
	if err != nil {
		return &exitError{2, err}
	}
	store, _, err := openStore(ctx, meter.New(10000))
	if err != nil {
		return err
	}
	defer store.Close()
	who, err := actor(ctx, store, *as, models.RoleAdmin)
	if err != nil {
		return err
	}
	u, err := store.CreateUser(ctx, who, models.NewUserInput{Username: name, Password: pw, Roles: rs})
	var ve *models.ValidationError
	if errors.As(err, &ve) {
		// each refused field under the name the command line gives it
		var msgs []string
		for f, msg := range ve.Fields {
			switch f {
			case "username":
				f = "NAME"
			case "password":
				// typed at the prompt or read from --password-file
			default:
				f = "--" + strings.ReplaceAll(f, "_", "-")
			}
			msgs = append(msgs, f+": "+msg)
		}
		slices.Sort(msgs)
		return &exitError{1, errors.New(strings.Join(msgs, "\n"))}
	}
	if err != nil {
		return &exitError{1, err}
	}
	fmt.Fprintln(stdout, createdUser(u.Username, u.Roles, ""))
	return nil
}

func readPassword(file string, stdout io.Writer) (string, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return "", fmt.Errorf("--password-file: %w", err)
		}
		return strings.TrimRight(strings.SplitN(string(b), "\n", 2)[0], "\r"), nil
	}
	if term.IsTerminal(int(os.Stdin.Fd())) {
		fmt.Fprint(stdout, "Password: ")
		b, err := term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(stdout)
		return string(b), err
	}
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	if err != nil && line == "" {
		return "", fmt.Errorf("no password: use --password-file or type it at the prompt")
	}
	return strings.TrimRight(line, "\r\n"), nil
}
