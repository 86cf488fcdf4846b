package judge

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// MaxPage caps the page text one question sends, as the decision-model
// design caps what its model is shown: a big page costs the user's model
// budget on every question, and most of it is not what the question asks.
const MaxPage = 12000

// Narrow keeps the n options the local scorer ranks closest to what the
// question asks for, in their given order: a page with more controls than
// one decision can list is narrowed by words before the judge is asked.
// The rest are named in the second value, a line for the trace.
func Narrow(question string, options []string, n int) ([]string, string) {
	if len(options) <= n {
		return options, ""
	}
	t := parseTarget(question)
	rank := make([]int, len(options))
	score := make([]float64, len(options))
	for i, o := range options {
		rank[i], score[i] = i, t.score(parseOption(o))
	}
	sort.SliceStable(rank, func(a, b int) bool { return score[rank[a]] > score[rank[b]] })
	keep := slices.Clone(rank[:n])
	slices.Sort(keep)
	out := make([]string, n)
	for i, k := range keep {
		out[i] = options[k]
	}
	return out, fmt.Sprintf("%d of %d options asked: those whose names share most words with the question", n, len(options))
}

// CapPage keeps what a question about a page needs within limit bytes: the
// first lines (its title and url), then the lines that name a word of the
// question, each with a line either side, the lines naming its rarer
// words first (a row's number before the word "row" every row holds), in
// page order. A cut says so in the text the judge reads, and in the second
// value, a line for the trace.
func CapPage(page, question string, limit int) (string, string) {
	if len(page) <= limit {
		return page, ""
	}
	lines := strings.Split(page, "\n")
	want := set(without(words(question), ignored, scaffolding)...)
	named := make([][]string, len(lines)) // the question's words each line names
	seen := map[string]int{}              // how many lines name each
	for i, l := range lines {
		for _, w := range words(l) {
			if want[w] && !slices.Contains(named[i], w) {
				named[i] = append(named[i], w)
				seen[w]++
			}
		}
	}
	score := func(i int) float64 {
		s := 0.0
		for _, w := range named[i] {
			s += 1 / float64(seen[w])
		}
		return s
	}
	var order []int
	for i := range lines {
		if len(named[i]) > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score(b), score(a)) })
	keep := make([]bool, len(lines))
	size := 0
	take := func(j int) bool {
		if keep[j] {
			return true
		}
		// A line costs itself and, at most, the cut note before it.
		cost := len(lines[j]) + 1 + len("… 1000000 lines cut\n")
		if size+cost > limit {
			return false
		}
		keep[j], size = true, size+cost
		return true
	}
	for i := 0; i < len(lines) && i < 2; i++ {
		take(i)
	}
	for _, i := range order {
		if !take(i) {
			break
		}
		for j := max(0, i-1); j <= min(len(lines)-1, i+1); j++ {
			take(j)
		}
	}
	var b strings.Builder
	kept, cut := 0, 0
	note := func(n int) {
		if n > 0 {
			fmt.Fprintf(&b, "… %d lines cut\n", n)
		}
	}
	for i, l := range lines {
		if !keep[i] {
			cut++
			continue
		}
		note(cut)
		cut = 0
		b.WriteString(l)
		b.WriteByte('\n')
		kept++
	}
	note(cut)
	why := fmt.Sprintf("the page is %d bytes, over the %d a question sends: %d of its %d lines kept (its title and url, and those naming the question's words with their neighbours, the rarer words first)", len(page), limit, kept, len(lines))
	return strings.TrimSuffix(b.String(), "\n"), why
}

// PageState is the state a question about a page sends: the page capped
// to MaxPage for the question, and what was cut from the page or from the
// options (notes) under "cut", which the judge's trace also records.
func PageState(page, question string, notes ...string) map[string]string {
	page, why := CapPage(page, question, MaxPage)
	state := map[string]string{"page": page}
	if why != "" {
		notes = append(notes, why)
	}
	if notes = slices.DeleteFunc(notes, func(n string) bool { return n == "" }); len(notes) > 0 {
		state["cut"] = strings.Join(notes, "; ")
	}
	return state
}
