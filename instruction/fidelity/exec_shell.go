package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// A command line needs a shell, not any tool that runs code: a roster
// tool that runs SQL statements, test suites or a sandboxed language
// ("Run a SQL statement that changes data", "Execute Jest suites") provides
// code execution, yet "run `nc -zv cache.local 6379`" hands over a program
// started from a shell, which that tool cannot do. A command line handed
// over in backticks (commandSpans marks its mention shell) is excused only
// by a tool that provides the class "shell" (shellTool) — the code
// channel, a tool named for a shell or for running commands, or one whose
// headline runs or drives a shell or a command — and, in a runner's own
// entry, only when that runner is one (ownerFacts.shell).

// shellWords name a shell or the command line.
var shellWords = set("bash", "zsh", "sh", "shell", "terminal", "powershell", "pwsh", "cmd.exe", "command-line", "cli")

// shellTool: a tool that runs commands in a shell — the code channel, a
// tool named for a shell or for running commands (run_command,
// ssh_exec), or one whose headline drives a shell or terminal.
func shellTool(k catalog.Contract) bool {
	if k.ID == ExecTool {
		return true
	}
	return shellName(k.Name()) || shellHeadline(headline(k.Purpose))
}

// shellName: a tool's name says it runs commands in a shell (bash_run,
// terminal_send, run_command, ssh_exec; not list_ssh_profiles).
func shellName(name string) bool {
	parts := map[string]bool{}
	for _, p := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		parts[p] = true
	}
	for _, w := range []string{"shell", "terminal", "bash", "zsh", "powershell", "cmd"} {
		if parts[w] {
			return true
		}
	}
	return (parts["run"] || parts["exec"] || parts["execute"]) && (parts["command"] || parts["commands"] || parts["ssh"])
}

// shellHeadline: a tool's headline opens with a verb of running or
// driving and names a shell or a command ("Start a terminal process",
// "Execute a command inside a Kubernetes container"); "Returns a bash snippet" names
// one without running it.
func shellHeadline(head string) bool {
	ws := strings.FieldsFunc(strings.ToLower(head), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r == '-' || r == '.') })
	if len(ws) == 0 || !shellDrivers[ws[0]] {
		return false
	}
	for i, w := range ws[1:] {
		if shellWords[w] && w != "sh" || w == "ssh" {
			return true
		}
		if w == "command" || w == "commands" {
			// a shell's command ("a command", "any kubectl command"), not
			// another system's ("Tauri IPC commands", "Redis commands")
			p := ws[i]
			return commandQualifiers[p] || shellWords[p] || cliTools[p] || cliPrograms[p]
		}
	}
	return false
}

// commandQualifiers may stand before a shell's "command".
var commandQualifiers = set("a", "an", "any", "the", "one", "arbitrary", "system", "os", "single", "remote", "given")

// shellDrivers open a headline of a tool that runs or drives a shell.
var shellDrivers = set("run", "runs", "execute", "executes", "exec", "start", "starts", "open", "opens", "launch",
	"launches", "spawn", "spawns", "send", "sends", "interact", "interacts")

// shellNeeded: an exec mention only a shell serves — a command line
// handed over in backticks.
func (m mention) shellNeeded() bool {
	return m.kind == KindExec && m.shell
}

// shellish: a finding's signal is a command line (a span commandSpans
// hands over).
func shellish(signal string) bool {
	return commandShaped(signal) || programLine(signal)
}
