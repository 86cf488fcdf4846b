package main

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadSamplesMedians(t *testing.T) {
	const hdr = "size,op,tool,run,wall_ms,bytes\n"
	tests := []struct {
		name    string
		csv     string
		want    map[medianKey]medianCell
		wantErr string
	}{
		{
			name: "odd and even counts, ops and tools kept apart",
			csv: hdr +
				"100,click,prima,1,90.0,300\n" +
				"100,click,prima,2,70.0,310\n" +
				"100,click,prima,3,80.5,320\n" +
				"100,click,playwright-cli,1,2000.0,13000\n" +
				"100,click,playwright-cli,2,1000.0,14000\n" +
				"100,snapshot,prima,1,40.0,3272\n" +
				"2000,click,floor,1,600.0,267000\n",
			want: map[medianKey]medianCell{
				{100, "click", "prima"}:          {WallMS: 80.5, Bytes: 310, N: 3},
				{100, "click", "playwright-cli"}: {WallMS: 1500, Bytes: 13500, N: 2},
				{100, "snapshot", "prima"}:       {WallMS: 40, Bytes: 3272, N: 1},
				{2000, "click", "floor"}:         {WallMS: 600, Bytes: 267000, N: 1},
			},
		},
		{name: "header only", csv: hdr, want: map[medianKey]medianCell{}},
		{name: "round trip of renderCSV", csv: string(renderCSV([]Sample{
			{Size: 10, Op: "fill", Tool: "prima", Run: 1, WallMS: 12.34, Bytes: 5},
		})), want: map[medianKey]medianCell{{10, "fill", "prima"}: {WallMS: 12.3, Bytes: 5, N: 1}}},
		{name: "empty file", csv: "", wantErr: "want header"},
		{name: "wrong header", csv: "size,op,tool,run,ms,bytes\n", wantErr: "want header"},
		{name: "short row", csv: hdr + "100,click,prima,1,90.0\n", wantErr: "wrong number of fields"},
		{name: "bad size", csv: hdr + "n,click,prima,1,90.0,300\n", wantErr: "line 2: size"},
		{name: "bad wall", csv: hdr + "100,click,prima,1,fast,300\n", wantErr: "line 2: wall_ms"},
		{name: "bad bytes", csv: hdr + "100,click,prima,1,90.0,3.5\n", wantErr: "line 2: bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			samples, err := readSamples(strings.NewReader(tt.csv))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := medians(samples); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("medians = %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestSeries(t *testing.T) {
	m := map[medianKey]medianCell{
		{2000, "click", "zeta"}:                  {WallMS: 5},
		{2000, "click", toolPrima}:               {WallMS: 600},
		{100, "click", toolPrima}:                {WallMS: 90},
		{100, "click", toolFloor}:                {WallMS: 58},
		{100, "click", toolCLIAction}:            {WallMS: 1500},
		{100, "click", toolCLI}:                  {WallMS: math.NaN()},
		{100, "snapshot", toolPrima}:             {WallMS: 40},
		{2000, "click", "playwright-cli-action"}: {WallMS: 2300},
	}
	got := series(m, "click", func(c medianCell) float64 { return c.WallMS })
	want := []chartSeries{
		{toolPrima, []chartPoint{{100, 90}, {2000, 600}}},
		{toolCLIAction, []chartPoint{{100, 1500}, {2000, 2300}}},
		{toolFloor, []chartPoint{{100, 58}}},
		{"zeta", []chartPoint{{2000, 5}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("series = %v\nwant %v", got, want)
	}
}

func TestSpreadLabels(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		ys   []float64
		want []float64
	}{
		{"far apart stay", []float64{0.1, 0.5, 0.9}, []float64{0, 0, 0}},
		{"equal pair splits", []float64{0.5, 0.5}, []float64{-6, 6}},
		{"close pair, order kept", []float64{0.52, 0.5}, []float64{5, -5}},
		{"crowds merge", []float64{0.5, 0.5, 0.38}, []float64{-4, 8, -4}},
		{"exactly gap apart stay", []float64{0.5, 0.62}, []float64{0, 0}},
		{"missing ignored", []float64{nan, 0.5, 0.5}, []float64{0, -6, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := spreadLabels(tt.ys, 100, 12)
			for i := range got {
				if math.Abs(got[i]-tt.want[i]) > 1e-9 {
					t.Fatalf("spreadLabels(%v) = %v, want %v", tt.ys, got, tt.want)
				}
			}
		})
	}
}

func TestChartOnly(t *testing.T) {
	dir := t.TempDir()
	csv := "size,op,tool,run,wall_ms,bytes\n" +
		"100,click,prima,1,90.0,300\n100,click,playwright-cli,1,2000.0,13000\n" +
		"100,click,playwright-cli-action,1,1500.0,264\n100,click,floor,1,58.0,13000\n" +
		"2000,click,prima,1,600.0,310\n2000,click,playwright-cli,1,3300.0,267000\n" +
		"10000,click,prima,1,900.0,0\n"
	if err := os.WriteFile(filepath.Join(dir, "bench.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	paths, err := chartOnly(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 {
		t.Fatalf("paths = %v", paths)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
			t.Errorf("%s: not a PNG (err %v)", p, err)
		}
	}
	if _, err := renderCharts(dir, []Sample{{Size: 1, Op: "snapshot", Tool: "prima", Run: 1, WallMS: 1}}); err == nil {
		t.Error("renderCharts without click samples: want an error")
	}
}
