package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addVerifyTool registers the verify tool.
func (s *Server) addVerifyTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "verify",
		Description: "Check a claim about the current page with real assertions, acting on nothing. Claims it can check: text shown or not " +
			"(\"Profile saved\" is visible; \"Error\" is not visible), element states (the Save button is enabled / disabled, the Agree checkbox is checked, " +
			"the Details button is expanded, the History tab is selected), field values (the Name field contains \"Ada\"), the title, the URL. " +
			"The Verdict section says passed (listing the assertions that ran), failed (an assertion ran and did not hold) or inexpressible " +
			"(no assertion can express this claim, so the claim was not checked, which says nothing of whether it is true; rephrase it as one of the forms above). " +
			"Failed and inexpressible are error results (ok: false; code inexpressible for the latter)." + looks,
		InputSchema: object(
			req("claim", text("One claim about the page, e.g. \"Profile saved\" is visible.")),
		),
		Annotations: readOnly("Verify a claim"),
	}, func(ctx context.Context, in verifyIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		claim := strings.TrimSpace(in.Claim)
		if claim == "" {
			return nil, usagef("verify: the claim is empty")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Verify(ctx, wire.VerifyRequest{Target: t, Claim: claim, Config: cfg}))
	})
}
