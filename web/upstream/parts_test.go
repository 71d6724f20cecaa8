package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// TestOddPartsAreRefused: an image that is not image/*, audio that is
// not audio/*, a resource whose uri runs script, a link to script or to
// a data: uri are not passed on: the call's error is an
// *UnreadableResultError naming the part (its index and type); a
// well-formed image, audio and a file link pass.
func TestOddPartsAreRefused(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "odd", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	for part, typ := range map[string]string{"html-image": "image", "path-audio": "audio", "js-resource": "resource", "js-link": "resource_link", "data-link": "resource_link", "png": "", "wav": "", "file-link": ""} {
		args, _ := json.Marshal(map[string]string{"part": part})
		res, err := p.Call(context.Background(), sp, "odd", args)
		if typ == "" {
			if err != nil || len(res.Content) != 2 {
				t.Errorf("%s: %v, want it passed on", part, err)
			}
			continue
		}
		var ur *UnreadableResultError
		var pe *PartError
		if !errors.As(err, &ur) || !errors.As(err, &pe) || pe.Index != 1 || pe.Type != typ {
			t.Errorf("%s: %v %+v, want the part content[1] (%s) refused", part, err, pe, typ)
		}
	}
}
