package judge_test

import (
	"context"
	"fmt"

	"github.com/prima-dev/prima/prima/judge"
)

// The local provider approves a near-literal match and refuses the rest.
func ExampleJudge_Decide() {
	j := &judge.Judge{Provider: judge.Local{}, Direct: true}
	controls := []string{`link "Team settings" [e12]`, `button "Workflows" [e5]`, `button "New agent" [e6]`}

	d := j.Decide(context.Background(), "Which listed control leads to Team settings?", controls, nil)
	fmt.Printf("%v %s %.2f\n", d.Approved, d.Value, d.Probability)

	d = j.Decide(context.Background(), "Which listed control leads to Billing reports?", controls, nil)
	fmt.Printf("%v %s\n", d.Approved, d.Reason)
	// Output:
	// true link "Team settings" [e12] 0.90
	// false UNDECIDED (0.91)
}
