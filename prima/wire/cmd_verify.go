package wire

import "strings"

// VerifyRequest is `prima verify CLAIM`.
type VerifyRequest struct {
	Target
	Configured        // the judge, for judgements and claim matching
	Claim      string `json:"claim"`
}

// Validate needs a claim.
func (r VerifyRequest) Validate() error {
	if strings.TrimSpace(r.Claim) == "" {
		return usagef("verify needs a claim")
	}
	return nil
}

func init() {
	register(Command{
		Name:  "verify",
		Usage: "Check a claim about the page with real assertions: passed, failed, or inexpressible (exit 0, 1, 3); acts on nothing",
		Detail: `Claims it can check: text shown or not ("Profile saved" is visible; "Error" is not visible), element states ` +
			`(the Save button is enabled|disabled, the Agree checkbox is checked, the Details button is expanded, the History tab ` +
			`is selected), field values (the Name field contains "Ada"), the title, the URL. The Verdict says passed (listing the ` +
			`assertions that ran), failed (an assertion ran and did not hold) or inexpressible (no assertion can express the ` +
			`claim, so the claim was not checked, which says nothing of whether it is true; rephrase it as one of the forms above). ` +
			`Failed and inexpressible fail the command (code inexpressible for the latter). While a dialog is open it fails ` +
			`with dialog_open: answer the dialog first.`,
		Title: "Verify a claim",
		Params: []Param{
			{Key: "claim", Kind: KindSentence, Word: true, Required: true, Help: `One claim about the page, e.g. "Profile saved" is visible (the CLI's words, quoted or not).`},
		},
		New: func() Request { return &VerifyRequest{} },
	})
}
