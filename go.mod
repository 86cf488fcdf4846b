module github.com/prima-dev/prima

go 1.26.8

require (
	github.com/fsnotify/fsnotify v1.10.1
	github.com/mxschmitt/playwright-go v0.6401.0
	github.com/openai/openai-go/v3 v3.98.0
	github.com/sergi/go-diff v1.4.0
	github.com/urfave/cli/v3 v3.14.0
	golang.org/x/sys v0.50.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/deckarep/golang-set/v2 v2.8.0 // indirect
	github.com/go-stack/stack v1.8.1 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
)
