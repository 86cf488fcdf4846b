package cmdline

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/prima-dev/prima/envelope"
)

// The agents guide is printed whole and stays short enough for a system
// prompt (DESIGN: <= 2,500 tokens; about 4 bytes a token for English).
func TestHelpAgentsPrintsTheGuide(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"prima", "help", "agents"}, &out, &errb, nil); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out.String() != agentsGuide {
		t.Errorf("prima help agents printed something else than the guide")
	}
	if n := len(agentsGuide) / 4; n > 2500 {
		t.Errorf("the guide is about %d tokens, over 2,500", n)
	}
	for _, must := range []string{"### Changes", "dialog_open", "Refs die", "prima tab select", "--json"} {
		if !strings.Contains(agentsGuide, must) {
			t.Errorf("the guide does not mention %q", must)
		}
	}
}

// Every failure code an envelope can carry is named where a user or an
// orchestrator reads the list: the agents guide and the README (the MCP
// instructions print envelope.Codes itself).
func TestTheGuideAndTheREADMEListEveryCode(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range envelope.Codes {
		if !strings.Contains(agentsGuide, string(c)) {
			t.Errorf("help agents does not name the failure code %s", c)
		}
		if !strings.Contains(string(readme), string(c)) {
			t.Errorf("the README does not name the failure code %s", c)
		}
	}
}

// An inexpressible claim is said one way everywhere: it was not checked
// (ok: false, code inexpressible, exit 3), never that it failed or that
// it is no failure.
func TestInexpressibleIsSaidOneWay(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var help bytes.Buffer
	Run(context.Background(), []string{"prima", "help", "verify"}, &help, &help, nil)
	for name, text := range map[string]string{"help agents": agentsGuide, "the README": string(readme), "help verify": help.String()} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), "the claim was not checked, which says nothing of whether it is true") {
			t.Errorf("%s does not say an inexpressible claim was not checked", name)
		}
		if strings.Contains(text, "not a failure") {
			t.Errorf("%s calls an inexpressible claim not a failure", name)
		}
	}
}
