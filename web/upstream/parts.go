package upstream

import (
	"fmt"
	"mime"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// PartError is a tool result holding a part the console does not pass
// on to a client: an image or audio part whose mimeType is not a
// well-formed media type of its kind (image/*, audio/*), a resource
// whose uri runs script (javascript:, vbscript:), or a resource link to
// one of those or to a data: URI. The server answered (the call ran);
// the result is not returned.
type PartError struct {
	// Index is the part's place in the result's content, from 0.
	Index int
	// Type is the part's type ("image", "audio", "resource", "resource_link").
	Type string
	// Reason says what is wrong with it.
	Reason string
}

func (e *PartError) Error() string {
	return fmt.Sprintf("content[%d] (%s): %s", e.Index, e.Type, e.Reason)
}

// checkParts is the first part of res the console refuses, or nil.
func checkParts(res *mcp.CallToolResult) error {
	if res == nil {
		return nil
	}
	for i, c := range res.Content {
		var typ, reason string
		switch p := c.(type) {
		case *mcp.ImageContent:
			typ, reason = "image", mediaOf("image", p.MIMEType)
		case *mcp.AudioContent:
			typ, reason = "audio", mediaOf("audio", p.MIMEType)
		case *mcp.EmbeddedResource:
			if p.Resource != nil {
				typ, reason = "resource", uriOf(p.Resource.URI, false)
			}
		case *mcp.ResourceLink:
			typ, reason = "resource_link", uriOf(p.URI, true)
		}
		if reason != "" {
			return &PartError{Index: i, Type: typ, Reason: reason}
		}
	}
	return nil
}

// mediaOf is why mimeType is not a well-formed media type of kind, or "".
func mediaOf(kind, mimeType string) string {
	mt, _, err := mime.ParseMediaType(mimeType)
	if err != nil || !strings.HasPrefix(mt, kind+"/") || len(mt) == len(kind)+1 {
		return fmt.Sprintf("its mimeType is not a media type %s/*", kind)
	}
	return ""
}

// uriOf is why uri is refused (a script; a data: URI as a link), or "".
func uriOf(uri string, link bool) string {
	scheme, _, ok := strings.Cut(strings.TrimSpace(uri), ":")
	if !ok {
		return ""
	}
	// browsers ignore tabs and newlines inside a scheme
	scheme = strings.ToLower(strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r < ' ' {
			return -1
		}
		return r
	}, scheme))
	switch {
	case scheme == "javascript" || scheme == "vbscript":
		return fmt.Sprintf("uri scheme %s: runs script", scheme)
	case link && scheme == "data":
		return "a link to a data: uri"
	}
	return ""
}
