package goal

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/prima-dev/prima/internal/golden"
)

// TestGoalFiles validates every file under testdata/files; the messages the
// CLI prints (exit 2) are pinned in a golden file.
func TestGoalFiles(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "files", "*.goal.yaml"))
	sort.Strings(paths)
	if len(paths) < 10 {
		t.Fatalf("found %d goal files", len(paths))
	}
	var text strings.Builder
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(src)
		if err == nil {
			err = f.Validate()
		}
		msg := "valid"
		if err != nil {
			msg = err.Error()
		}
		fmt.Fprintf(&text, "%s\n\t%s\n", filepath.Base(p), strings.ReplaceAll(msg, "\n", "\n\t"))
	}
	golden.CheckString(t, filepath.Join("testdata", "golden", "files.txt"), text.String())
}

func TestGoalFileResolvesTheEnvironment(t *testing.T) {
	src, _ := os.ReadFile(filepath.Join("testdata", "files", "checkout.goal.yaml"))
	f, err := ParseFile(src)
	if err != nil || f.Validate() != nil {
		t.Fatalf("parse %v", err)
	}
	if _, err := f.Resolve(func(string) string { return "" }); err == nil || err.Error() != "data.password: $SHOP_PASSWORD is not set" {
		t.Errorf("unset variable: %v", err)
	}
	data, err := f.Resolve(func(k string) string { return map[string]string{"SHOP_PASSWORD": "hunter22"}[k] })
	want := map[string]string{"username": "standard_user", "password": "hunter22", "postcode": "94016"}
	if err != nil || !reflect.DeepEqual(data, want) {
		t.Errorf("data %v %v", data, err)
	}
	s := Spec{Goal: f.Goal, Verify: f.Verify, Data: data}
	if err := s.Check(); err != nil {
		t.Errorf("a resolved file's spec: %v", err)
	}
	f = &File{Goal: "g", Verify: "v", Data: map[string]string{"price": "$$12"}}
	if data, err := f.Resolve(os.Getenv); err != nil || data["price"] != "$12" {
		t.Errorf("$$ escape: %v %v", data, err)
	}
	f.Data["short"] = "$TINY"
	if _, err := f.Resolve(func(string) string { return "ab" }); err == nil {
		t.Error("a 2-character value from the environment was accepted")
	}
}

// FuzzParseFile: the parser never panics, and a file it accepts and
// validates has a goal and claim and declares every binding it uses.
func FuzzParseFile(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "files", "*.goal.yaml"))
	for _, p := range paths {
		b, _ := os.ReadFile(p)
		f.Add(b)
	}
	f.Add([]byte("goal: {{a}}\nverify: x\ndata: {a: \"$B\"}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := ParseFile(src)
		if err != nil {
			return
		}
		if file.Validate() != nil {
			return
		}
		if strings.TrimSpace(file.Goal) == "" || strings.TrimSpace(file.Verify) == "" {
			t.Fatalf("valid file with a blank goal or claim: %q", src)
		}
		for _, text := range []string{file.Goal, file.Verify} {
			for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
				if _, ok := file.Data[m[1]]; !ok {
					t.Fatalf("valid file uses undeclared {{%s}}: %q", m[1], src)
				}
			}
		}
	})
}
