package procsweep

import "testing"

// A marker matches an environment entry exactly, never a prefix of one.
func TestHasEnvEntry(t *testing.T) {
	env := []byte("A=1\x00PRIMA_BENCH_RUN=/tmp/prima-bench-1\x00B=2\x00")
	if !HasEnvEntry(env, "PRIMA_BENCH_RUN=/tmp/prima-bench-1") {
		t.Error("exact entry not found")
	}
	if HasEnvEntry(env, "PRIMA_BENCH_RUN=/tmp/prima-bench-") || HasEnvEntry(env, "PRIMA_BENCH_RUN=/tmp/prima-bench-12") {
		t.Error("a prefix or a longer value matched")
	}
}
