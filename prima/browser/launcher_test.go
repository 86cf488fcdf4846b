package browser

import (
	"context"
	"testing"
	"time"
)

// Connecting takes the command's time left (30 s with no deadline), never
// less than 100 ms: a user's --timeout reaches the connect.
func TestAttachTimeout(t *testing.T) {
	if d := AttachTimeout(context.Background()); d != 30*time.Second {
		t.Errorf("no deadline: %v, want 30s", d)
	}
	long, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if d := AttachTimeout(long); d > 2*time.Minute || d < 119*time.Second {
		t.Errorf("a 2 min deadline: %v, want the time left", d)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if d := AttachTimeout(short); d > 5*time.Second || d < 4*time.Second {
		t.Errorf("a 5 s deadline: %v, want the time left", d)
	}
	done, cancel3 := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel3()
	time.Sleep(2 * time.Millisecond)
	if d := AttachTimeout(done); d != 100*time.Millisecond {
		t.Errorf("a spent deadline: %v, want 100ms", d)
	}
}

func TestHostFamily(t *testing.T) {
	for host, want := range map[string]string{
		"app.shop.test":     "shop.test",
		"api.shop.test":     "shop.test",
		"www.example.co.uk": "example.co.uk",
		"api.example.co.uk": "example.co.uk",
		"example.com":       "example.com",
		"API.Example.COM.":  "example.com",
		"127.0.0.1":         "127.0.0.1",
		"::1":               "::1",
		"localhost":         "localhost",
		"foo.github.io":     "foo.github.io",
		"bar.github.io":     "bar.github.io",
	} {
		if got := HostFamily(host); got != want {
			t.Errorf("HostFamily(%q) = %q, want %q", host, got, want)
		}
	}
}
