module github.com/prima-dev/prima

go 1.26.8

require (
	github.com/fsnotify/fsnotify v1.10.1
	github.com/mxschmitt/playwright-go v0.6401.0
	github.com/sergi/go-diff v1.4.0
	github.com/urfave/cli/v3 v3.14.0
	golang.org/x/sys v0.50.0
)

require (
	github.com/deckarep/golang-set/v2 v2.8.0 // indirect
	github.com/go-stack/stack v1.8.1 // indirect
)
