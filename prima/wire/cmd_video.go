package wire

// VideoRequest is `prima video start [FILE]` and `prima video stop`.
type VideoRequest struct {
	Target
	Op   string `json:"op"`
	File string `json:"file,omitempty"`
}

// Validate: the file is named when the recording starts, as with
// playwright-cli's video-start.
func (r VideoRequest) Validate() error {
	if r.Op == "stop" && r.File != "" {
		return usagef("stop takes no FILE: the file is start's (prima video start FILE)")
	}
	return nil
}

func init() {
	register(Command{
		Name: "video",
		Usage: "Record the selected tab as a video: `video start [FILE]`, then `video stop` writes it, an MJPEG AVI " +
			"that VLC, mpv and ffmpeg play",
		Detail: "The frames are the browser's screencast of the tab, 10 a second, each held until the page repaints; no " +
			"ffmpeg is needed. One recording at a time per browser, of the tab selected at start (a later `tab select` does " +
			"not move it). On an attached playwright-cli session or a remote server the frames come over the same " +
			"connection, so it records the same way, beside whatever the session records itself; a screencast the browser " +
			"refuses is a usage failure that quotes its reason.",
		Title: "Video",
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"start", "stop"}, Help: "start recording the selected tab, or stop and write the video."},
			{Key: "file", Kind: KindText, Word: true, Help: "start: where the video goes (.avi); a relative name is the caller's folder's (default: the artifacts folder)."},
		},
		New: func() Request { return &VideoRequest{} },
	})
}
