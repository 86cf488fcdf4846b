package mcp

import (
	"fmt"
	"os"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/config"
)

// Tails shared by the descriptions: what an acting tool's envelope
// proves, that refs die, and that dialogs block.
const (
	refsDie = " Refs from earlier snapshots die when the page changes: snapshot again before using refs, never guess one."
	proves  = " The result is an envelope: ok, used: (the Playwright line that acted), Page, Changes (the proof: what the page gained, lost or changed, or no change), " +
		"Events (a dialog, a new tab, a download, console errors)."
	blocks = " A dialog the action raises stays open and blocks every page tool (code dialog_open) until the dialog tool answers it."
	acts   = proves + blocks + refsDie
	looks  = " While a dialog is open it fails with dialog_open: answer the dialog first."
)

func readOnly(title string) *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, OpenWorldHint: yes()}
}

func acting(title string) *sdk.ToolAnnotations {
	f := false
	return &sdk.ToolAnnotations{Title: title, DestructiveHint: &f, OpenWorldHint: yes()}
}

func yes() *bool { t := true; return &t }

func (s *Server) addTools() {
	s.addTableTools()
}

// config loads the configuration for do, go and verify.
func (s *Server) config() (config.Config, error) {
	if s.o.Config == nil {
		return config.Config{}, nil
	}
	cfg, err := s.o.Config()
	if err != nil {
		return cfg, usageErr{err.Error()}
	}
	return cfg, nil
}

// image is the screenshot artifact as an image block, when it is there
// and not too large to send.
func image(env *envelope.Envelope) []sdk.Content {
	for _, a := range env.Artifacts {
		if !strings.HasSuffix(a.Path, ".png") {
			continue
		}
		st, err := os.Stat(a.Path)
		if err != nil || st.Size() == 0 {
			continue
		}
		if st.Size() > MaxImageBytes {
			return []sdk.Content{&sdk.TextContent{Text: fmt.Sprintf("(the PNG is %s, too large to send: read it at %s)", size(int(st.Size())), a.Path)}}
		}
		b, err := os.ReadFile(a.Path)
		if err != nil {
			continue
		}
		return []sdk.Content{&sdk.ImageContent{Data: b, MIMEType: "image/png"}}
	}
	return nil
}
