module github.com/prima-dev/prima

go 1.26.8

require github.com/sergi/go-diff v1.4.0

require github.com/stretchr/testify v1.12.1 // indirect
