package fidelity_test

import "testing"

// TestCommandsByTheirShape: a command in backticks is known by its shape
// as well as by a known program or a flag — elevated rights ("sudo …"), a
// program by its path ("./…"), a script file handed to a program, a
// "-cli" client — and a command opening a step may be followed by where
// it runs; a tool's name or a value in backticks stays none.
func TestCommandsByTheirShape(t *testing.T) {
	for _, text := range []string{
		"Returns a kiosk record. If the screen is frozen, type `sudo systemctl restart kiosk` at its prompt.",
		"Returns the tuning table. If the gains drift, run `./recalibrate.sh` on the rig.",
		"Returns the signing key's fingerprint. Obtain it via `./gradlew signingReport`.",
		"Returns the model file. Solve it with `opensees frame.tcl` before reporting.",
		"Returns dead links. `make docs` from the top folder.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns accounts. The value `admin user` names the role.",
		"Returns the script's name, such as `deploy.sh`, and its owner.",
		"Returns a kiosk record. The field `sudo reboot` lists the last command an operator typed.",
		"Returns accounts. Pass `status active` to filter them.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
