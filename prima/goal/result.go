package goal

import (
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/judge"
)

// Stop is why a goal ended; StopPassed is the only success. The envelope
// carries it beside its failure code (Code).
type Stop string

// Every way a goal ends.
const (
	StopPassed = Stop("passed") // DONE, then an unflagged independent pass

	StopRequestLimit = Stop("request_limit")
	StopActionLimit  = Stop("action_limit")
	StopTimeout      = Stop("timeout")
	StopCanceled     = Stop("canceled") // the caller canceled

	StopOperationAbstention = Stop("operation_abstention")
	StopTargetAbstention    = Stop("target_abstention")
	StopBlocked             = Stop("blocked")
	StopValueBlocked        = Stop("value_blocked")
	StopValueAbstention     = Stop("value_abstention")
	StopValueMismatch       = Stop("value_constraint_mismatch")

	StopStaleObservation      = Stop("stale_observation")
	StopNoProgress            = Stop("no_progress")
	StopIncompleteObservation = Stop("incomplete_observation")
	StopVerificationFailed    = Stop("verification_failed")
	// StopUnverified is DONE without a claim to verify: DONE alone is never a pass.
	StopUnverified = Stop("unverified")

	StopActionUncertain = Stop("action_uncertain") // dispatched, then failed: never replayed
	StopActionFailed    = Stop("action_failed")    // refused before any input reached the page
	StopPageError       = Stop("page_error")       // the page could not be observed

	StopRequestTooLarge   = Stop("request_too_large")
	StopProviderAuth      = Stop("provider_auth")       // 401/403
	StopProviderCredits   = Stop("provider_credits")    // 402
	StopProviderRateLimit = Stop("provider_rate_limit") // 429
	StopProviderError     = Stop("provider_error")      // 5xx, other status, transport, configuration
	StopProviderMalformed = Stop("provider_malformed")  // a body or answer that breaks the wire format
)

// Result is one goal run, redacted: no bound value appears in it.
type Result struct {
	Goal   string `json:"goal"`
	Verify string `json:"verify"`
	// OK is true only for StopPassed.
	OK     bool   `json:"ok"`
	Stop   Stop   `json:"stop"`
	Reason string `json:"reason"`
	// Actions are the dispatched actions, the uncertain last one included.
	Actions  []ActionRecord `json:"actions"`
	Requests int            `json:"requests"`
	Seconds  float64        `json:"seconds"`
	// Verdict is nil when verification was not reached.
	Verdict *Verdict `json:"verdict,omitempty"`
	// Generated lists the values Faker made, by binding ID and generator.
	Generated []Generated `json:"generated,omitempty"`
	Seed      uint64      `json:"seed"`
	// Usage sums the provider's reports; Known is false when any request
	// (a timed-out one, say) reported none, so the cost is not zero but unknown.
	Usage judge.Usage `json:"usage"`
	// RecordError is the first failure to write the record, if any.
	RecordError string `json:"record_error,omitempty"`
}

// ActionRecord is one dispatched action.
type ActionRecord struct {
	Step int        `json:"step"`
	Kind ActionKind `json:"kind"`
	// Description names the target and, for a type, the binding:
	// `type {{email}} into textbox "Email" on /signup`.
	Description string `json:"description"`
	Binding     string `json:"binding,omitempty"`
	Generator   string `json:"generator,omitempty"` // for a generated value
	Used        string `json:"used"`
	Proof       string `json:"proof"`
	// Uncertain marks the action whose dispatch failed midway.
	Uncertain bool `json:"uncertain,omitempty"`
}

// Code is the failure code (one of envelope.Codes) a goal that stopped so
// fails with: the fixed list every command's failures share. The stop
// itself, finer, travels beside it; a failed verification is, as verify's
// failed verdict, a failure with no code.
func (s Stop) Code() envelope.Code {
	switch s {
	case StopPassed, StopVerificationFailed:
		return ""
	case StopRequestLimit, StopActionLimit:
		return envelope.CodeBudget
	case StopTimeout, StopCanceled, StopStaleObservation:
		return envelope.CodeTimeout
	case StopValueMismatch:
		return envelope.CodeValueMismatch
	case StopActionFailed, StopActionUncertain:
		return envelope.CodeNotActionable
	case StopPageError:
		return envelope.CodeBrowserGone
	case StopValueBlocked, StopUnverified, StopIncompleteObservation:
		// The caller can mend it: a value to supply (--data), a claim to
		// verify (--verify), a page part to name.
		return envelope.CodeUsage
	}
	// The model abstained, was blocked, got nowhere, or its provider failed.
	return envelope.CodeModel
}
