package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/mxschmitt/playwright-go"
)

// descriptor is the part of a playwright-cli browser-server descriptor
// ($XDG_CACHE_HOME/ms-playwright/b/*) the floor needs.
type descriptor struct {
	Title    string `json:"title"`
	Endpoint string `json:"endpoint"`
}

// sessionEndpoint returns the endpoint of this run's live playwright-cli
// session (title "default", else the only live one).
func sessionEndpoint(cache string) (string, error) {
	files, _ := filepath.Glob(filepath.Join(cache, "ms-playwright", "b", "*"))
	var live []descriptor
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var d descriptor
		if json.Unmarshal(data, &d) != nil || d.Endpoint == "" {
			continue
		}
		if c, err := net.DialTimeout("unix", d.Endpoint, time.Second); err == nil {
			c.Close()
			live = append(live, d)
		}
	}
	for _, d := range live {
		if d.Title == "default" {
			return d.Endpoint, nil
		}
	}
	if len(live) == 1 {
		return live[0].Endpoint, nil
	}
	return "", fmt.Errorf("no single live playwright-cli session in %s (%d descriptor files, %d live)", cache, len(files), len(live))
}

// startDriver runs the Playwright driver offline from the project's .driver.
func (h *harness) startDriver() error {
	if h.pw != nil {
		return nil
	}
	if os.Getenv("PLAYWRIGHT_NODEJS_PATH") == "" {
		node, err := exec.LookPath("node")
		if err != nil {
			return errors.New("node is not on PATH")
		}
		os.Setenv("PLAYWRIGHT_NODEJS_PATH", node)
	}
	os.Setenv(markerVar, h.tmp) // the driver inherits it, so cleanup can find it
	pw, err := playwright.Run(&playwright.RunOptions{
		DriverDirectory:     h.cfg.driver,
		SkipInstallBrowsers: true,
		Stdout:              io.Discard,
		Stderr:              h.log,
	})
	if err != nil {
		return fmt.Errorf("start the Playwright driver in %s: %w", h.cfg.driver, err)
	}
	h.pw = pw
	return nil
}

var aiSnapshot = playwright.LocatorAriaSnapshotOptions{
	Mode:    playwright.AriaSnapshotModeAi,
	Timeout: playwright.Float(30000),
}

// floorSize measures, in process and on the same session's page, an
// aria-ref click plus a full-page AI snapshot (the least any tool that
// proves a click must do), one untimed warm-up then cfg.runs timed runs.
// The ref comes from an untimed AI snapshot before each run; the button
// alternates between rows 1 and 2 so that every click changes the page.
func (h *harness) floorSize(ctx context.Context, size int) error {
	if err := h.startDriver(); err != nil {
		return err
	}
	ep, err := sessionEndpoint(h.cache)
	if err != nil {
		return err
	}
	b, err := h.pw.Chromium.Connect(ep, playwright.BrowserTypeConnectOptions{Timeout: playwright.Float(10000)})
	if err != nil {
		return fmt.Errorf("connect to %s: %w", ep, err)
	}
	defer b.Close() // a connected browser: this only disconnects
	var page playwright.Page
	for _, c := range b.Contexts() {
		for _, p := range c.Pages() {
			if !p.IsClosed() {
				page = p
			}
		}
	}
	if page == nil {
		return fmt.Errorf("the session at %s has no open page", ep)
	}
	for run := 0; run <= h.cfg.runs; run++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		before, err := page.Locator("body").AriaSnapshot(aiSnapshot)
		if err != nil {
			return fmt.Errorf("AI snapshot: %w", err)
		}
		ref, err := findRef(before, "button", fmt.Sprintf("Edit row %d", 1+run%2))
		if err != nil {
			return err
		}
		t0 := time.Now()
		if err := page.Locator("aria-ref=" + ref).Click(playwright.LocatorClickOptions{Timeout: playwright.Float(10000)}); err != nil {
			return fmt.Errorf("click aria-ref=%s: %w", ref, err)
		}
		after, err := page.Locator("body").AriaSnapshot(aiSnapshot)
		wall := time.Since(t0)
		if err != nil {
			return fmt.Errorf("AI snapshot after the click: %w", err)
		}
		if run > 0 {
			h.record(Sample{Size: size, Op: opClick, Tool: toolFloor, Run: run, WallMS: ms(wall), Bytes: len(after)})
		}
	}
	return nil
}
