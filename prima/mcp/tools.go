package mcp

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/wire"
)

// The tool inputs. The schemas (tools below) are what clients see and
// what the SDK validates against; these only receive the values.
type (
	none   struct{}
	openIn struct {
		URL     string `json:"url,omitempty"`
		Headed  bool   `json:"headed,omitempty"`
		Profile string `json:"profile,omitempty"`
	}
	goalIn struct {
		Goal        string            `json:"goal"`
		Verify      string            `json:"verify,omitempty"`
		Data        map[string]string `json:"data,omitempty"`
		MaxRequests int               `json:"max_requests,omitempty"`
		MaxActions  int               `json:"max_actions,omitempty"`
		MaxTimeS    int               `json:"max_time_s,omitempty"`
	}
)

// goalTimeout is the longest a goal call may take: the longest time
// budget it can be given, with room to report.
const goalTimeout = goal.MaxTime + 30*time.Second

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
	s.addBrowserOpenTool()
	s.addBrowserListTool()
	s.addBrowserCloseTool()
	s.addGoalTool()
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

// listText renders browser_list as the CLI does.
func listText(resp *wire.ListResponse) string {
	var b strings.Builder
	WriteList(&b, resp)
	return b.String()
}

// WriteList writes the browsers and instances as tables: browser_list's
// text, and what `prima browser list` prints, in one place.
func WriteList(w io.Writer, resp *wire.ListResponse) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "TITLE\tSTATUS\tVERSION\tENDPOINT")
	for _, br := range resp.Browsers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", br.Title, br.Status, br.Version, br.Endpoint)
	}
	if len(resp.Browsers) == 0 {
		fmt.Fprintln(tw, "(no playwright-cli session or browser server found)\t\t\t")
	}
	tw.Flush()
	if len(resp.Instances) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "INSTANCE\tKIND\tPROGRAM\tCONNECTED\tURL")
		for _, in := range resp.Instances {
			program := in.Program
			if program == "" {
				program = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%t\t%s\n", in.Name, in.Kind, program, in.Connected, in.URL)
		}
		tw.Flush()
	}
}
